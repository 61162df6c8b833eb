// Scores, ranks and prizes, computed on the server from the database only.
import { issueCertificates } from "~/models/contests/results/certificates.server";
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";
import { awardPrizes } from "~/models/contests/catalogue/prizes";
import { CONTEST_OVER_SQL, ENTRY_DEADLINE_SQL, GRACE_SQL, WINDOW_END_SQL } from "~/models/contests/sitting/deadline.server";
import { queueChallengeOutcomes } from "~/models/contests/challenges/challenges.server";
import { REVIEW_OPEN_SQL } from "~/models/contests/review/review.server";
import { queuePrizePayouts } from "~/models/payments/payouts.server";
import type { SubmitReason } from "~/models/contests/sitting/test-rules";
import { APPLIED_MARKS_TEXT, APPLIED_PENALTY_TEXT, rankedText } from "~/models/contests/results/marking.server";

/** The entry `e` was opened: started, or answered (a student may open the test page without 'Start Now'). */
const OPENED_SQL = sql`(e.status OR EXISTS (SELECT 1 FROM user_answers a WHERE a.user_id = e.user_id AND a.contest_id = e.contest_id))`;

/**
 * The rank of a result row `r` (docs/product/design.md §4), by the contest's tie-break
 * (TIE_BREAKS in app/utils/enums.ts): marks descending, then
 * - `time`: less time taken first;
 * - `nta` (JEE Main's rule since 2025): the marks of the sections in their stated order,
 *   compared one after another (an array compares element by element), then fewer
 *   incorrect answers per correct one (none correct is last);
 * and whatever is still equal shares a rank (RANK(): 1, 2, 2, 4). A blank paper (no saved
 * answer) is not ranked: nobody took that test; nor is a disqualified one (issue 47):
 * everyone below moves up. The one order of every ranking, live and final, over
 * contest_results rows of one contest.
 */
export const rankSql = (r: string) => {
  const col = (name: string) => sql.raw(`${r}.${name}`);
  const ranked = sql.raw(rankedText(r));
  const nta = sql`((SELECT tb.tie_break FROM contests tb WHERE tb.id = ${col("contest_id")}) = 'nta')`;
  return sql`CASE WHEN ${ranked} THEN RANK() OVER (PARTITION BY ${ranked} ORDER BY ${col("score")} DESC,
    CASE WHEN ${nta} THEN ${col("section_scores")} END DESC NULLS LAST,
    CASE WHEN ${nta} THEN ${col("incorrect")}::float8 / NULLIF(${col("correct")}, 0) END ASC NULLS LAST,
    CASE WHEN NOT ${nta} THEN ${col("response_time")} END ASC) END`;
};

/**
 * The rank result row `r` shows: the stored one once finalised, else rankSql's. A
 * disqualified paper has none, even one disqualified after its rank was stored: the one
 * home of that rule for every page that reads ranks.
 */
export const shownRankSql = (r: string) => sql`CASE WHEN ${sql.raw(`${r}.disqualified_at`)} IS NULL THEN COALESCE(${sql.raw(`${r}.rank`)}, ${rankSql(r)}) END::int`;

/**
 * The marks answer `a` earns on question `q` of section `sec` in contest `c`: the one
 * rule (the SQL function question_marks, drizzle/0008_exam_papers.sql) applied with the
 * marks and penalty that apply (the question's, else its section's, else the contest's).
 * An option is named by its number, never by where the student saw it or by its text.
 */
export const MARKS_TEXT = `question_marks(q.kind, q.partial_marking, q.correct_options, q.answer_min, q.answer_max,
      ${APPLIED_MARKS_TEXT}, ${APPLIED_PENALTY_TEXT}, a.selected_options, a.numeric_answer)`;
/** Whether answer `a` holds a response (a visited or marked question may hold none). */
export const RESPONDED_TEXT = "(cardinality(a.selected_options) > 0 OR a.numeric_answer IS NOT NULL)";

/**
 * What question `q` earns the student whose answer is `a` (null when they never opened
 * it): by the rule above; or, once the question is dropped after a challenge, its full
 * marks to everyone who sat (NTA's rule) or only to those who attempted it, as the
 * contest says (drizzle/0009_answer_key_challenges.sql). Scores and the report use this.
 */
