import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { PasswordField, PasswordRequirements } from "~/components/accounts/password-input";
import { NoScriptRedirect } from "~/components/no-script-redirect";
import { FormErrors, TextField } from "~/components/ui/field";
import { db } from "~/db/client.server";
import { kickOutbox } from "~/services/email.server";
import { signup } from "~/models/accounts/account.server";
import { SignupSchema } from "~/models/accounts/schemas";
import { ACCOUNT_MAX, MESSAGES } from "~/models/accounts/messages";
import { richText, useT, msgText } from "~/utils/i18n";
import { currentVersions } from "~/models/accounts/agreements/policy-versions";
import { i18nFor, localeOf, messagesUnder, translateReply, translator } from "~/utils/i18n.server";
import { translatedPageMeta } from "~/utils/meta";
import { clientIp, createUserSession, getUser } from "~/models/accounts/auth.server";
import { parseForm } from "~/utils/forms.server";
import { safeRedirect } from "~/utils/urls";
import { useIsPending } from "~/utils/use-is-pending";
import { useSchemaForm } from "~/utils/use-schema-form";
import { ErrorPage } from "~/components/error-page";
import { BirthFields } from "~/components/accounts/birth-fields";
import { parentalConsentRequired } from "~/utils/env.server";

// docs/product/contests.md §9: after signing up, the user is sent to / after 10 seconds.
const REDIRECT_SECONDS = 10;

export const meta = translatedPageMeta("auth.signup.metaTitle", "auth.signup.metaDescription");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = await getUser(request, context);
  const { locale } = i18nFor(request, context);
  // The form names the versions of the terms and privacy policy that sign-up records (issue 67, point 7).
  const messages = { ...i18nFor(request, context, "auth").messages, ...messagesUnder(locale, "account.policies.") };
  if (url.searchParams.get("created") === "1" && user) {
    return { screen: "created" as const, name: user.full_name ?? "", messages, askParent: false, parent: "" };
  }
  if (user) throw redirect("/dashboard");
  // An account under 18 waits for its parent (models/accounts/parents/parental-consent.server.ts): no session yet.
  const waiting = url.searchParams.get("waiting");
  if (waiting) return { screen: "waiting" as const, name: "", messages, askParent: true, parent: waiting.slice(0, 120) };
  // A link went to the address (models/accounts/address-proof.server.ts): nothing signs in until it is opened.
  const proving = url.searchParams.get("proving");
  if (proving) return { screen: "proving" as const, name: "", messages, askParent: true, parent: proving.slice(0, 120) };
  return { screen: "form" as const, name: "", messages, askParent: parentalConsentRequired(), parent: "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseForm(request, SignupSchema);
  const locale = localeOf(request, context);
  if (submission.status !== "success") {
    return data(translateReply(submission.reply({ hideFields: ["password"] }), translator(locale)), { status: 400 });
  }
  const { redirectTo, ...account } = submission.value;
  const result = await signup(db, { ...account, ip: clientIp(context), now: new Date(), locale });
  if (!result.ok && result.reason === "parent-email") {
    return data(translateReply(submission.reply({ fieldErrors: { parentEmail: [msgText(MESSAGES.parentEmailRequired)] }, hideFields: ["password"] }), translator(locale)), { status: 400 });
  }
  if (!result.ok) {
    return data(
      translateReply(
        result.reason === "taken"
          ? submission.reply({ fieldErrors: { email: [msgText(MESSAGES.emailTaken)] }, hideFields: ["password"] })
          : submission.reply({ formErrors: [msgText(MESSAGES.tooManyAttempts)], hideFields: ["password"] }),
        translator(locale),
      ),
      { status: result.reason === "taken" ? 400 : 429 },
    );
  }
  if (result.proving) {
    // The link to prove the address goes now, not at the outbox's next round.
    kickOutbox();
    throw redirect(`/signup?${new URLSearchParams({ proving: result.proving })}`);
  }
  // A journey that asked for an account (e.g. a contest's pay page) continues there.
  return createUserSession(request, result.userId, safeRedirect(redirectTo, "/signup?created=1"));
}

