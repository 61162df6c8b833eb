import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PasswordField } from "~/components/accounts/password-input";
import { RefundList } from "~/components/payments/refund-list";
import { FormErrors, TextareaField, TextField } from "~/components/ui/field";
import { db } from "~/db/client.server";
import { requireUserId, sessionKey } from "~/models/accounts/auth.server";
import { changePassword, getProfile, updateProfile } from "~/models/accounts/profile.server";
import { ChangePasswordSchema, ProfileSchema } from "~/models/accounts/schemas";
import { myRefunds } from "~/models/payments/refunds.server";
import { maskedPayoutDetails, savePayoutDetails } from "~/models/payments/payout-details.server";
import { PayoutSchema } from "~/models/payments/payout-schema";
import { PayoutForm } from "~/components/payments/payout-form";
import { PAYOUT_MESSAGES } from "~/models/payments/payout-details";
import { ACCOUNT_MAX, ACCOUNT_MESSAGES, MESSAGES } from "~/models/accounts/messages";
import { readForm } from "~/utils/forms.server";
import { invariantResponse, redirectWithFlash } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { i18nFor } from "~/utils/i18n.server";
import { useSchemaForm } from "~/utils/use-schema-form";

export const meta: MetaFunction = () => pageMeta("My Account", "Your name, phone, address, password and refunds on StudyArena.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = await requireUserId(request, context);
  const [profile, refunds, payout] = await Promise.all([getProfile(db, userId), myRefunds(db, userId), maskedPayoutDetails(db, userId)]);
  invariantResponse(profile);
  // The password fields' words (the rest of the page is not in Hindi yet).
  const { messages } = i18nFor(request, context, "auth");
  return { profile: { email: profile.email, fullName: profile.full_name ?? "", phone: profile.phone ?? "", address: profile.address ?? "", since: profile.created_at.getFullYear() }, refunds, payout, messages };
}

// A password is never sent back into the form.
const PASSWORDS = ["currentPassword", "password", "confirmPassword"];

const FIELDS = ["intent", "fullName", "phone", "address", "currentPassword", "password", "confirmPassword", "method", "upiId", "holder", "accountNumber", "confirmAccountNumber", "ifsc"];
// Account numbers are not sent back into the form: a mistyped one is typed again.
const ACCOUNT_NUMBERS = ["accountNumber", "confirmAccountNumber"];

export async function action({ request, context }: ActionFunctionArgs) {
  const userId = await requireUserId(request, context, "/account");
  const form = await readForm(request, FIELDS);
  if (form.get("intent") === "password") {
    const submission = parseWithZod(form, { schema: ChangePasswordSchema });
    if (submission.status !== "success") return data({ password: submission.reply({ hideFields: PASSWORDS }) }, { status: 400 });
    const outcome = await changePassword(db, { userId, currentSessionId: await sessionKey(request), ...submission.value, now: new Date() });
    if (outcome === "wrong") return data({ password: submission.reply({ fieldErrors: { currentPassword: [ACCOUNT_MESSAGES.currentWrong] }, hideFields: PASSWORDS }) }, { status: 400 });
    if (outcome === "limited") return data({ password: submission.reply({ formErrors: [MESSAGES.tooManyAttempts], hideFields: PASSWORDS }) }, { status: 429 });
    return redirectWithFlash("/account", { kind: "success", message: ACCOUNT_MESSAGES.passwordChanged });
  }
  if (form.get("intent") === "payout") {
    const submission = parseWithZod(form, { schema: PayoutSchema });
    if (submission.status !== "success") return data({ payout: submission.reply({ hideFields: ACCOUNT_NUMBERS }) }, { status: 400 });
    await savePayoutDetails(db, userId, submission.value);
    return redirectWithFlash("/account", { kind: "success", message: PAYOUT_MESSAGES.saved });
  }
  const submission = parseWithZod(form, { schema: ProfileSchema });
  if (submission.status !== "success") return data({ profile: submission.reply() }, { status: 400 });
  await updateProfile(db, userId, submission.value);
  return redirectWithFlash("/account", { kind: "success", message: ACCOUNT_MESSAGES.profileSaved });
}

export default function Account() {
  const { profile, refunds, payout } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [profileForm, profileFields] = useSchemaForm<typeof ProfileSchema>(result && "profile" in result ? result.profile : undefined, {
    id: "profile",
    defaultValue: { fullName: profile.fullName, phone: profile.phone, address: profile.address },
  });
  const [passwordForm, passwordFields] = useSchemaForm<typeof ChangePasswordSchema>(result && "password" in result ? result.password : undefined, { id: "password" });
  return (
    <section className="container narrow section">
      <h1>My Account</h1>
      <p className="muted">
        {profile.email} · member since {profile.since}
      </p>
      <h2>Your details</h2>
      <Form method="post" className="form card" {...profileForm.props}>
        <input type="hidden" name="intent" value="profile" />
        <FormErrors id={profileForm.errorId} errors={profileForm.errors} />
        <TextField label="Full name" field={profileFields.fullName} autoComplete="name" maxLength={ACCOUNT_MAX.fullName} hint="Shown on leaderboards and to buyers of your listings" />
        <TextField label="Phone" field={profileFields.phone} type="tel" autoComplete="tel" inputMode="tel" maxLength={ACCOUNT_MAX.phone} hint="Optional: shown to signed-in buyers of your listings" />
        <TextareaField label="Address" field={profileFields.address} rows={3} maxLength={ACCOUNT_MAX.address} />
        <button type="submit" className="btn btn-primary" disabled={busy("profile")}>
          {busy("profile") ? "Saving..." : "Save Details"}
        </button>
      </Form>
      <h2>Change password</h2>
      <Form method="post" className="form card" {...passwordForm.props}>
        <input type="hidden" name="intent" value="password" />
        <FormErrors id={passwordForm.errorId} errors={passwordForm.errors} />
        <PasswordField label="Current password" field={passwordFields.currentPassword} autoComplete="current-password" />
        <PasswordField label="New password" field={passwordFields.password} autoComplete="new-password" meter />
        <PasswordField label="Confirm new password" field={passwordFields.confirmPassword} autoComplete="new-password" />
        <button type="submit" className="btn btn-primary" disabled={busy("password")}>
          {busy("password") ? "Changing..." : "Change Password"}
        </button>
      </Form>
      <h2>Prize payouts</h2>
      <PayoutForm current={payout} lastResult={result && "payout" in result ? result.payout : undefined} busy={busy("payout")} />
      {refunds.length > 0 ? (
        <>
          <h2>Refunds</h2>
          <RefundList refunds={refunds} />
        </>
      ) : null}
    </section>
  );
}
