// After our outage past the bound (docs/decisions/contests-shift-when-we-fail.md, "When we
// fail"): the student keeps their result, or chooses once a re-test or, for a paid entry, their
// fee back. Only the student's own entry, and only one such outage hit: anything else is a 404.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContestNotFound } from "~/components/not-found";
import { FormErrors } from "~/components/ui/field";
import { db } from "~/db/client.server";
import { requireUser } from "~/models/accounts/auth.server";
import { chooseRemedy, remedyState, RemedySchema, type RemedyRefusal } from "~/models/contests/sitting/outages.server";
import { paymentGateway } from "~/models/payments/gateway.server";
import { kickRefunds } from "~/models/payments/refunds.server";
import { formatDateTime } from "~/utils/dates";
import { parseForm } from "~/utils/forms.server";
import { invariantResponse, redirectWithFlash, requireUuidParam } from "~/utils/http.server";
import { msgText, richText, useT, type Msg } from "~/utils/i18n";
import { i18nFor, messagesUnder, translateReply } from "~/utils/i18n.server";
import { metaTranslator, pageMeta } from "~/utils/meta";
import { formatINR } from "~/utils/money";
import { useIsPending } from "~/utils/use-is-pending";
import { useSchemaForm } from "~/utils/use-schema-form";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return data ? pageMeta(t("results.remedy.metaTitle", { title: data.state.title }), t("results.remedy.metaDescription")) : pageMeta(t("common.notFound.contest"), t("common.notFound.contestText"));
};

async function remedyPage(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const contestId = requireUuidParam(args.params);
  const user = await requireUser(args.request, args.context);
  const state = await remedyState(db, { contestId, userId: user.id, now: new Date() });
  invariantResponse(state);
  return { contestId, user, state };
}

export async function loader(args: LoaderFunctionArgs) {
  const { contestId, state } = await remedyPage(args);
  const { locale } = i18nFor(args.request, args.context);
  return { contestId, state, messages: messagesUnder(locale, "results.remedy.") };
}

const REFUSALS: Record<RemedyRefusal, Msg> = {
  "not-offered": { id: "common.notFound.contest" },
  "not-submitted": { id: "results.remedy.notSubmitted" },
  final: { id: "results.remedy.final" },
  already: { id: "results.remedy.already" },
  "not-paid": { id: "results.remedy.notPaid" },
};

export async function action(args: ActionFunctionArgs) {
  const { contestId, user } = await remedyPage(args);
  const { t } = i18nFor(args.request, args.context);
  const submission = await parseForm(args.request, RemedySchema);
  if (submission.status !== "success") return data(translateReply(submission.reply(), t), { status: 400 });
  const result = await chooseRemedy(db, { contestId, userId: user.id, choice: submission.value.choice, now: new Date() });
  if (!result.ok) return data(translateReply(submission.reply({ formErrors: [msgText(REFUSALS[result.reason])] }), t), { status: 409 });
  if (submission.value.choice === "refund") kickRefunds(db, paymentGateway());
  return redirectWithFlash(`/contest/${contestId}/outage`, { kind: "success", message: { id: "results.remedy.recorded" } });
}

export default function OutageRemedy() {
  const { contestId, state } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form] = useSchemaForm<typeof RemedySchema>(lastResult);
  const pending = useIsPending();
  const { t, locale } = useT();
  const bold = (text: string) => <strong>{text}</strong>;
  const fee = state.fee === null ? null : formatINR(state.fee);
  const open = !state.chosen && (state.missed || (state.submitted && !state.finalized));
  return (
    <section className="container narrow section">
      <p className="muted" translate="no">{state.title}</p>
      <h1>{t("results.remedy.title")}</h1>
      <p>{t(state.missed ? "results.remedy.whatMissed" : "results.remedy.what", state.pastBound)}</p>
      <ul className="card">
        {/* A missed test has no result: nothing to keep, no marks to read. */}
        <li>{richText(t(state.missed ? "results.remedy.keepMissed" : "results.remedy.keep"), [bold])}</li>
        <li>{richText(t(state.missed ? "results.remedy.retestMissed" : "results.remedy.retest"), [bold])}</li>
        {fee ? <li>{richText(t(state.missed ? "results.remedy.refundMissed" : "results.remedy.refund", { amount: fee }), [bold])}</li> : null}
      </ul>
      {state.chosen ? (
        <div className="card" role="status">
          <p>
            {state.chosen.choice === "retest"
              ? t("results.remedy.chosenRetest", { when: formatDateTime(state.chosen.chosenAt, locale) })
              : richText(t("results.remedy.chosenRefund", { when: formatDateTime(state.chosen.chosenAt, locale) }), [(text) => <Link to="/account">{text}</Link>])}
          </p>
          {state.chosen.choice === "retest" ? (
            <p>
              {state.retest?.enrolled
                ? richText(t("results.remedy.retestScheduled", { title: state.retest.title, when: formatDateTime(state.retest.startTime, locale) }), [
                    (text) => (
                      <Link to={`/contest/${state.retest!.id}`} translate="no">
                        {text}
                      </Link>
                    ),
                  ])
                : t("results.remedy.retestWaiting")}
            </p>
          ) : null}
        </div>
      ) : open ? (
        <Form method="post" className="form card" {...form.props}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="actions">
            <button type="submit" name="choice" value="retest" className="btn btn-secondary" disabled={pending}>
              {t("results.remedy.chooseRetest")}
            </button>
            {fee ? (
              <button type="submit" name="choice" value="refund" className="btn btn-secondary" disabled={pending}>
                {t("results.remedy.chooseRefund", { amount: fee })}
              </button>
            ) : null}
          </div>
        </Form>
      ) : (
        <p className="card" role="status">{state.finalized ? t("results.remedy.final") : t("results.remedy.notSubmitted")}</p>
      )}
      <p>
        <Link to={`/contest/${contestId}/results`}>{t("results.remedy.back")}</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = ContestNotFound;
