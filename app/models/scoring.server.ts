// Scores, ranks and prizes, computed on the server from the database only.
import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";
import { assignPrizes } from "~/utils/prizes";

/**
 * (Re)writes contest_results for every submitted entry of a contest: score = answers
 * whose selected_answer equals the question's correct_answer (compared here, never
 * taken from a flag), response_time = ms from start_time to submission, rank by score
 * desc then response_time asc with exact ties sharing a rank (RANK(): 1, 2, 2, 4).
 */
export async function computeResults(tx: DbOrTx, contestId: string) {
  await tx.execute(sql`
    INSERT INTO contest_results (contest_id, user_id, score, response_time, rank)
    SELECT s.contest_id, s.user_id, s.score, s.response_time,
           RANK() OVER (ORDER BY s.score DESC, s.response_time ASC)
      FROM (
        SELECT e.contest_id, e.user_id,
               count(q.id)::int AS score,
               GREATEST(0, EXTRACT(EPOCH FROM (e.submitted_at - c.start_time)) * 1000)::int AS response_time
          FROM user_contest_entries e
          JOIN contests c ON c.id = e.contest_id
          LEFT JOIN user_answers a ON a.user_id = e.user_id AND a.contest_id = e.contest_id
          LEFT JOIN questions q ON q.id = a.question_id AND q.contest_id = e.contest_id
                               AND a.selected_answer = q.correct_answer
         WHERE e.contest_id = ${contestId} AND e.has_submitted
         GROUP BY e.contest_id, e.user_id, e.submitted_at, c.start_time
      ) s
    ON CONFLICT (contest_id, user_id) DO UPDATE
      SET score = EXCLUDED.score, response_time = EXCLUDED.response_time, rank = EXCLUDED.rank`);
}

export type FinalizeOutcome = "finalized" | "already" | "not-ended" | "missing";

/**
 * Ranks the contest and assigns prizes, once, after it has ended. Runs in its own
 * transaction (a savepoint when the caller has one): the contest row is locked
 * first, so a second finaliser waits, then sees `finalized_at` and does nothing.
 */
export async function finalizeContest(db: DbOrTx, contestId: string, now: Date): Promise<FinalizeOutcome> {
  return db.transaction(async (tx) => {
    const [contest] = rowsOf<{ prize_pool: Record<string, unknown>; finalized: boolean; ended: boolean }>(
      await tx.execute(sql`
        SELECT prize_pool, finalized_at IS NOT NULL AS finalized, end_time <= ${now.toISOString()}::timestamptz AS ended
          FROM contests WHERE id = ${contestId} FOR UPDATE`),
    );
    if (!contest) return "missing";
    if (contest.finalized) return "already";
    if (!contest.ended) return "not-ended";
    await computeResults(tx, contestId);
    const ranked = rowsOf<{ user_id: string; rank: number }>(
      await tx.execute(sql`SELECT user_id, rank FROM contest_results WHERE contest_id = ${contestId} ORDER BY rank, user_id`),
    );
    const prizes = assignPrizes(
      ranked.map((r) => r.rank),
      contest.prize_pool,
    );
    const winners = ranked.flatMap((r, i) => (prizes[i]! > 0 ? [sql`(${r.user_id}::uuid, ${prizes[i]}::int)`] : []));
    if (winners.length > 0) {
      await tx.execute(sql`
        UPDATE contest_results r SET prize_amount = w.amount
          FROM (VALUES ${sql.join(winners, sql`, `)}) AS w(user_id, amount)
         WHERE r.contest_id = ${contestId} AND r.user_id = w.user_id`);
    }
    await tx.execute(sql`UPDATE contests SET finalized_at = ${now.toISOString()}::timestamptz WHERE id = ${contestId}`);
    return "finalized";
  });
}