export default function SignupPage() {
  const { screen, name, parent, askParent } = useLoaderData<typeof loader>();
  const { t } = useT();
  if (screen === "created") return <AccountCreated name={name} />;
  if (screen === "waiting") return <StatusCard title={t("auth.waiting.title")} lines={[t("auth.waiting.sent", { parent }), t("auth.waiting.until")]} aside={t("auth.waiting.lapse")} />;
  // The loader's `parent` is the address the link went to: the child's own, here.
  if (screen === "proving") return <StatusCard title={t("auth.proving.title")} lines={[t("auth.proving.sent", { email: parent }), t("auth.proving.next")]} />;
  return <SignupForm askParent={askParent} />;
}

/** A sign-up that waits for a mailed link: the child's own address first, then the parent's consent. */
function StatusCard({ title, lines, aside }: { title: string; lines: string[]; aside?: string }) {
  const { t } = useT();
  return (
    <section className="container narrow auth-page">
      <div className="card" role="status">
        <h1>{title}</h1>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {aside ? <p className="muted">{aside}</p> : null}
        <div className="actions">
          <Link to="/contests" className="btn btn-primary">
            {t("auth.waiting.browse")}
          </Link>
        </div>
      </div>
    </section>
  );
}

function AccountCreated({ name }: { name: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const id = setTimeout(() => navigate("/"), REDIRECT_SECONDS * 1000);
    return () => clearTimeout(id);
  }, [navigate]);
  const { t } = useT();
  return (
    <section className="container narrow auth-page">
      <NoScriptRedirect to="/" seconds={REDIRECT_SECONDS} />
      <div className="card" role="status">
        <h1>{t("auth.created.title")}</h1>
        <p>{t("auth.created.welcome", { name: name || "none" })}</p>
        <p className="muted">{t("auth.created.redirect", { seconds: REDIRECT_SECONDS })}</p>
        <div className="actions">
          <Link to="/contests" className="btn btn-primary">
            {t("auth.created.explore")}
          </Link>
        </div>
      </div>
    </section>
  );
}

function SignupForm({ askParent }: { askParent: boolean }) {
  const lastResult = useActionData<typeof action>();
  const pending = useIsPending();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo");
  const [form, fields] = useSchemaForm<typeof SignupSchema>(lastResult);
  const { t } = useT();
  return (
    <section className="container narrow auth-page">
      <h1>{t("auth.signup.title")}</h1>
      <p className="muted">{t("auth.signup.intro")}</p>
      <Form method="post" className="form card" {...form.props}>
        <FormErrors id={form.errorId} errors={form.errors} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <TextField label={t("auth.fullName")} field={fields.fullName} autoComplete="name" maxLength={ACCOUNT_MAX.fullName} />
        <TextField label={t("auth.email")} field={fields.email} type="email" autoComplete="email" inputMode="email" />
        <BirthFields birthDate={fields.birthDate} parentEmail={fields.parentEmail} askParent={askParent} />
        <PasswordField label={t("auth.password")} field={fields.password} autoComplete="new-password" meter />
        <PasswordRequirements />
        <p className="muted">{richText(t("account.policies.signupLine", currentVersions()), [(text) => <Link to="/terms">{text}</Link>, (text) => <Link to="/privacy">{text}</Link>])}</p>
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {pending ? t("auth.signup.pending") : t("auth.signup.submit")}
        </button>
        <p className="form-links">
          <span>
            {t("auth.signup.haveAccount")} <Link to="/login">{t("auth.signup.login")}</Link>
          </span>
        </p>
      </Form>
    </section>
  );
}

// Its own boundary, so an action's error page keeps the root's words (components/error-page.tsx).
export const ErrorBoundary = ErrorPage;
