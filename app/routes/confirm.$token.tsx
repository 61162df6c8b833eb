// The link mailed to a sign-up's own address (issue 65, point 2): it shows the sign-up as it
// was typed and confirms it with a button, a plain form that works without JavaScript (a mail
// scanner that fetches the link confirms nothing). The rules are in
// models/accounts/address-proof.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorPage } from "~/components/error-page";
import { FormErrors } from "~/components/ui/field";
import { db } from "~/db/client.server";
import { kickOutbox } from "~/services/email.server";
import { clientIp, createUserSession } from "~/models/accounts/auth.server";
import { confirmAddress, proofByToken, type ProofResult } from "~/models/accounts/address-proof.server";
import { MESSAGES } from "~/models/accounts/messages";
import { formatDate } from "~/utils/dates";
import { msgText, useT, type Msg } from "~/utils/i18n";
import { i18nFor, translateReply } from "~/utils/i18n.server";
import { translatedPageMeta } from "~/utils/meta";
import { useIsPending } from "~/utils/use-is-pending";
import { useSchemaForm } from "~/utils/use-schema-form";
import { parseForm } from "~/utils/forms.server";
import { ConfirmAddressSchema } from "~/models/accounts/schemas";

export const meta = translatedPageMeta("auth.confirm.metaTitle", "auth.confirm.metaDescription");

// The link is a key: no search engine keeps it, no other site is told it (as consent.$token.tsx).
export const headers = () => ({ "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin", "Cache-Control": "no-store" });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const view = await proofByToken(db, params.token ?? "", new Date());
  const { messages } = i18nFor(request, context, "auth");
  const status = view.status === "unknown" ? 404 : view.status === "lapsed" ? 410 : 200;
  return data({ view, messages }, { status, headers: headers() });
}

const REFUSALS: Record<Extract<ProofResult, { ok: false }>["reason"], Msg> = {
  unknown: { id: "auth.confirm.unknown" },
  lapsed: { id: "auth.confirm.lapsed" },
  limited: MESSAGES.tooManyAttempts,
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const { t } = i18nFor(request, context);
  const submission = await parseForm(request, ConfirmAddressSchema);
  if (submission.status !== "success") return data(translateReply(submission.reply(), t), { status: 400 });
  const result = await confirmAddress(db, { token, ip: clientIp(context), now: new Date() });
  if (!result.ok) {
    return data(translateReply(submission.reply({ formErrors: [msgText(REFUSALS[result.reason])] }), t), { status: result.reason === "limited" ? 429 : result.reason === "unknown" ? 404 : 410 });
  }
  // Under 18 the parent is asked now (their mail goes at once); an adult is signed in.
  if (result.parentEmail) {
    kickOutbox();
    throw redirect(`/signup?${new URLSearchParams({ waiting: result.parentEmail })}`);
  }
  return createUserSession(request, result.userId, "/signup?created=1");
}

export default function ConfirmAddress() {
  const { view } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form] = useSchemaForm<typeof ConfirmAddressSchema>(lastResult);
  const pending = useIsPending();
  const { t, locale } = useT();
  if (view.status !== "ready") {
    const lapsed = view.status === "lapsed";
    return (
      <section className="container narrow section">
        <div className="card" role="status">
          <h1>{t(lapsed ? "auth.confirm.lapsedTitle" : "auth.confirm.unknownTitle")}</h1>
          <p>{t(lapsed ? "auth.confirm.lapsed" : "auth.confirm.unknown")}</p>
          <Link to="/signup" className="btn btn-primary">
            {t("auth.signup.submit")}
          </Link>
        </div>
      </section>
    );
  }
  const born = view.birthDate ? formatDate(new Date(`${view.birthDate}T12:00:00Z`), locale) : "—";
  return (
    <section className="container narrow section">
      <h1>{t("auth.confirm.title")}</h1>
      <Form method="post" className="form card" {...form.props}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <p>{t("auth.confirm.signup", { email: view.email, name: view.fullName, born })}</p>
        {view.parentEmail ? <p>{t("auth.confirm.parent", { parent: view.parentEmail })}</p> : null}
        {view.restart ? <p>{t("auth.confirm.restart")}</p> : null}
        <p className="muted">{t("auth.confirm.notYou")}</p>
        <button type="submit" name="intent" value="confirm" className="btn btn-primary btn-block" disabled={pending}>
          {t("auth.confirm.submit")}
        </button>
      </Form>
    </section>
  );
}

// Its own boundary, so an action's error page keeps the root's words (components/error-page.tsx).
export const ErrorBoundary = ErrorPage;
