// Our published rule for when we fail (docs/decisions/contests-shift-when-we-fail.md,
// "When we fail"): NTA gives a candidate whose computer fails the time back; we do the
// same for our own outages. An outage is a time the service was not there: an instance
// that lost its database records the span when it finds it again, and an admin may record
// any other (docs/admin-sql.md). Every entry whose test it overlapped, not submitted
// before it began, gets the minutes lost back as extra time (moving its deadline), once;
// an outage longer than OUTAGE_RETEST_MINUTES in a test also offers a re-test or, for a
// paid entry, a refund (chooseRemedy below). The students' screens and results say what was given.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { rowsOf, type Db, type DbOrTx } from "~/db/client.server";
import { confirmationMail } from "~/models/contests/catalogue/enrolment.server";
import { DEADLINE_SQL, ENTRY_DEADLINE_SQL, GRACE_SQL, LAST_DEADLINE_SQL } from "~/models/contests/sitting/deadline.server";
import { oweRefund } from "~/models/payments/refunds.server";
import { REFUND_REASONS } from "~/models/refund-reasons";
import { enqueueEmail, mailLocale } from "~/services/email.server";
import { env } from "~/utils/env.server";
import { OUTAGE_REMEDIES, WATCHED_OUTAGE_CAUSES, type OUTAGE_CAUSES, type PAYMENT_GATEWAYS } from "~/utils/enums";
import { msgText } from "~/utils/i18n";

export const outageRetestMinutes = () => env().OUTAGE_RETEST_MINUTES;

/**
 * Records an outage; its credits are given by the next creditOutages (which the caller may
 * run at once). Several instances may see one outage the server watches for itself (its
 * database lost, every instance silent, errors), each with its own start and end, in any
 * order: such a span is recorded only where no span of those causes recorded before
 * covers it (the parts outside them, one row each), so however many instances record it,
 * each minute is given back once. Under a lock, so two instances recording at once do not
 * both add it. An admin's record always counts whole.
 */
