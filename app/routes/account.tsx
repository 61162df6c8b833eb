import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PasswordField } from "~/components/accounts/password-input";
import { RefundList } from "~/components/payments/refund-list";
import { FormErrors, TextareaField, TextField } from "~/components/ui/field";
import { db } from "~/db/client.server";
import { accountPage } from "./account.query.server";
import { requireUserId, sessionKey } from "~/models/accounts/auth.server";
import { changePassword, checkCurrentPassword, choosePublicName, updateProfile } from "~/models/accounts/profile.server";
import { ChangePasswordSchema, ProfileSchema, PublicNameSchema } from "~/models/accounts/schemas";
import { PublicNameForm } from "~/components/accounts/public-name-form";
import { savePayoutDetails } from "~/models/payments/payout-details.server";
import { PayoutSchema } from "~/models/payments/payout-schema";
import { PayoutForm } from "~/components/payments/payout-form";
import { PAYOUT_MESSAGES } from "~/models/payments/payout-details";
import { PanForm } from "~/components/payments/pan-form";
import { PanSchema } from "~/models/payments/tax/pan-schema";
import { savePan } from "~/models/payments/tax/pan.server";
import { PAN_MESSAGES } from "~/models/payments/tax/tax-law";
import { ACCOUNT_MAX, ACCOUNT_MESSAGES, MESSAGES, pincodeUnknown } from "~/models/accounts/messages";
import { pincodePlace } from "~/models/store/checkout/pincodes.server";
import { readForm } from "~/utils/forms.server";
import { invariantResponse, redirectWithFlash } from "~/utils/http.server";
import { nowOf } from "~/utils/clock";
import { translatedPageMeta } from "~/utils/meta";
import { useT, msgText } from "~/utils/i18n";
import { i18nFor, localeOf, translateReply, translator } from "~/utils/i18n.server";
import { useSchemaForm } from "~/utils/use-schema-form";
import { ErrorPage } from "~/components/error-page";

export const meta = translatedPageMeta("account.metaTitle", "account.metaDescription");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = await requireUserId(request, context);
  const page = await accountPage(db, userId, nowOf(context));
  invariantResponse(page);
  // "auth": the password fields' own words.
  const { messages } = i18nFor(request, context, "account", "auth");
  return { ...page, messages };
}

// A password is never sent back into the form.
const PASSWORDS = ["currentPassword", "password", "confirmPassword"];

const FIELDS = ["intent", "publicFullName", "fullName", "phone", "address", "city", "pincode", "currentPassword", "password", "confirmPassword", "method", "upiId", "holder", "accountNumber", "confirmAccountNumber", "ifsc", "pan", "panName"];
// Account numbers (and the password) are not sent back into the form: a mistyped one is typed again.
const PAYOUT_SECRETS = ["accountNumber", "confirmAccountNumber", "currentPassword"];

export async function action({ request, context }: ActionFunctionArgs) {
  const userId = await requireUserId(request, context, "/account");
  const form = await readForm(request, FIELDS);
  // Replies carry message ids (the schemas write them); translateReply says them in the visitor's language.
  const locale = localeOf(request, context);
  if (form.get("intent") === "password") {
    const submission = parseWithZod(form, { schema: ChangePasswordSchema });
    if (submission.status !== "success") return data({ password: translateReply(submission.reply({ hideFields: PASSWORDS }), translator(locale)) }, { status: 400 });
    const outcome = await changePassword(db, { userId, currentSessionId: await sessionKey(request), ...submission.value, now: new Date() });
    if (outcome === "wrong") return data({ password: translateReply(submission.reply({ fieldErrors: { currentPassword: [msgText(ACCOUNT_MESSAGES.currentWrong)] }, hideFields: PASSWORDS }), translator(locale)) }, { status: 400 });
    if (outcome === "limited") return data({ password: translateReply(submission.reply({ formErrors: [msgText(MESSAGES.tooManyAttempts)], hideFields: PASSWORDS }), translator(locale)) }, { status: 429 });
    return redirectWithFlash("/account", { kind: "success", message: ACCOUNT_MESSAGES.passwordChanged });
  }
  if (form.get("intent") === "payout") {
    const submission = parseWithZod(form, { schema: PayoutSchema });
    if (submission.status !== "success") return data({ payout: translateReply(submission.reply({ hideFields: PAYOUT_SECRETS }), translator(locale)) }, { status: 400 });
    // Where money goes is the owner's alone: a session without the password cannot move it.
    const checked = await checkCurrentPassword(db, userId, submission.value.currentPassword, new Date());
    if (checked === "wrong") return data({ payout: translateReply(submission.reply({ fieldErrors: { currentPassword: [msgText(ACCOUNT_MESSAGES.currentWrong)] }, hideFields: PAYOUT_SECRETS }), translator(locale)) }, { status: 400 });
    if (checked === "limited") return data({ payout: translateReply(submission.reply({ formErrors: [msgText(MESSAGES.tooManyAttempts)], hideFields: PAYOUT_SECRETS }), translator(locale)) }, { status: 429 });
    await savePayoutDetails(db, userId, submission.value.details);
    return redirectWithFlash("/account", { kind: "success", message: PAYOUT_MESSAGES.saved });
  }
  if (form.get("intent") === "publicName") {
    const submission = parseWithZod(form, { schema: PublicNameSchema });
    if (submission.status !== "success") return data({ publicName: translateReply(submission.reply(), translator(locale)) }, { status: 400 });
    const outcome = await choosePublicName(db, userId, submission.value.showFullName, nowOf(context));
    invariantResponse(outcome !== "gone");
    if (outcome === "minor") return data({ publicName: translateReply(submission.reply({ fieldErrors: { publicFullName: [msgText(ACCOUNT_MESSAGES.publicNameMinor)] } }), translator(locale)) }, { status: 400 });
    return redirectWithFlash("/account", { kind: "success", message: ACCOUNT_MESSAGES.publicNameSaved });
  }
  if (form.get("intent") === "pan") {
    const submission = parseWithZod(form, { schema: PanSchema });
    const hide = ["currentPassword"];
    if (submission.status !== "success") return data({ pan: translateReply(submission.reply({ hideFields: hide }), translator(locale)) }, { status: 400 });
    // Whose tax our returns report is the owner's alone to say: the password, as for payout details.
    const checked = await checkCurrentPassword(db, userId, submission.value.currentPassword, new Date());
    if (checked === "wrong") return data({ pan: translateReply(submission.reply({ fieldErrors: { currentPassword: [msgText(ACCOUNT_MESSAGES.currentWrong)] }, hideFields: hide }), translator(locale)) }, { status: 400 });
    if (checked === "limited") return data({ pan: translateReply(submission.reply({ formErrors: [msgText(MESSAGES.tooManyAttempts)], hideFields: hide }), translator(locale)) }, { status: 429 });
    await savePan(db, userId, submission.value);
    return redirectWithFlash("/account", { kind: "success", message: PAN_MESSAGES.saved });
  }
  const submission = parseWithZod(form, { schema: ProfileSchema });
  if (submission.status !== "success") return data({ profile: translateReply(submission.reply(), translator(locale)) }, { status: 400 });
  // Where a courier picks up a seller's parcels must be a pincode India Post has (issue 49, point 2).
  const { pincode } = submission.value;
  if (pincode && !pincodePlace(pincode)) return data({ profile: translateReply(submission.reply({ fieldErrors: { pincode: [msgText(pincodeUnknown(pincode))] } }), translator(locale)) }, { status: 400 });
  await updateProfile(db, userId, submission.value);
  return redirectWithFlash("/account", { kind: "success", message: ACCOUNT_MESSAGES.profileSaved });
}

