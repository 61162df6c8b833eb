// The marks and penalty that apply to question `q` of section `sec` in contest `c`: the
// question's, else its section's, else the contest's (docs/admin-sql.md). Read by the
// scores (./scoring.server.ts) and by the paper students see (../paper/paper.server.ts); the
// trigger questions_fill_in (drizzle/0008_exam_papers.sql) checks the same order.
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";
import { markingSchemes } from "~/models/contests/results/marking";
import type { QUESTION_KINDS } from "~/utils/enums";

type QuestionKind = (typeof QUESTION_KINDS)[number];
import { contests } from "~/db/schema";
export const APPLIED_MARKS_TEXT = "COALESCE(q.marks, sec.marks, c.marks)";
export const APPLIED_PENALTY_TEXT = "COALESCE(q.penalty, sec.penalty, c.penalty)";

/**
 * A contest_results row that counts in ranks and percentiles: a paper with an answer, not
 * disqualified (issue 47), not withdrawn by its student for a re-test or a refund after our outage (issue 50).
 */
export const rankedText = (r: string) =>
  `(${r}.answered > 0 AND ${r}.disqualified_at IS NULL AND NOT EXISTS (SELECT 1 FROM outage_remedies wd WHERE wd.contest_id = ${r}.contest_id AND wd.user_id = ${r}.user_id))`;

/**
 * NTA's percentile of result row `t`: 100 × the number who sat with a raw score at or
 * below theirs ÷ the number who sat, to seven decimals as NTA gives it (issue 48, point 5),
 * rounded down (so only the top score reads 100). "Sat" is what the rank counts: a paper with an answer, not
 * disqualified; a blank or disqualified paper has no rank and no percentile (docs/decisions/contests-fair-contests.md).
 */
export const PERCENTILE_SQL = (contestId: string | SQL) => sql`
  CASE WHEN ${sql.raw(rankedText("t"))} THEN
    (SELECT floor(1000000000.0 * count(*) FILTER (WHERE o.score <= t.score) / count(*)) / 10000000
       FROM contest_results o WHERE o.contest_id = ${contestId} AND ${sql.raw(rankedText("o"))})
  END::float8`;

/** How many sat contest `contestId` and are ranked: the number a percentile is out of. */
export const RANKED_COUNT_SQL = (contestId: string | SQL) => sql`
  (SELECT count(*)::int FROM contest_results o WHERE o.contest_id = ${contestId} AND ${sql.raw(rankedText("o"))})`;

/** The most a paper can earn: each question's marks that apply (APPLIED_MARKS_TEXT above), for the contests row in the query. */
export const FULL_MARKS = sql<number>`(SELECT COALESCE(sum(${sql.raw(APPLIED_MARKS_TEXT)}), 0)::int
  FROM questions q JOIN contests c ON c.id = q.contest_id JOIN contest_sections sec ON sec.id = q.section_id
 WHERE q.contest_id = ${contests.id})`;

/**
 * A contest's marking schemes, each once, in words (test.marking: "Single correct · +4 / −1"):
 * what the contest page states before anyone pays (issue 48, point 2).
 */
export async function markingSchemesOf(db: DbOrTx, contestId: string) {
  const rows = rowsOf<{ kind: QuestionKind; partial: boolean; marks: number; penalty: number }>(
    await db.execute(sql`
      SELECT DISTINCT q.kind, q.partial_marking AS partial, (${sql.raw(APPLIED_MARKS_TEXT)})::int AS marks, (${sql.raw(APPLIED_PENALTY_TEXT)})::int AS penalty
        FROM questions q JOIN contests c ON c.id = q.contest_id LEFT JOIN contest_sections sec ON sec.id = q.section_id
       WHERE q.contest_id = ${contestId}
       ORDER BY marks DESC, penalty DESC, q.kind`),
  );
  return markingSchemes(rows);
}
