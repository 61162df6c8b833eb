// What a reviewer reads (issue 47, point 5): a contest's entries, the least credible first
// (./credibility.ts), each with its reasons, its timeline of proctoring events, its
// decisions (who, what, why) and its appeal; and what a disqualified student reads about
// their own entry. A fixed number of statements for the whole board, whatever the number
// of entries.
import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";
import { shownRankSql } from "~/models/contests/results/scoring.server";
import { CONTEST_OVER_SQL } from "~/models/contests/sitting/deadline.server";
import type { BoardEntry } from "~/models/contests/review/review";
import { credibility, NOTHING } from "~/models/contests/review/credibility";
import { answerSignals, DURING_TEST_TEXT } from "~/models/contests/review/signals.server";
import { hasEntrySql } from "~/models/contests/review/review.server";
import type { ReviewDecision } from "~/utils/enums";
import { displayName } from "~/utils/names";
import { filmedSql } from "~/models/accounts/parents/parental-consent.server";

/** The most events a timeline shows per entry (a flood is summarised by its count). */
export const TIMELINE_MAX = 50;


/** The board as `reviewerId` reads it: `entered` when they have an entry here, so decide nothing (./review.server.ts). */
export async function reviewBoard(db: DbOrTx, contestId: string, now: Date, reviewerId: string | null = null) {
  const [contest] = rowsOf<{ id: string; title: string; finalized: boolean; closed: boolean; entered: boolean }>(
    await db.execute(sql`
      SELECT c.id, c.title, c.finalized_at IS NOT NULL AS finalized,
             ${CONTEST_OVER_SQL(now)} AS closed, ${reviewerId ? hasEntrySql(sql`c.id`, reviewerId) : sql`false`} AS entered
        FROM contests c WHERE c.id = ${contestId}`),
  );
  if (!contest) return null;
  const entries = rowsOf<Omit<BoardEntry, "timeline" | "decisions" | "credibility" | "reasons">>(
    await db.execute(sql`
      SELECT r.user_id, NULLIF(btrim(p.full_name), '') AS name, r.score, r.answered, r.disqualified_at, r.disqualification_reason,
             ${shownRankSql("r")} AS rank,
             (SELECT count(*)::int FROM proctoring_events ev JOIN user_contest_entries e ON e.id = ev.entry_id
               WHERE e.contest_id = r.contest_id AND e.user_id = r.user_id) AS events,
             a.statement, a.appealed_at, a.decided_at AS appeal_decided_at,
             -- Under 18 when the test started, no camera watched it (issue 67, point 1): no camera or face event is to be expected.
             NOT ${filmedSql(sql`r.user_id`, sql`(SELECT start_time FROM contests WHERE id = ${contestId})`)} AS unfilmed
        FROM contest_results r
        LEFT JOIN profiles p ON p.id = r.user_id
        LEFT JOIN review_appeals a ON a.contest_id = r.contest_id AND a.user_id = r.user_id
       WHERE r.contest_id = ${contestId}`),
  );
  // Every event is shown, those outside the test's time said so: they count toward no signal.
  const events = rowsOf<{ user_id: string; id: string; kind: string; at: string; detail: string | null; duration_ms: number | null; has_snapshot: boolean; during: boolean }>(
    await db.execute(sql`
      SELECT user_id, id, kind, at, detail, duration_ms, has_snapshot, during FROM (
        SELECT e.user_id, ev.id, ev.kind, ev.occurred_at AS at, ev.detail, ev.duration_ms, ev.snapshot_key IS NOT NULL AS has_snapshot,
               COALESCE(${sql.raw(DURING_TEST_TEXT)}, false) AS during,
               row_number() OVER (PARTITION BY e.user_id ORDER BY ev.occurred_at) AS n
          FROM proctoring_events ev JOIN user_contest_entries e ON e.id = ev.entry_id JOIN contests c ON c.id = e.contest_id
         WHERE e.contest_id = ${contestId}) t
       WHERE n <= ${TIMELINE_MAX}
       ORDER BY user_id, at`),
  );
  const decisions = rowsOf<{ user_id: string; decision: ReviewDecision; reason: string | null; at: string; full_name: string | null; email: string; reviewer_id: string }>(
    await db.execute(sql`
      SELECT d.user_id, d.decision, d.reason, d.decided_at AS at, p.full_name, u.email, d.reviewer_id
        FROM review_decisions d JOIN users u ON u.id = d.reviewer_id LEFT JOIN profiles p ON p.id = d.reviewer_id
       WHERE d.contest_id = ${contestId}
       ORDER BY d.decided_at`),
  );
  const timelines = groupBy(events, ({ id, kind, at, detail, duration_ms, has_snapshot, during }) => ({
    kind,
    at,
    detail,
    durationMs: duration_ms,
    during,
    snapshot: has_snapshot ? `/contest/${contestId}/review/snapshot/${id}` : null,
  }));
  // Who decided, named as the site names a person (~/utils/names): a reviewer without a name by their e-mail's first part.
  const histories = groupBy(decisions, ({ decision, reason, at, full_name, email, reviewer_id }) => ({ decision, reason, at, reviewer: displayName(full_name, email), reviewer_id }));
  const signals = await answerSignals(db, contestId, new Map(entries.map((e) => [e.user_id, e.name ?? ""])));
  const board: BoardEntry[] = entries.map((e) => {
    const { level, reasons } = credibility(signals.get(e.user_id) ?? NOTHING);
    return { ...e, timeline: timelines.get(e.user_id) ?? [], decisions: histories.get(e.user_id) ?? [], credibility: level, reasons };
  });
  // An open appeal first, then Low, Medium, High, then the entries with most flags, then by rank.
  const order = { low: 0, medium: 1, high: 2 };
  board.sort(
    (a, b) =>
      Number(Boolean(b.appealed_at && !b.appeal_decided_at)) - Number(Boolean(a.appealed_at && !a.appeal_decided_at)) ||
      order[a.credibility] - order[b.credibility] ||
      b.events - a.events ||
      (a.rank ?? Infinity) - (b.rank ?? Infinity),
  );
  return { contest, entries: board };
}