export const EARNED_TEXT = `CASE WHEN q.dropped THEN
        CASE WHEN c.dropped_question_marks = 'all' OR COALESCE(${RESPONDED_TEXT}, false) THEN ${APPLIED_MARKS_TEXT} ELSE 0 END
      WHEN a.question_id IS NULL THEN 0
      ELSE ${MARKS_TEXT} END`;

/**
 * Each submitted entry's result: score = the sum of what each question earns
 * (EARNED_TEXT), penalties included (so it may be negative); answered = questions with a
 * response; correct and incorrect = responses that earned marks and that did not (a
 * dropped question is neither); section_scores = the marks of each section that has a
 * tie_break_order, in that order; response_time = ms from start_time to submission.
 * Summed per section first, then per entry. Over `source`, submitted entries as rows of
 * (contest_id, user_id, submitted_at, start_time): the contest's start. Every question
 * is read, answered or not: a dropped one may earn marks unanswered.
 */
const scoresText = (source: string) => `
    SELECT contest_id, user_id, sum(score)::int AS score, sum(answered)::int AS answered, sum(correct)::int AS correct,
           sum(incorrect)::int AS incorrect, min(response_time) AS response_time,
           array_agg(score::int ORDER BY tie_order) FILTER (WHERE tie_order IS NOT NULL) AS section_scores
      FROM (
        SELECT s.contest_id, s.user_id, sec.tie_break_order AS tie_order,
               COALESCE(sum(${EARNED_TEXT}) FILTER (WHERE q.id IS NOT NULL), 0) AS score,
               count(*) FILTER (WHERE q.id IS NOT NULL AND ${RESPONDED_TEXT}) AS answered,
               count(*) FILTER (WHERE q.id IS NOT NULL AND ${RESPONDED_TEXT} AND NOT q.dropped AND ${MARKS_TEXT} > 0) AS correct,
               count(*) FILTER (WHERE q.id IS NOT NULL AND ${RESPONDED_TEXT} AND NOT q.dropped AND ${MARKS_TEXT} <= 0) AS incorrect,
               GREATEST(0, EXTRACT(EPOCH FROM (s.submitted_at - s.start_time)) * 1000)::int AS response_time
          FROM ${source} s
          JOIN contests c ON c.id = s.contest_id
          LEFT JOIN questions q ON q.contest_id = s.contest_id
          LEFT JOIN contest_sections sec ON sec.id = q.section_id
          LEFT JOIN user_answers a ON a.user_id = s.user_id AND a.question_id = q.id AND a.contest_id = s.contest_id
         GROUP BY s.contest_id, s.user_id, s.submitted_at, s.start_time, sec.id, sec.tie_break_order) per_section
     GROUP BY contest_id, user_id`;

const RESULT_COLUMNS = "contest_id, user_id, score, answered, correct, incorrect, response_time, section_scores";
const RESULT_UPDATE = `score = EXCLUDED.score, answered = EXCLUDED.answered, correct = EXCLUDED.correct, incorrect = EXCLUDED.incorrect,
      response_time = EXCLUDED.response_time, section_scores = EXCLUDED.section_scores`;

/**
 * Writes the result rows (no rank) of the submitted entries in `entries`, a CTE's name,
 * as text for a fixed statement.
 */
export const recordResultsText = (entries: string) => `
    INSERT INTO contest_results (${RESULT_COLUMNS})
    SELECT ${RESULT_COLUMNS} FROM (${scoresText(entries)}) scored
    ON CONFLICT (contest_id, user_id) DO UPDATE SET ${RESULT_UPDATE}`;

/** The submitted entries `e` (joined to their contest `c`) that `where` picks, as the rows the scores are read over. */
const submittedEntries = (where: SQL) => sql`
    SELECT e.contest_id, e.user_id, e.submitted_at, c.start_time
      FROM user_contest_entries e JOIN contests c ON c.id = e.contest_id
     WHERE e.has_submitted AND ${where}`;

/** The scores of the submitted entries that `where` picks. */
function scores(where: SQL) {
  return sql`WITH picked AS (${submittedEntries(where)}) ${sql.raw(scoresText("picked"))}`;
}

