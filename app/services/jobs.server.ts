// Background work is one queue (docs/product/style.md §22): the mail outbox, refunds and
// payouts each keep their rows where their domain reads them, and every one of them is
// taken by this one claim. A claim moves the rows' next attempt past a lease in the same
// statement that picks them (`FOR UPDATE SKIP LOCKED`), so two workers, on any instances,
// never hold one row at once; a worker that dies leaves its rows to the next after the
// lease. What a job does with its row, and when it is due again, is the job's own.
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";

/**
 * A queue over one table: which rows are due (besides `next_attempt_at <= now`), in what
 * order, how long a claim holds them, what the claim sets besides the lease, and which
 * columns the job reads. Every queue's table has `id` and `next_attempt_at`.
 */
export type JobQueue = {
  /** The table, as SQL (e.g. sql`refunds`). */
  table: SQL;
  /** Which rows are waiting, e.g. sql`status = 'queued'`. */
  waiting: SQL;
  /** The order rows are taken in; the oldest due first unless said. */
  order?: SQL;
  /** How long a claim holds a row before another worker may take it. */
  leaseMs: number;
  /** More to set as the row is taken, e.g. sql`attempts = attempts + 1`. */
  alsoSet?: SQL;
  /** The columns the job reads, e.g. sql`id, amount, attempts`. */
  returning: SQL;
  /** A SELECT over the claimed rows (`taken`), to read more with them (a winner's details); default all of `taken`. */
  select?: SQL;
};

/** Takes up to `limit` due rows of `queue` under a lease and returns them. */
export async function claimDue<Row>(db: DbOrTx, queue: JobQueue, now: Date, limit: number): Promise<Row[]> {
  const until = new Date(now.getTime() + queue.leaseMs).toISOString();
  return rowsOf<Row>(
    await db.execute(sql`
      WITH taken AS (
        UPDATE ${queue.table}
           SET next_attempt_at = ${until}::timestamptz${queue.alsoSet ? sql`, ${queue.alsoSet}` : sql``}
         WHERE id IN (SELECT id FROM ${queue.table}
                       WHERE (${queue.waiting}) AND next_attempt_at <= ${now.toISOString()}::timestamptz
                       ORDER BY ${queue.order ?? sql`next_attempt_at`}
                       LIMIT ${limit}
                       FOR UPDATE SKIP LOCKED)
        RETURNING ${queue.returning})
      ${queue.select ?? sql`SELECT * FROM taken`}`),
  );
}

/** The wait before try n+1: `baseMs` doubled per try (1, 2, 4 … minutes by default), at most `maxMs`. */
export const backoffMs = (attempts: number, { baseMs = 60_000, maxMs = 60 * 60_000 } = {}) => Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
