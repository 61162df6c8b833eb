// Our published rule for when we fail (docs/decisions/contests-a-shift-at-one-instant.md,
// "When we fail"): NTA gives a candidate whose computer fails the time back; we do the
// same for our own outages. An outage is a time the service was not there: an instance
// that lost its database records the span when it finds it again, and an admin may record
// any other (docs/admin-sql.md). Every entry whose test it overlapped, not submitted
// before it began, gets the minutes lost back as extra time (moving its deadline), once;
// an outage longer than OUTAGE_RETEST_MINUTES in a test also offers a re-test or, for a
// paid entry, a refund. The students' screens and results say what was given.
import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";
import { DEADLINE_SQL, LAST_DEADLINE_SQL } from "~/models/contests/sitting/deadline.server";
import { env } from "~/utils/env.server";
import type { OUTAGE_CAUSES } from "~/utils/enums";

export const outageRetestMinutes = () => env().OUTAGE_RETEST_MINUTES;

/**
 * Records an outage; its credits are given by the next creditOutages (which the caller may
 * run at once). Several instances that lost the same database each see it: a database
 * span that overlaps one already recorded is not recorded again (an admin's record always is).
 */
export async function recordOutage(db: DbOrTx, input: { startedAt: Date; endedAt: Date; cause: (typeof OUTAGE_CAUSES)[number]; contestId?: string; detail?: string }) {
  const from = input.startedAt.toISOString();
  const to = input.endedAt.toISOString();
  await db.execute(sql`
    INSERT INTO service_outages (started_at, ended_at, cause, contest_id, detail)
    SELECT ${from}::timestamptz, ${to}::timestamptz, ${input.cause}, ${input.contestId ?? null}::uuid, ${input.detail ?? null}
     WHERE ${input.cause} <> 'database'
        OR NOT EXISTS (SELECT 1 FROM service_outages WHERE cause = 'database' AND started_at < ${to}::timestamptz AND ended_at > ${from}::timestamptz)`);
}

/**
 * Gives every outage not yet credited its credits, each in one statement, once (a row per
 * outage and entry; the outage marked credited in the same statement). An outage is of
 * every contest running then, or of the one it names. An entry is
 * affected if its test's time (from the contest's start to the entry's deadline, or its
 * submission) overlaps the outage. The minutes lost, rounded
 * up, go to its extra time (bounded by the column's 600), so its deadline moves; an
 * entry submitted meanwhile gets a record only past the bound, for the re-test or refund.
 * Returns the credits given.
 */
export async function creditOutages(db: DbOrTx, now: Date) {
  const due = rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM service_outages WHERE credited_at IS NULL AND ended_at <= ${now.toISOString()}::timestamptz ORDER BY ended_at LIMIT 20`));
  let given = 0;
  for (const { id } of due) {
    const [row] = rowsOf<{ credits: number }>(
      await db.execute(sql`
        WITH outage AS (
          UPDATE service_outages SET credited_at = ${now.toISOString()}::timestamptz WHERE id = ${id} AND credited_at IS NULL RETURNING *
        ), hit AS (
          SELECT e.id AS entry_id, e.has_submitted,
                 ceil(extract(epoch FROM LEAST(o.ended_at, ${DEADLINE_SQL} + e.extra_minutes * interval '1 minute', COALESCE(e.submitted_at, 'infinity')) - GREATEST(o.started_at, c.start_time)) / 60)::int AS minutes
            FROM outage o
            JOIN contests c ON (o.contest_id IS NULL OR c.id = o.contest_id) AND c.start_time < o.ended_at AND ${LAST_DEADLINE_SQL} > o.started_at
            JOIN user_contest_entries e ON e.contest_id = c.id
           WHERE e.submitted_at IS NULL OR e.submitted_at > o.started_at
        ), credited AS (
          INSERT INTO outage_credits (outage_id, entry_id, minutes, past_bound)
          SELECT ${id}, entry_id, minutes, minutes > ${outageRetestMinutes()} FROM hit
           WHERE minutes > 0 AND (NOT has_submitted OR minutes > ${outageRetestMinutes()})
          ON CONFLICT DO NOTHING
          RETURNING entry_id, minutes
        ), moved AS (
          UPDATE user_contest_entries e
             SET extra_minutes = LEAST(600, e.extra_minutes + cr.minutes),
                 outage_minutes = e.outage_minutes + LEAST(600, e.extra_minutes + cr.minutes) - e.extra_minutes
            FROM credited cr JOIN hit h ON h.entry_id = cr.entry_id
           WHERE e.id = cr.entry_id AND NOT h.has_submitted
          RETURNING e.id
        )
        SELECT (SELECT count(*) FROM credited)::int AS credits`),
    );
    given += row?.credits ?? 0;
  }
  return given;
}

/** What our outages did to a student's test: the minutes given back, and the longest outage past the bound (a re-test or refund), if any. */
export type OutageCredit = { givenMinutes: number; pastBound: { minutes: number; bound: number } | null };

export async function outageCreditOf(db: DbOrTx, input: { contestId: string; userId: string }): Promise<OutageCredit | null> {
  const [row] = rowsOf<{ given: number; past: number | null }>(
    await db.execute(sql`
      SELECT e.outage_minutes AS given, (SELECT max(minutes) FROM outage_credits oc WHERE oc.entry_id = e.id AND oc.past_bound) AS past
        FROM user_contest_entries e WHERE e.contest_id = ${input.contestId} AND e.user_id = ${input.userId}`),
  );
  if (!row || (row.given === 0 && row.past === null)) return null;
  return { givenMinutes: row.given, pastBound: row.past === null ? null : { minutes: row.past, bound: outageRetestMinutes() } };
}

/**
 * This instance's watch on its database: each tick asks it a trivial question with a short
 * deadline. The first failure starts an outage; the first answer after failures records
 * it (from the first failure to now). An instance that stops while the database is away
 * records nothing: another instance that saw it does (recordOutage records a span once).
 */
export function createDatabaseWatch(input: { ping: () => Promise<unknown>; record: (span: { startedAt: Date; endedAt: Date }) => Promise<unknown> }) {
  let downSince: Date | null = null;
  return async function tick(now = new Date()) {
    try {
      await input.ping();
    } catch {
      downSince ??= now;
      return "down" as const;
    }
    if (!downSince) return "up" as const;
    const span = { startedAt: downSince, endedAt: now };
    downSince = null;
    await input.record(span);
    return "recorded" as const;
  };
}