/** One submitted entry's result row, as a submission writes it (for entries submitted otherwise, e.g. by a factory). */
export async function recordResult(tx: DbOrTx, input: { contestId: string; userId: string }) {
  await tx.execute(sql`
    WITH submitted AS (${submittedEntries(sql`e.contest_id = ${input.contestId} AND e.user_id = ${input.userId}`)})
    ${sql.raw(recordResultsText("submitted"))}`);
}

/** Rewrites contest_results for every submitted entry of a contest, with ranks (rankSql). */
export async function computeResults(tx: DbOrTx, contestId: string) {
  await tx.execute(sql`
    INSERT INTO contest_results (${sql.raw(RESULT_COLUMNS)})
    SELECT ${sql.raw(RESULT_COLUMNS)} FROM (${scores(sql`e.contest_id = ${contestId}`)}) s
    ON CONFLICT (contest_id, user_id) DO UPDATE SET ${sql.raw(RESULT_UPDATE)}`);
  // Ranked over the stored rows, which carry the reviewers' decisions.
  await tx.execute(sql`
    UPDATE contest_results r SET rank = x.rank
      FROM (SELECT t.user_id, ${rankSql("t")} AS rank FROM contest_results t WHERE t.contest_id = ${contestId}) x
     WHERE r.contest_id = ${contestId} AND r.user_id = x.user_id AND r.rank IS DISTINCT FROM x.rank`);
}

/**
 * Entries that were started (or have answers) but never submitted, once the contest's
 * deadline and the grace are over, are submitted by the server with the answers they
 * saved, at the deadline, with the reason 'time_up'. Entries never opened stay as
 * they are: nobody took that test. Returns how many were submitted.
 */
export async function submitOverdue(tx: DbOrTx, input: { contestId: string; now: Date }) {
  const closed = rowsOf<{ user_id: string }>(
    await tx.execute(sql`
      UPDATE user_contest_entries e
         SET has_submitted = true, submitted_at = ${ENTRY_DEADLINE_SQL}, submit_reason = ${"time_up" satisfies SubmitReason},
             status = true, started_at = COALESCE(e.started_at, ${ENTRY_DEADLINE_SQL})
        FROM contests c
       WHERE c.id = e.contest_id AND e.contest_id = ${input.contestId} AND NOT e.has_submitted
         AND ${ENTRY_DEADLINE_SQL} + ${GRACE_SQL} < ${input.now.toISOString()}::timestamptz
         AND ${OPENED_SQL}
      RETURNING e.user_id`),
  );
  if (closed.length > 0) {
    await tx.execute(sql`
      INSERT INTO contest_results (${sql.raw(RESULT_COLUMNS)})
      SELECT ${sql.raw(RESULT_COLUMNS)}
        FROM (${scores(sql`e.contest_id = ${input.contestId} AND NOT EXISTS (SELECT 1 FROM contest_results r WHERE r.contest_id = e.contest_id AND r.user_id = e.user_id)`)}) s
      ON CONFLICT (contest_id, user_id) DO NOTHING`);
  }
  return closed.length;
}

/**
 * Contest `c`'s results may become final: it has ended, its challenge window is over, no
 * challenge waits for an admin, and no review holds it (an appeal waiting for a second
 * reviewer, or a disqualification still open to appeal: ../review/review.server.ts).
 */
const FINALISABLE = (now: Date) => sql`(${CONTEST_OVER_SQL(now)} AND ${WINDOW_END_SQL} <= ${now.toISOString()}::timestamptz
  AND NOT EXISTS (SELECT 1 FROM question_challenges ch WHERE ch.contest_id = c.id AND ch.status = 'pending')
  AND NOT ${REVIEW_OPEN_SQL(now)})`;

/** `in-review`: ended, but the challenge window is open or a challenge is pending: the results stay provisional. */
export type FinalizeOutcome = "finalized" | "already" | "not-ended" | "in-review" | "missing";

