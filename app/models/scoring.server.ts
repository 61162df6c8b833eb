// Scores, ranks and prizes, computed on the server from the database only.
import { eq, sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";
import { contest_results, contests } from "~/db/schema";
import { assignPrizes } from "~/utils/prizes";

/**
 * (Re)writes contest_results for every submitted entry of a contest: score = correct
 * answers, response_time = ms from start_time to submission, rank by score desc then
 * response_time asc with exact ties sharing a rank (RANK(), so 1, 2, 2, 4).
 */
export async function computeResults(tx: DbOrTx, contestId: string) {
  await tx.execute(sql`
    INSERT INTO contest_results (contest_id, user_id, score, response_time, rank, updated_at)
    SELECT s.contest_id, s.user_id, s.score, s.response_time,
           RANK() OVER (ORDER BY s.score DESC, s.response_time ASC),
           now()
      FROM (
        SELECT e.contest_id, e.user_id,
               (SELECT count(*) FROM user_answers a
                 WHERE a.user_id = e.user_id AND a.contest_id = e.contest_id AND a.is_correct)::int AS score,
               GREATEST(0, (EXTRACT(EPOCH FROM (e.submitted_at - c.start_time)) * 1000))::int AS response_time
          FROM user_contest_entries e
          JOIN contests c ON c.id = e.contest_id
         WHERE e.contest_id = ${contestId} AND e.has_submitted
      ) s
    ON CONFLICT (contest_id, user_id) DO UPDATE
      SET score = EXCLUDED.score, response_time = EXCLUDED.response_time,
          rank = EXCLUDED.rank, updated_at = EXCLUDED.updated_at`);
}

/**
 * Assigns prizes once, after the contest has ended. Idempotent: the contest row is
 * locked and marked finalised in the same transaction.
 */
export async function finalizeContest(tx: DbOrTx, contestId: string, now: Date) {
  const locked = rowsOf<{ id: string; prize_pool: Record<string, unknown>; finalized: boolean; ended: boolean }>(
    await tx.execute(sql`
      SELECT id, prize_pool, finalized_at IS NOT NULL AS finalized, end_time <= ${now.toISOString()}::timestamptz AS ended
        FROM contests WHERE id = ${contestId} FOR UPDATE`),
  )[0];
  if (!locked || locked.finalized || !locked.ended) return false;
  await computeResults(tx, contestId);
  const ranked = await tx
    .select({ user_id: contest_results.user_id, rank: contest_results.rank })
    .from(contest_results)
    .where(eq(contest_results.contest_id, contestId))
    .orderBy(contest_results.rank);
  const prizes = assignPrizes(
    ranked.map((r) => r.rank ?? Number.MAX_SAFE_INTEGER),
    locked.prize_pool,
  );
  for (const [i, row] of ranked.entries()) {
    if (!prizes[i]) continue;
    await tx
      .update(contest_results)
      .set({ prize_amount: prizes[i] })
      .where(sql`${contest_results.contest_id} = ${contestId} AND ${contest_results.user_id} = ${row.user_id}`);
  }
  await tx.update(contests).set({ finalized_at: now }).where(eq(contests.id, contestId));
  return true;
}