function groupBy<Row extends { user_id: string }, Out>(rows: Row[], pick: (row: Row) => Out) {
  const groups = new Map<string, Out[]>();
  for (const row of rows) {
    const group = groups.get(row.user_id) ?? [];
    group.push(pick(row));
    groups.set(row.user_id, group);
  }
  return groups;
}

export type AppealState = {
  title: string;
  finalized: boolean;
  disqualified_at: string | null;
  disqualification_reason: string | null;
  statement: string | null;
  appealed_at: string | null;
  appeal_decided_at: string | null;
  /** What the second reviewer decided, from their recorded decision; null while undecided. */
  appeal_outcome: "upheld" | "rejected" | null;
};

/** A student's own entry as the appeal page reads it; null without a result. */
export async function appealState(db: DbOrTx, contestId: string, userId: string) {
  const [row] = rowsOf<AppealState>(
    await db.execute(sql`
      SELECT c.title, c.finalized_at IS NOT NULL AS finalized, r.disqualified_at, r.disqualification_reason,
             a.statement, a.appealed_at, a.decided_at AS appeal_decided_at,
             CASE WHEN a.decided_at IS NOT NULL THEN
               (SELECT CASE d.decision WHEN 'appeal_upheld' THEN 'upheld' ELSE 'rejected' END FROM review_decisions d
                 WHERE d.contest_id = r.contest_id AND d.user_id = r.user_id AND d.decision IN ('appeal_upheld', 'appeal_rejected')
                 ORDER BY d.decided_at DESC LIMIT 1)
             END AS appeal_outcome
        FROM contest_results r JOIN contests c ON c.id = r.contest_id
        LEFT JOIN review_appeals a ON a.contest_id = r.contest_id AND a.user_id = r.user_id
       WHERE r.contest_id = ${contestId} AND r.user_id = ${userId}`),
  );
  return row ?? null;
}