/**
 * Ranks the contest and assigns prizes, once, after it has ended (and answers in
 * flight at the end have had their grace), its challenge window is over and no
 * challenge is pending: the key is final then, so every score is computed again from
 * it here, once. Runs in its own transaction (a savepoint when the caller has one):
 * the contest row is locked first, so a second finaliser waits, then sees
 * `finalized_at` and does nothing. Entries left open are submitted first, so every
 * student who took the test is ranked. Each challenger's outcome is mailed, and each
 * prize becomes a payout with its statement.
 */
export async function finalizeContest(db: DbOrTx, contestId: string, now: Date): Promise<FinalizeOutcome> {
  return db.transaction(async (tx) => {
    const [contest] = rowsOf<{ title: string; prize_pool: Record<string, unknown>; finalized: boolean; ended: boolean; finalisable: boolean }>(
      await tx.execute(sql`
        SELECT title, prize_pool, finalized_at IS NOT NULL AS finalized, ${CONTEST_OVER_SQL(now)} AS ended, ${FINALISABLE(now)} AS finalisable
          FROM contests c WHERE id = ${contestId} FOR UPDATE`),
    );
    if (!contest) return "missing";
    if (contest.finalized) return "already";
    if (!contest.ended) return "not-ended";
    if (!contest.finalisable) {
      await submitOverdue(tx, { contestId, now });
      return "in-review";
    }
    await submitOverdue(tx, { contestId, now });
    await computeResults(tx, contestId);
    const ranked = rowsOf<{ user_id: string; rank: number; score: number }>(
      await tx.execute(sql`SELECT user_id, rank, score FROM contest_results WHERE contest_id = ${contestId} AND rank IS NOT NULL ORDER BY rank, user_id`),
    );
    const prizes = awardPrizes(ranked, contest.prize_pool);
    const winners = ranked.flatMap((r, i) => (prizes[i]! > 0 ? [sql`(${r.user_id}::uuid, ${prizes[i]}::int)`] : []));
    if (winners.length > 0) {
      await tx.execute(sql`
        UPDATE contest_results r SET prize_amount = w.amount
          FROM (VALUES ${sql.join(winners, sql`, `)}) AS w(user_id, amount)
         WHERE r.contest_id = ${contestId} AND r.user_id = w.user_id`);
    }
    await tx.execute(sql`UPDATE contests SET finalized_at = ${now.toISOString()}::timestamptz WHERE id = ${contestId}`);
    // A practice test's recognition: a certificate per result, now that ranks are final.
    await issueCertificates(tx, contestId);
    await queueChallengeOutcomes(tx, contestId, now);
    // Each prize becomes one payout, with its tax and statement (the money goes out from here).
    await queuePrizePayouts(tx, { contestId, title: contest.title, now });
    return "finalized";
  });
}

/**
 * The server's sweep (every half minute, and `npm run contests:finalize`): submits the
 * open entries of contests whose deadline has passed and finalises those that have
 * ended with their challenge window over and nothing pending. Idempotent; any instance
 * may run it at any time.
 */
export async function closeDueContests(db: DbOrTx, now: Date, limit = 50) {
  const due = rowsOf<{ id: string; title: string; finalisable: boolean }>(
    await db.execute(sql`
      SELECT c.id, c.title, ${FINALISABLE(now)} AS finalisable
        FROM contests c
       WHERE c.finalized_at IS NULL AND c.start_time < ${now.toISOString()}::timestamptz
         AND (${FINALISABLE(now)}
              OR EXISTS (SELECT 1 FROM user_contest_entries e
                          WHERE e.contest_id = c.id AND NOT e.has_submitted AND ${OPENED_SQL}
                            AND ${ENTRY_DEADLINE_SQL} + ${GRACE_SQL} < ${now.toISOString()}::timestamptz))
       ORDER BY c.start_time
       LIMIT ${limit}`),
  );
  const report: Array<{ id: string; title: string; outcome: FinalizeOutcome | "closed"; submitted?: number }> = [];
  for (const contest of due) {
    if (contest.finalisable) {
      report.push({ id: contest.id, title: contest.title, outcome: await finalizeContest(db, contest.id, now) });
    } else {
      const submitted = await db.transaction((tx) => submitOverdue(tx, { contestId: contest.id, now }));
      report.push({ id: contest.id, title: contest.title, outcome: "closed", submitted });
    }
  }
  return report;
}