export async function recordOutage(db: Db, input: { startedAt: Date; endedAt: Date; cause: (typeof OUTAGE_CAUSES)[number]; contestId?: string; detail?: string }) {
  if (input.startedAt >= input.endedAt) return;
  const from = input.startedAt.toISOString();
  const to = input.endedAt.toISOString();
  const watched = sql.join(
    WATCHED_OUTAGE_CAUSES.map((c) => sql`${c}`),
    sql`, `,
  );
  const whole = sql`tstzmultirange(tstzrange(${from}::timestamptz, ${to}::timestamptz))`;
  const pieces = (WATCHED_OUTAGE_CAUSES as readonly string[]).includes(input.cause)
    ? sql`${whole} - COALESCE((SELECT range_agg(tstzrange(started_at, ended_at)) FROM service_outages
                                WHERE cause IN (${watched}) AND started_at < ${to}::timestamptz AND ended_at > ${from}::timestamptz), '{}'::tstzmultirange)`
    : whole;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${OUTAGE_LOCK})`);
    await tx.execute(sql`
      INSERT INTO service_outages (started_at, ended_at, cause, contest_id, detail)
      SELECT lower(piece), upper(piece), ${input.cause}, ${input.contestId ?? null}::uuid, ${input.detail ?? null}
        FROM unnest(${pieces}) AS piece`);
  });
}

/** Held while an outage is recorded (any number: only this module takes it). */
const OUTAGE_LOCK = 5_050_001;

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

/** The longest outage past the bound in entry `e`'s test, in minutes (null: none). */
const PAST_BOUND_SQL = sql`(SELECT max(oc.minutes) FROM outage_credits oc WHERE oc.entry_id = e.id AND oc.past_bound)`;

/**
 * Entry `e` of contest `c` was never started and its time, with the grace, is over at
 * `now`: our outage may be why. (One started and not submitted is not: the sweep submits
 * what it saved.)
 */
const missedSql = (now: Date) => sql`(NOT e.has_submitted AND e.started_at IS NULL AND ${ENTRY_DEADLINE_SQL} + ${GRACE_SQL} < ${now.toISOString()}::timestamptz)`;

/** What our outages did to a student's test: the minutes given back, the longest outage past the bound (a re-test or refund), if any, what they chose, and whether the test was missed. */
export type OutageCredit = { givenMinutes: number; pastBound: { minutes: number; bound: number } | null; chosen: OutageRemedy | null; missed: boolean };

export async function outageCreditOf(db: DbOrTx, input: { contestId: string; userId: string; now: Date }): Promise<OutageCredit | null> {
  const [row] = rowsOf<{ given: number; past: number | null; choice: OutageRemedy | null; missed: boolean }>(
    await db.execute(sql`
      SELECT e.outage_minutes AS given, ${PAST_BOUND_SQL} AS past, m.choice, ${missedSql(input.now)} AS missed
        FROM user_contest_entries e JOIN contests c ON c.id = e.contest_id
        LEFT JOIN outage_remedies m ON m.contest_id = e.contest_id AND m.user_id = e.user_id
       WHERE e.contest_id = ${input.contestId} AND e.user_id = ${input.userId}`),
  );
  if (!row || (row.given === 0 && row.past === null)) return null;
  return { givenMinutes: row.given, pastBound: row.past === null ? null : { minutes: row.past, bound: outageRetestMinutes() }, chosen: row.choice, missed: row.missed };
}

export type OutageRemedy = (typeof OUTAGE_REMEDIES)[number];

/** What /contest/{id}/outage shows one student: the outage past the bound, their paid fee, their choice if made, the re-test if scheduled. */
export type RemedyState = {
  title: string;
  pastBound: { minutes: number; bound: number };
  submitted: boolean;
  /** Never started, and its time is over: our outage may be why (a no-show chooses as a submitted test does). */
  missed: boolean;
  finalized: boolean;
  fee: number | null;
  chosen: { choice: OutageRemedy; chosenAt: Date } | null;
  retest: { id: string; title: string; startTime: Date; enrolled: boolean } | null;
};

type RemedyRow = {
  title: string;
  past: number | null;
  submitted: boolean;
  missed: boolean;
  finalized: boolean;
  fee: number | null;
  gateway: (typeof PAYMENT_GATEWAYS)[number] | null;
  order_id: string | null;
  payment_id: string | null;
  choice: OutageRemedy | null;
  chosen_at: string | null;
  retest_id: string | null;
  retest_title: string | null;
  retest_start: string | null;
  retest_enrolled: boolean;
};

/**
 * The entry's remedy row (`lock`: the entry for update and its contest shared, so a choice and
 * the contest's finalisation never interleave). The lock is its own statement, before the
 * read: a second choice waiting on it must then read the first one's row. Taken in the same
 * statement, PostgreSQL re-checks only the locked rows once the first commits and keeps the
 * joined remedy as it was (none), so two tabs both inserted and one answered 500 (issue 65, point 6).
 */
async function remedyRow(db: DbOrTx, input: { contestId: string; userId: string; now: Date }, lock = false) {
  if (lock) {
    await db.execute(sql`
      SELECT 1 FROM user_contest_entries e JOIN contests c ON c.id = e.contest_id
       WHERE e.contest_id = ${input.contestId} AND e.user_id = ${input.userId}
         FOR UPDATE OF e FOR SHARE OF c`);
  }
  const [row] = rowsOf<RemedyRow>(
    await db.execute(sql`
      SELECT c.title, e.has_submitted AS submitted, c.finalized_at IS NOT NULL AS finalized,
             ${missedSql(input.now)} AS missed,
             ${PAST_BOUND_SQL} AS past,
             p.amount AS fee, p.gateway, p.razorpay_order_id AS order_id, p.razorpay_payment_id AS payment_id,
             m.choice, m.chosen_at,
             r.id AS retest_id, r.title AS retest_title, r.start_time AS retest_start,
             EXISTS (SELECT 1 FROM user_contest_entries re WHERE re.contest_id = r.id AND re.user_id = e.user_id) AS retest_enrolled
        FROM user_contest_entries e
        JOIN contests c ON c.id = e.contest_id
        LEFT JOIN payments p ON p.id = e.payment_id AND p.amount > 0
        LEFT JOIN outage_remedies m ON m.contest_id = e.contest_id AND m.user_id = e.user_id
        LEFT JOIN LATERAL (SELECT id, title, start_time FROM contests WHERE retest_of = c.id ORDER BY start_time DESC LIMIT 1) r ON true
       WHERE e.contest_id = ${input.contestId} AND e.user_id = ${input.userId}`),
  );
  return row;
}

/** The student's remedy page, or null when no outage passed the bound in their test (the page is then a 404). */
export async function remedyState(db: DbOrTx, input: { contestId: string; userId: string; now: Date }): Promise<RemedyState | null> {
  const row = await remedyRow(db, input);
  if (!row || row.past === null) return null;
  return {
    title: row.title,
    pastBound: { minutes: row.past, bound: outageRetestMinutes() },
    submitted: row.submitted,
    missed: row.missed,
    finalized: row.finalized,
    fee: row.fee,
    chosen: row.choice ? { choice: row.choice, chosenAt: new Date(row.chosen_at!) } : null,
    retest: row.retest_id ? { id: row.retest_id, title: row.retest_title!, startTime: new Date(row.retest_start!), enrolled: row.retest_enrolled } : null,
  };
}

/** The remedy page's form: one of its two buttons. */
export const RemedySchema = z.object({ choice: z.enum(OUTAGE_REMEDIES, { errorMap: () => ({ message: msgText({ id: "results.remedy.pick" }) }) }) });

export type RemedyRefusal = "not-offered" | "not-submitted" | "final" | "already" | "not-paid";

/**
 * The student's choice, once, while the contest's results are not final: a re-test (they are
 * enrolled in it now if it is scheduled and not started, else when it is: enrolRetakers), or
 * their fee back through the ledger (a paid entry only). Either way the entry's result
 * leaves the ranking and prizes. Only after the test is submitted (before, the time given
 * back still counts), or once the time of a test never started is over: a student our
 * outage kept from starting has no result to keep, and chooses too, final results or not.
 */
export async function chooseRemedy(db: Db, input: { contestId: string; userId: string; choice: OutageRemedy; now: Date }): Promise<{ ok: true } | { ok: false; reason: RemedyRefusal }> {
  return db.transaction(async (tx) => {
    const row = await remedyRow(tx, input, true);
    if (!row || row.past === null) return { ok: false, reason: "not-offered" };
    if (row.choice) return { ok: false, reason: "already" };
    if (!row.submitted && !row.missed) return { ok: false, reason: "not-submitted" };
    // A missed test has no result to rank: final results do not close its choice.
    if (row.finalized && !row.missed) return { ok: false, reason: "final" };
    if (input.choice === "refund" && (row.fee === null || !row.payment_id)) return { ok: false, reason: "not-paid" };
    await tx.execute(sql`
      INSERT INTO outage_remedies (contest_id, user_id, choice, chosen_at)
      VALUES (${input.contestId}, ${input.userId}, ${input.choice}, ${input.now.toISOString()}::timestamptz)`);
    if (input.choice === "refund") {
      await oweRefund(tx, { userId: input.userId, gateway: row.gateway!, orderId: row.order_id!, paymentId: row.payment_id!, amount: row.fee!, reason: REFUND_REASONS.contestOutage(row.title) });
    } else {
      await enrolRetakers(tx, input.now, { userId: input.userId, contestId: input.contestId });
    }
    return { ok: true };
  });
}

/**
 * Enrols everyone who chose a re-test in it once it is scheduled (a contest whose retest_of
 * names theirs, not started yet), with the usual confirmation mail. The contest sweep runs
 * it, so a re-test an admin schedules (docs/admin-sql.md) fills by itself; `only`, one
 * student's choice just made. Returns how many.
 */
export async function enrolRetakers(db: DbOrTx, now: Date, only?: { userId: string; contestId: string }) {
  const made = rowsOf<{ email: string; locale: string | null; name: string | null; title: string; start_time: string }>(
    await db.execute(sql`
      WITH made AS (
        INSERT INTO user_contest_entries (user_id, contest_id)
        SELECT m.user_id, r.id
          FROM contests r JOIN outage_remedies m ON m.contest_id = r.retest_of AND m.choice = 'retest'
         WHERE r.retest_of IS NOT NULL AND r.start_time > ${now.toISOString()}::timestamptz
           ${only ? sql`AND m.user_id = ${only.userId} AND m.contest_id = ${only.contestId}` : sql``}
           AND NOT EXISTS (SELECT 1 FROM user_contest_entries x WHERE x.user_id = m.user_id AND x.contest_id = r.id)
        ON CONFLICT DO NOTHING
        RETURNING user_id, contest_id)
      SELECT u.email, u.locale, p.full_name AS name, c.title, c.start_time
        FROM made JOIN users u ON u.id = made.user_id JOIN contests c ON c.id = made.contest_id LEFT JOIN profiles p ON p.id = u.id`),
  );
  for (const row of made) {
    await enqueueEmail(db, confirmationMail({ student: { email: row.email, name: row.name, locale: mailLocale(row.locale) }, title: row.title, startTime: new Date(row.start_time), payment: null }));
  }
  return made.length;
}
