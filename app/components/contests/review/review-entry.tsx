// One entry on the review screen (app/routes/contest.$id.review.tsx): who, marks and rank,
// the timeline of what was noticed, the decisions so far, an appeal, and the decision form
// (plain posts: it works without JavaScript).
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors, TextareaField } from "~/components/ui/field";
import { REVIEW_REASON_MAX, type BoardEntry } from "~/models/contests/review/review";
import type { ReviewDecisionSchema } from "~/models/contests/review/review-schema";
import { formatDateTime } from "~/utils/dates";
import { useT, type MessageId } from "~/utils/i18n";
import { useIsPending } from "~/utils/use-is-pending";
import { useSchemaForm } from "~/utils/use-schema-form";

const KINDS: Record<string, MessageId> = {
  fullscreen_exit: "review.kind.fullscreen_exit",
  tab_hidden: "review.kind.tab_hidden",
  camera_lost: "review.kind.camera_lost",
  fullscreen_unavailable: "review.kind.fullscreen_unavailable",
  no_face: "review.kind.no_face",
  multiple_faces: "review.kind.multiple_faces",
  looking_away: "review.kind.looking_away",
  not_monitored: "review.kind.not_monitored",
};

const CREDIBILITY = { high: "review.credibility.high", medium: "review.credibility.medium", low: "review.credibility.low" } as const satisfies Record<BoardEntry["credibility"], MessageId>;

const DECISIONS = {
  clear: "review.decision.clear",
  disqualify: "review.decision.disqualify",
  appeal_upheld: "review.decision.appeal_upheld",
  appeal_rejected: "review.decision.appeal_rejected",
} as const satisfies Record<BoardEntry["decisions"][number]["decision"], MessageId>;

export function ReviewEntry({ entry, me, open, lastResult }: { entry: BoardEntry; me: string; open: boolean; lastResult?: SubmissionResult<string[]> }) {
  const { t, tm, locale } = useT();
  const name = entry.name ?? t("review.noName");
  const appealOpen = Boolean(entry.appealed_at && !entry.appeal_decided_at);
  const iDisqualified = [...entry.decisions].reverse().find((d) => d.decision === "disqualify")?.reviewer_id === me;
  return (
    <article className="card review-entry" id={`entry-${entry.user_id}`}>
      <h2 translate="no">{name}</h2>
      {entry.unfilmed ? <p className="muted">{t("review.unfilmed")}</p> : null}
      <p>{t("review.entry", { score: entry.score, rank: entry.rank ? t("review.rank", { rank: entry.rank }) : t("review.unranked") })}</p>
      <p className={`credibility credibility-${entry.credibility}`}>
        <strong>{t(CREDIBILITY[entry.credibility])}</strong>
      </p>
      {entry.reasons.length > 0 ? (
        <ul className="reasons">
          {entry.reasons.map((reason, i) => (
            <li key={i}>{tm(reason)}</li>
          ))}
        </ul>
      ) : null}
      <p>
        <strong>{entry.disqualified_at ? t("review.status.disqualified", { reason: entry.disqualification_reason ?? "" }) : t("review.status.clear")}</strong> · {t("review.flags", { count: entry.events })}
      </p>
      {entry.timeline.length > 0 ? (
        <ol className="timeline">
          {entry.timeline.map((ev, i) => (
            <li key={i}>
              <time dateTime={ev.at}>{formatDateTime(ev.at, locale)}</time> · {KINDS[ev.kind] ? t(KINDS[ev.kind]!) : ev.kind}
              {ev.durationMs !== null ? ` ${t("review.timeline.lasted", { seconds: Math.round(ev.durationMs / 1000) })}` : null}
              {ev.during ? null : ` · ${t("review.timeline.outside")}`}
              {ev.snapshot ? (
                <img className="snapshot" src={ev.snapshot} alt={t("review.timeline.snapshot", { time: formatDateTime(ev.at, locale) })} width={160} height={120} loading="lazy" decoding="async" />
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{t("review.noFlags")}</p>
      )}
      {entry.appealed_at ? (
        <div className="appeal">
          <h3>{t("review.appealTitle", { when: formatDateTime(entry.appealed_at, locale) })}</h3>
          <p translate="no">{entry.statement}</p>
          {entry.appeal_decided_at ? <p className="muted">{t("review.appealDecided", { when: formatDateTime(entry.appeal_decided_at, locale) })}</p> : null}
        </div>
      ) : null}
      {entry.decisions.length > 0 ? (
        <>
          <h3>{t("review.history")}</h3>
          <ul>
            {entry.decisions.map((d, i) => (
              <li key={i}>
                {t("review.decisionBy", { decision: t(DECISIONS[d.decision]), reviewer: d.reviewer, when: formatDateTime(d.at, locale) })}
                {d.reason ? <span translate="no">: {d.reason}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {open ? <DecisionForm entry={entry} appealOpen={appealOpen} mine={iDisqualified} lastResult={lastResult} /> : null}
    </article>
  );
}

function DecisionForm({ entry, appealOpen, mine, lastResult }: { entry: BoardEntry; appealOpen: boolean; mine: boolean; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT();
  const pending = useIsPending();
  const [form, fields] = useSchemaForm<typeof ReviewDecisionSchema>(lastResult, { id: `decide-${entry.user_id}` });
  if (appealOpen && mine) return <p className="muted">{t("review.yourDisqualification")}</p>;
  // Closed appeals are final for the review: the entry's decision is the appeal's.
  if (entry.appealed_at && !appealOpen) return null;
  return (
    <Form method="post" className="form" {...form.props}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="userId" value={entry.user_id} />
      <TextareaField label={t("review.reason")} field={fields.reason} rows={2} maxLength={REVIEW_REASON_MAX} />
      <div className="actions">
        {appealOpen ? (
          <>
            <button type="submit" name="intent" value="uphold" className="btn btn-primary" disabled={pending}>{t("review.uphold")}</button>
            <button type="submit" name="intent" value="reject" className="btn btn-danger" disabled={pending}>{t("review.reject")}</button>
          </>
        ) : (
          <>
            <button type="submit" name="intent" value="clear" className="btn btn-light" disabled={pending}>{t("review.clear")}</button>
            <button type="submit" name="intent" value="disqualify" className="btn btn-danger" disabled={pending}>{t("review.disqualify")}</button>
          </>
        )}
      </div>
    </Form>
  );
}
