// A parent's answer for an account under 18 (issue 46, point 4): the link mailed to them
// shows what we collect and why, and consents, refuses, or later withdraws. Before consenting
// the parent shows they are 18 or older, through DigiLocker or a verified account (issue 67,
// point 2). Plain forms, so it works without JavaScript; the rules are in
// models/accounts/parents/parental-consent.server.ts and models/accounts/parents/digilocker.server.ts.
import { randomBytes } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ParentVerification } from "~/components/accounts/parent-verification";
import { ErrorPage } from "~/components/error-page";
import { CheckboxField, FormErrors } from "~/components/ui/field";
import { db } from "~/db/client.server";
import { kickOutbox } from "~/services/email.server";
import { clientIp, getUser } from "~/models/accounts/auth.server";
import { digiLocker, startSignIn, verifiedAccount, verifyFromAccount, type VerifyRefusal } from "~/models/accounts/parents/digilocker.server";
import { MESSAGES } from "~/models/accounts/messages";
import { answerConsent, consentByToken, consentTextVersion, type AnswerResult } from "~/models/accounts/parents/parental-consent.server";
import { ConsentAnswerSchema } from "~/models/accounts/schemas";
import { formatDate } from "~/utils/dates";
import { signInCookie } from "~/utils/cookies.server";
import { env, minorsFilmed, parentVerified } from "~/utils/env.server";
import { redirectWithFlash } from "~/utils/http.server";
import { parseForm } from "~/utils/forms.server";
import { msgText, useT, type Msg } from "~/utils/i18n";
import { i18nFor, translateReply } from "~/utils/i18n.server";
import { translatedPageMeta } from "~/utils/meta";
import type { RequestPolicy } from "~/server/policy";
import { useIsPending } from "~/utils/use-is-pending";
import { useSchemaForm } from "~/utils/use-schema-form";

export const meta = translatedPageMeta("consent.metaTitle", "consent.metaDescription");

// The link is a key: no search engine keeps it, no other site is told it ("same-origin", not
// "no-referrer", which would make the browser send `Origin: null` and our own forms be refused).
export const headers = () => ({ "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin", "Cache-Control": "no-store" });