export default function Account() {
  const { profile, shown, refunds, payout, pan } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [profileForm, profileFields] = useSchemaForm<typeof ProfileSchema>(result && "profile" in result ? result.profile : undefined, {
    id: "profile",
    defaultValue: { fullName: profile.fullName, phone: profile.phone, address: profile.address, city: profile.city, pincode: profile.pincode },
  });
  const [passwordForm, passwordFields] = useSchemaForm<typeof ChangePasswordSchema>(result && "password" in result ? result.password : undefined, { id: "password" });
  const { t } = useT();
  return (
    <section className="container narrow section">
      <h1>{t("account.title")}</h1>
      <p className="muted">
        <span translate="no">{profile.email}</span> · {t("account.since", { year: profile.since })}
      </p>
      <h2>{t("account.details")}</h2>
      <Form method="post" className="form card" {...profileForm.props}>
        <input type="hidden" name="intent" value="profile" />
        <FormErrors id={profileForm.errorId} errors={profileForm.errors} />
        <TextField label={t("account.fullName")} field={profileFields.fullName} autoComplete="name" maxLength={ACCOUNT_MAX.fullName} hint={t("account.fullNameHint")} />
        <TextField label={t("account.phone")} field={profileFields.phone} type="tel" autoComplete="tel" inputMode="tel" maxLength={ACCOUNT_MAX.phone} hint={t("account.phoneHint")} />
        <TextField label={t("account.city")} field={profileFields.city} autoComplete="address-level2" maxLength={ACCOUNT_MAX.city} hint={t("account.cityHint")} />
        <TextareaField label={t("account.address")} field={profileFields.address} rows={3} maxLength={ACCOUNT_MAX.address} hint={t("account.addressHint")} />
        <TextField label={t("account.pincode")} field={profileFields.pincode} autoComplete="postal-code" inputMode="numeric" maxLength={ACCOUNT_MAX.pincode} hint={t("account.pincodeHint")} />
        <button type="submit" className="btn btn-primary" disabled={busy("profile")}>
          {busy("profile") ? t("account.saving") : t("account.save")}
        </button>
      </Form>
      <h2>{t("account.publicName.title")}</h2>
      <PublicNameForm shown={shown} lastResult={result && "publicName" in result ? result.publicName : undefined} busy={busy("publicName")} />
      <h2>{t("account.passwordTitle")}</h2>
      <Form method="post" className="form card" {...passwordForm.props}>
        <input type="hidden" name="intent" value="password" />
        <FormErrors id={passwordForm.errorId} errors={passwordForm.errors} />
        <PasswordField label={t("account.currentPassword")} field={passwordFields.currentPassword} autoComplete="current-password" />
        <PasswordField label={t("account.newPassword")} field={passwordFields.password} autoComplete="new-password" meter />
        <PasswordField label={t("account.confirmPassword")} field={passwordFields.confirmPassword} autoComplete="new-password" />
        <button type="submit" className="btn btn-primary" disabled={busy("password")}>
          {busy("password") ? t("account.changing") : t("account.change")}
        </button>
      </Form>
      <h2>{t("account.payouts")}</h2>
      <PayoutForm current={payout} lastResult={result && "payout" in result ? result.payout : undefined} busy={busy("payout")} />
      <h2>{t("account.pan.title")}</h2>
      <PanForm current={pan} lastResult={result && "pan" in result ? result.pan : undefined} busy={busy("pan")} />
      {refunds.length > 0 ? (
        <>
          <h2>{t("account.refunds")}</h2>
          <RefundList refunds={refunds} />
        </>
      ) : null}
      <p>
        <Link to="/account/data">{t("account.data.link")}</Link>
      </p>
    </section>
  );
}

// Its own boundary, so an action's error page keeps the root's words (components/error-page.tsx).
export const ErrorBoundary = ErrorPage;
