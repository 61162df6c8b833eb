// A disqualified student's one appeal (issue 47, point 5): why the entry was disqualified, and
// a statement sent once within 48 hours, for a second reviewer. Only the student's own
// entry, and only a disqualified or appealed one: anything else is a 404. Once the appeal
// is upheld the page says so, and no longer speaks of a disqualified entry.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContestNotFound } from "~/components/not-found";
import { FormErrors, TextareaField } from "~/components/ui/field";
import { db } from "~/db/client.server";
import { requireUser } from "~/models/accounts/auth.server";
import { appealEndsAt, APPEAL_STATEMENT_MAX } from "~/models/contests/review/review";
import { appealState } from "~/models/contests/review/review-board.server";
import { AppealSchema } from "~/models/contests/review/review-schema";
import { appeal, type AppealResult } from "~/models/contests/review/review.server";
import { formatDateTime } from "~/utils/dates";
import { parseForm } from "~/utils/forms.server";
import { invariantResponse, redirectWithFlash, requireUuidParam } from "~/utils/http.server";
import { msgText, useT, type Msg } from "~/utils/i18n";
import { i18nFor, translateReply } from "~/utils/i18n.server";
import { metaTranslator, pageMeta } from "~/utils/meta";
import { useIsPending } from "~/utils/use-is-pending";
import { useSchemaForm } from "~/utils/use-schema-form";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return data ? pageMeta(t("review.appeal.metaTitle", { title: data.entry.title }), t("review.appeal.metaDescription")) : pageMeta(t("common.notFound.contest"), t("common.notFound.contestText"));
};

async function disqualifiedEntry(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const contestId = requireUuidParam(args.params);
  const user = await requireUser(args.request, args.context);
  const entry = await appealState(db, contestId, user.id);
  invariantResponse(entry && (entry.disqualified_at || entry.appealed_at));
  return { contestId, user, entry };
}

export async function loader(args: LoaderFunctionArgs) {
  const { contestId, entry } = await disqualifiedEntry(args);
  return { contestId, entry, now: new Date().toISOString(), messages: i18nFor(args.request, args.context, "review").messages };
}

const REFUSALS: Record<Extract<AppealResult, { ok: false }>["reason"], Msg> = {
  "not-disqualified": { id: "common.notFound.contest" },
  late: { id: "review.appeal.late" },
  already: { id: "review.appeal.already" },
  final: { id: "review.appeal.final" },
  statement: { id: "review.appeal.needStatement" },
};

export async function action(args: ActionFunctionArgs) {
  const { contestId, user } = await disqualifiedEntry(args);
  const { t } = i18nFor(args.request, args.context);
  const submission = await parseForm(args.request, AppealSchema);
  if (submission.status !== "success") return data(translateReply(submission.reply(), t), { status: 400 });
  const result = await appeal(db, { contestId, userId: user.id, statement: submission.value.statement, now: new Date() });
  if (!result.ok) return data(translateReply(submission.reply({ formErrors: [msgText(REFUSALS[result.reason])] }), t), { status: 409 });
  return redirectWithFlash(`/contest/${contestId}/results`, { kind: "success", message: { id: "review.appeal.sent", values: { ticket: result.ticket } } });
}

export default function Appeal() {
  const { contestId, entry, now } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm<typeof AppealSchema>(lastResult);
  const pending = useIsPending();
  const { t, locale } = useT();
  const until = entry.disqualified_at ? appealEndsAt(entry.disqualified_at) : null;
  const canAppeal = !entry.appealed_at && !entry.finalized && until !== null && until > new Date(now);
  // Upheld, the disqualification is reversed: nothing here is about a disqualified entry any more.
  if (entry.appeal_outcome === "upheld") {
    return (
      <section className="container narrow section">
        <p className="muted" translate="no">{entry.title}</p>
        <h1>{t("review.appeal.upheldTitle")}</h1>
        <p className="card" role="status">{t("review.appeal.upheld", { when: formatDateTime(entry.appeal_decided_at!, locale) })}</p>
        <p>
          <Link to={`/contest/${contestId}/results`}>{t("review.appeal.results")}</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="container narrow section">
      <p className="muted" translate="no">{entry.title}</p>
      <h1>{t("review.appeal.title")}</h1>
      {entry.disqualification_reason ? <p>{t("review.appeal.reasonWas", { reason: entry.disqualification_reason })}</p> : null}
      <p>{t("review.appeal.keeps")}</p>
      {entry.appealed_at ? (
        <p className="card" role="status">
          {entry.appeal_decided_at
            ? t("review.appeal.rejected", { when: formatDateTime(entry.appeal_decided_at, locale) })
            : t("review.appeal.pending", { when: formatDateTime(entry.appealed_at, locale) })}
        </p>
      ) : canAppeal ? (
        <>
          <p>{t("review.appeal.how", { until: formatDateTime(until!, locale) })}</p>
          <Form method="post" className="form card" {...form.props}>
            <FormErrors id={form.errorId} errors={form.errors} />
            <TextareaField label={t("review.appeal.statement")} field={fields.statement} rows={6} maxLength={APPEAL_STATEMENT_MAX} />
            <button type="submit" className="btn btn-primary" disabled={pending}>
              {t("review.appeal.send")}
            </button>
          </Form>
        </>
      ) : (
        <p className="card" role="status">{entry.finalized ? t("review.appeal.final") : t("review.appeal.late")}</p>
      )}
      <p>
        <Link to={`/contest/${contestId}/results`}>{t("review.appeal.results")}</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = ContestNotFound;
