import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { PasswordField, PasswordRequirements } from "~/components/accounts/password-input";
import { NoScriptRedirect } from "~/components/no-script-redirect";
import { FormErrors } from "~/components/ui/field";
import { db } from "~/db/client.server";
import { resetFormFor, resetPassword } from "~/models/accounts/account.server";
import { BirthFields } from "~/components/accounts/birth-fields";
import { parentalConsentRequired } from "~/utils/env.server";
import { ResetPasswordSchema } from "~/models/accounts/schemas";
import { MESSAGES } from "~/models/accounts/messages";
import { clientIp } from "~/models/accounts/auth.server";
import { parseForm } from "~/utils/forms.server";
import { useIsPending } from "~/utils/use-is-pending";
import { translatedPageMeta } from "~/utils/meta";
import { i18nFor, localeOf, translateReply, translator } from "~/utils/i18n.server";
import { useT, msgText } from "~/utils/i18n";
import { useSchemaForm } from "~/utils/use-schema-form";
import { ErrorPage } from "~/components/error-page";
import { nowOf } from "~/utils/clock";

// docs/product/contests.md §9: after a reset, the user is sent to /login after 2 seconds.
const REDIRECT_SECONDS = 2;

export const meta = translatedPageMeta("auth.reset.metaTitle", "auth.reset.metaDescription");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const { messages } = i18nFor(request, context, "auth");
  const askParent = parentalConsentRequired();
  if (params.get("done") === "1") return { state: "done" as const, token: "", startOver: false, askParent, messages };
  const token = params.get("token") ?? "";
  const form = await resetFormFor(db, token, nowOf(context));
  return form ? { state: "form" as const, token, startOver: form.startOver, askParent, messages } : { state: "invalid" as const, token: "", startOver: false, askParent, messages };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const locale = localeOf(request, context);
  const submission = await parseForm(request, ResetPasswordSchema);
  if (submission.status !== "success") {
    return data(translateReply(submission.reply({ hideFields: ["password", "confirmPassword"] }), translator(locale)), { status: 400 });
  }
  const outcome = await resetPassword(db, {
    token: submission.value.token,
    password: submission.value.password,
    birthDate: submission.value.birthDate,
    parentEmail: submission.value.parentEmail,
    ip: clientIp(context),
    now: nowOf(context),
  });
  // An account started over asks the owner's own date of birth (and, under 18, a parent's e-mail): said in the form, input kept.
  if (outcome === "birth-date" || outcome === "parent-email") {
    const fieldErrors: Record<string, string[]> = outcome === "birth-date" ? { birthDate: [msgText(MESSAGES.birthDateRequired)] } : { parentEmail: [msgText(MESSAGES.parentEmailRequired)] };
    return data(translateReply(submission.reply({ fieldErrors, hideFields: ["password", "confirmPassword"] }), translator(locale)), { status: 400 });
  }
  if (outcome !== "ok") {
    const limited = outcome === "limited";
    return data(
      translateReply(submission.reply({ formErrors: [msgText(limited ? MESSAGES.tooManyAttempts : MESSAGES.resetInvalid)], hideFields: ["password", "confirmPassword"] }), translator(locale)),
      { status: limited ? 429 : 400 },
    );
  }
  throw redirect("/reset-password?done=1");
}

export default function ResetPasswordPage() {
  const { state, token, startOver, askParent } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <section className="container narrow auth-page">
      <h1>{t("auth.reset.title")}</h1>
      {state === "done" ? <Done /> : state === "invalid" ? <Invalid /> : <ResetForm token={token} startOver={startOver} askParent={askParent} />}
    </section>
  );
}

function Done() {
  const navigate = useNavigate();
  useEffect(() => {
    const id = setTimeout(() => navigate("/login"), REDIRECT_SECONDS * 1000);
    return () => clearTimeout(id);
  }, [navigate]);
  const { t } = useT();
  return (
    <>
      <NoScriptRedirect to="/login" seconds={REDIRECT_SECONDS} />
      <p className="alert alert-success" role="status">
        {t("auth.reset.updated")}
      </p>
    </>
  );
}

function Invalid() {
  const { t } = useT();
  return (
    <div className="card">
      <p className="alert alert-error" role="alert">
        {t("auth.error.resetInvalid")}
      </p>
      <div className="actions">
        <Link to="/forgot-password" className="btn btn-primary">
          {t("auth.reset.again")}
        </Link>
      </div>
    </div>
  );
}

function ResetForm({ token, startOver, askParent }: { token: string; startOver: boolean; askParent: boolean }) {
  const lastResult = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useSchemaForm<typeof ResetPasswordSchema>(lastResult);
  const { t } = useT();
  return (
    <Form method="post" className="form card" {...form.props}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="token" value={token} />
      {startOver ? (
        <>
          <p>{t("auth.reset.startOver")}</p>
          <BirthFields birthDate={fields.birthDate} parentEmail={fields.parentEmail} askParent={askParent} />
        </>
      ) : null}
      <PasswordField label={t("auth.reset.new")} field={fields.password} autoComplete="new-password" meter />
      <PasswordField label={t("auth.reset.confirm")} field={fields.confirmPassword} autoComplete="new-password" />
      <PasswordRequirements />
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? t("auth.reset.updating") : t("auth.reset.update")}
      </button>
    </Form>
  );
}

// Its own boundary, so an action's error page keeps the root's words (components/error-page.tsx).
export const ErrorBoundary = ErrorPage;
