import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { FormErrors, TextField } from "~/components/ui/field";
import { db } from "~/db/client.server";
import { admitResetRequest, mailResetLink } from "~/models/accounts/account.server";
import { ForgotPasswordSchema } from "~/models/accounts/schemas";
import { MESSAGES } from "~/models/accounts/messages";
import { clientIp } from "~/models/accounts/auth.server";
import { inBackground } from "~/services/background.server";
import { kickOutbox } from "~/services/email.server";
import { parseForm } from "~/utils/forms.server";
import { redirectWithFlash } from "~/utils/http.server";
import { useIsPending } from "~/utils/use-is-pending";
import { translatedPageMeta } from "~/utils/meta";
import { useT, msgText } from "~/utils/i18n";
import { i18nFor, localeOf, translateReply, translator } from "~/utils/i18n.server";
import { useSchemaForm } from "~/utils/use-schema-form";
import { ErrorPage } from "~/components/error-page";
import { nowOf } from "~/utils/clock";

export const meta = translatedPageMeta("auth.forgot.metaTitle", "auth.forgot.metaDescription");

export function loader({ request, context }: LoaderFunctionArgs) {
  return { messages: i18nFor(request, context, "auth").messages };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const locale = localeOf(request, context);
  const submission = await parseForm(request, ForgotPasswordSchema);
  if (submission.status !== "success") return data(translateReply(submission.reply(), translator(locale)), { status: 400 });
  const now = nowOf(context);
  if (!(await admitResetRequest(db, { ip: clientIp(context), now }))) {
    return data(translateReply(submission.reply({ formErrors: [msgText(MESSAGES.tooManyAttempts)] }), translator(locale)), { status: 429 });
  }
  // Answered before anything depends on the address, so an address with an account
  // cannot be told from one without by the time the answer takes.
  const { email } = submission.value;
  inBackground("reset mail", async () => {
    await mailResetLink(db, { email, now });
    kickOutbox();
  });
  return redirectWithFlash("/forgot-password", { kind: "success", message: MESSAGES.resetSent });
}

export default function ForgotPasswordPage() {
  const lastResult = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useSchemaForm<typeof ForgotPasswordSchema>(lastResult);
  const { t } = useT();
  return (
    <section className="container narrow auth-page">
      <h1>{t("auth.forgot.title")}</h1>
      <p className="muted">{t("auth.forgot.intro")}</p>
      <Form method="post" className="form card" {...form.props}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label={t("auth.email")} field={fields.email} type="email" autoComplete="email" inputMode="email" />
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {pending ? t("auth.forgot.sending") : t("auth.forgot.send")}
        </button>
        <p className="form-links">
          <Link to="/login">{t("auth.forgot.back")}</Link>
        </p>
      </Form>
    </section>
  );
}

// Its own boundary, so an action's error page keeps the root's words (components/error-page.tsx).
export const ErrorBoundary = ErrorPage;