// With DigiLocker's keys set, the first step's form is answered by a redirect to DigiLocker's page (a form-action).
export const requestPolicy: RequestPolicy = { digilockerSignIn: true };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const found = await consentByToken(db, token, new Date());
  const { messages } = i18nFor(request, context, "consent");
  const status = found.status === "unknown" ? 404 : found.status === "lapsed" ? 410 : 200;
  let verification = null;
  if (found.status === "asked" && parentVerified()) {
    // Whoever is signed in here, unless it is the child's own account, may be the parent.
    const user = await getUser(request, context);
    const signedIn = user && user.id !== found.childId ? { email: user.email, verifiedAt: await verifiedAccount(db, user.id) } : null;
    verification = { verifiedBy: found.verifiedBy, verifiedAt: found.verifiedAt, available: digiLocker() !== null, signedIn, token };
  }
  const view = found.status === "asked" ? { ...found, childId: undefined } : found;
  return data({ view, verification, messages, evidenceDays: env().PROCTORING_EVIDENCE_DAYS, version: consentTextVersion(), filmed: minorsFilmed() }, { status, headers: headers() });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const { t } = i18nFor(request, context);
  const submission = await parseForm(request, ConsentAnswerSchema);
  if (submission.status !== "success") return data(translateReply(submission.reply(), t), { status: 400 });
  const refused = (reason: VerifyRefusal) =>
    data(translateReply(submission.reply({ formErrors: [msgText(VERIFY_REFUSALS[reason])] }), t), { status: reason === "limited" ? 429 : reason === "unknown" ? 404 : 409 });
  if (submission.value.intent === "digilocker") {
    // The browser's key binds DigiLocker's answer to this browser; the link brings the parent back here.
    const browserKey = randomBytes(32).toString("base64url");
    const user = await getUser(request, context);
    const started = await startSignIn(db, { token, browserKey, accountId: user?.id ?? null, ip: clientIp(context), now: new Date() });
    if (!started.ok) return refused(started.reason);
    throw redirect(started.url, { headers: { "Set-Cookie": await signInCookie().serialize({ k: browserKey, t: token }) } });
  }
  if (submission.value.intent === "account") {
    const user = await getUser(request, context);
    if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(`/consent/${token}`)}`);
    const verified = await verifyFromAccount(db, { token, userId: user.id, ip: clientIp(context), now: new Date() });
    if (!verified.ok) return refused(verified.reason);
    return redirectWithFlash(`/consent/${token}`, { kind: "success", message: { id: "consent.verifiedFlash" } }, { headers: headers() });
  }
  const result = await answerConsent(db, { token, answer: submission.value.intent, snapshots: submission.value.snapshots, ip: clientIp(context), now: new Date() });
  if (!result.ok) {
    const message: Msg = REFUSALS[result.reason];
    return data(translateReply(submission.reply({ formErrors: [msgText(message)] }), t), { status: result.reason === "limited" ? 429 : result.reason === "unknown" ? 404 : 409 });
  }
  kickOutbox();
  // A refusal erases the account and its link with it: the answer is this page's last.
  if (result.answer === "refuse") return data({ refused: true as const }, { headers: headers() });
  throw redirect(`/consent/${token}`, { headers: headers() });
}

const REFUSALS: Record<Extract<AnswerResult, { ok: false }>["reason"], Msg> = {
  unknown: { id: "consent.unknown" },
  lapsed: { id: "consent.lapsed" },
  "already-consented": { id: "consent.alreadyConsented" },
  "not-consented": { id: "consent.notConsented" },
  withdrawn: { id: "consent.alreadyWithdrawn" },
  limited: MESSAGES.tooManyAttempts,
  "not-verified": { id: "consent.notVerified" },
};

const VERIFY_REFUSALS: Record<VerifyRefusal, Msg> = {
  unknown: { id: "consent.unknown" },
  lapsed: { id: "consent.lapsed" },
  closed: { id: "consent.closed" },
  unavailable: { id: "consent.verify.unavailable" },
  limited: MESSAGES.tooManyAttempts,
  "not-verified-account": { id: "consent.notVerifiedAccount" },
};

export default function ParentalConsent() {
  const { view, verification, evidenceDays, filmed } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t, locale } = useT();
  if (lastResult && "refused" in lastResult) return <Answered title={t("consent.refusedTitle")} text={t("consent.refused")} />;
  switch (view.status) {
    case "unknown":
      return <Answered title={t("consent.unknownTitle")} text={t("consent.unknown")} />;
    case "lapsed":
      return <Answered title={t("consent.lapsedTitle")} text={t("consent.lapsed")} />;
    case "withdrawn": {
      const date = formatDate(view.withdrawnAt, locale);
      return <Answered title={t("consent.withdrawnTitle")} text={t(view.erased ? "consent.withdrawnErased" : "consent.withdrawnPending", { date })} />;
    }
    case "consented":
      return (
        <section className="container narrow section">
          <div className="card" role="status">
            <h1>{t("consent.consentedTitle")}</h1>
            <p>{t("consent.consentedOn", { date: formatDate(view.consentedAt, locale), name: view.childName, version: view.textVersion })}</p>
            <p>{t(!filmed ? "consent.noCamera" : view.snapshots ? "consent.snapshotsOn" : "consent.snapshotsOff")}</p>
            {view.verifiedBy ? <p>{t(`consent.route.${view.verifiedBy}`)}</p> : null}
          </div>
          <h2>{t("consent.withdrawTitle")}</h2>
          <p>{t("consent.rights")}</p>
          <AnswerForm lastResult={lastResult} name={view.childName} withdraw />
        </section>
      );
    case "asked":
      return (
        <section className="container narrow section">
          <h1>{t("consent.title", { name: view.childName })}</h1>
          <p>{t("consent.intro", { name: view.childName, email: view.childEmail, birthDate: formatDate(`${view.birthDate}T00:00:00+05:30`, locale) })}</p>
          <h2>{t("consent.collectTitle")}</h2>
          <ul>
            <li>{t("consent.collect.account")}</li>
            <li>{t("consent.collect.answers")}</li>
            {/* Under 18 the camera watches no test unless the operator is an institution (issue 67, point 1). */}
            <li>{t(filmed ? "consent.collect.camera" : "consent.collect.noCamera", { days: evidenceDays })}</li>
            <li>{t("consent.collect.payments")}</li>
            <li>{t("consent.collect.orders")}</li>
          </ul>
          <p>{t("consent.noTracking")}</p>
          <p>{t("consent.rights")}</p>
          <p className="muted">{t("consent.until", { name: view.childName, date: formatDate(view.expiresAt, locale) })}</p>
          {verification ? <ParentVerification {...verification} /> : null}
          <AnswerForm lastResult={lastResult} name={view.childName} />
        </section>
      );
  }
}

function Answered({ title, text }: { title: string; text: string }) {
  const { t } = useT();
  return (
    <section className="container narrow section">
      <div className="card" role="status">
        <h1>{title}</h1>
        <p>{text}</p>
        <Link to="/" className="btn btn-primary">
          {t("consent.home")}
        </Link>
      </div>
    </section>
  );
}

function AnswerForm({ lastResult, name, withdraw = false }: { lastResult: ReturnType<typeof useActionData<typeof action>>; name: string; withdraw?: boolean }) {
  const [form, fields] = useSchemaForm<typeof ConsentAnswerSchema>(lastResult && !("refused" in lastResult) ? lastResult : undefined);
  const pending = useIsPending();
  const { version, filmed } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <Form method="post" className="form card" {...form.props}>
      <FormErrors id={form.errorId} errors={form.errors} />
      {withdraw ? (
        <>
          <CheckboxField field={fields.understand}>{t("consent.withdrawConfirm", { name })}</CheckboxField>
          <button type="submit" name="intent" value="withdraw" className="btn btn-danger btn-block" disabled={pending}>
            {t("consent.withdraw")}
          </button>
        </>
      ) : (
        <>
          <CheckboxField field={fields.declare}>{t("consent.declare", { name })}</CheckboxField>
          {filmed ? <CheckboxField field={fields.snapshots}>{t("consent.snapshots", { name })}</CheckboxField> : null}
          <div className="actions">
            <button type="submit" name="intent" value="consent" className="btn btn-primary" disabled={pending}>
              {t("consent.agree")}
            </button>
            <button type="submit" name="intent" value="refuse" className="btn btn-light" disabled={pending}>
              {t("consent.refuse")}
            </button>
          </div>
        </>
      )}
      <p className="muted">{t("consent.version", { version })}</p>
    </Form>
  );
}

export const ErrorBoundary = ErrorPage;
