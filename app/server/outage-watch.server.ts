// An instance's watch on its own service (docs/decisions/contests-shift-when-we-fail.md,
// "When we fail"). Three ways the service can be missing for students, each recorded as an
// outage once it is over, so that app/models/contests/sitting/outages.server.ts gives the
// time back:
// - the instance's database does not answer (createDatabaseWatch);
// - most of the instance's replies are errors (createErrorWatch);
// - no instance was running at all: every instance's heartbeat stopped, which the first to
//   start again sees (beat and wakeUp).
// A watch only decides when a span began and ended; what it costs students is the rule's.
import { sql } from "drizzle-orm";
import { rowsOf, type Db, type DbOrTx } from "~/db/client.server";

export type Span = { startedAt: Date; endedAt: Date };

/**
 * The watch on the database: each tick asks it the health check's question. The first
 * failure starts an outage; the first answer after failures records it (from the first
 * failure to now). An instance that stops while the database is away records nothing: a
 * restarted one sees the silence (wakeUp), and another instance that saw it records it.
 * A late answer is a failure on PostgreSQL; on the embedded database, which answers one
 * query at a time, it is that database's known ceiling (README), never an outage
 * (`lateIsDown: false`, issue 65, point 5).
 */
export function createDatabaseWatch(input: { ping: () => Promise<"ok" | "late">; record: (span: Span) => Promise<unknown>; lateIsDown?: boolean }) {
  const lateIsDown = input.lateIsDown ?? true;
  let downSince: Date | null = null;
  return async function tick(now = new Date()) {
    const answer = await input.ping().catch(() => "failed" as const);
    if (answer === "failed" || (answer === "late" && lateIsDown)) {
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

/**
 * How much of an instance's replies must fail, out of how many at least in one tick, for how
 * long, and how widely, before it is an outage: the failures of one run reached at least
 * `minSessions` signed-in people from `minAddresses` addresses, and no address's errors
 * count for more than a `minAddresses`-th of a tick's replies (issue 65, point 1).
 */
export const ERROR_OUTAGE = { share: 0.5, minReplies: 20, minMs: 10_000, minSessions: 5, minAddresses: 3 };

/** A reply as the watch sees it: the front door's report (app/server/front-door.server.ts), with who was signed in. */
export type WatchedReply = { status: number; address: string; session: string | null; refused?: "load" | "client" };

/** Addresses whose errors are told apart in one tick; past it (a crowd, not a stranger) each error counts as its own. */
const ADDRESSES_KEPT = 1_000;

/**
 * The watch on the instance's own replies: `count` sees every reply; each tick looks at the
 * replies since the last. A tick with at least `minReplies` of which `share` or more were
 * errors (5xx: a failure, or load shed) is down, each address's errors counting up to its
 * cap. A run of down ticks lasting `minMs` or more is recorded when it ends (the first tick
 * that is not down, or quiet), if its failures were spread wide enough; a shorter run is a
 * blip the pages' own retries cover.
 *
 * Never counted: a reply the shedder refused because its client held its own share (the
 * client's doing, not ours), and on the embedded database (`shedIsOutage: false`) any
 * reply shed for load, which is that database's known ceiling.
 */
export function createErrorWatch(input: { record: (span: Span) => Promise<unknown>; limits?: typeof ERROR_OUTAGE; now?: Date; shedIsOutage?: boolean }) {
  const limits = input.limits ?? ERROR_OUTAGE;
  const shedIsOutage = input.shedIsOutage ?? true;
  let replies = 0;
  let errorsByAddress = new Map<string, number>();
  let errorsPastKept = 0;
  let tickSessions = new Set<string>();
  let last = input.now ?? new Date();
  let run: (Span & { sessions: Set<string>; addresses: Set<string> }) | null = null;
  const addBounded = (set: Set<string>, value: string, bound: number) => set.size < bound && set.add(value);
  return {
    count(reply: WatchedReply) {
      if (reply.refused === "client" || (reply.refused === "load" && !shedIsOutage)) return;
      replies++;
      if (reply.status < 500) return;
      const seen = errorsByAddress.get(reply.address);
      if (seen !== undefined || errorsByAddress.size < ADDRESSES_KEPT) errorsByAddress.set(reply.address, (seen ?? 0) + 1);
      else errorsPastKept++;
      if (reply.session) addBounded(tickSessions, reply.session, limits.minSessions);
    },
    async tick(now = new Date()) {
      const cap = replies / limits.minAddresses;
      let errors = errorsPastKept;
      for (const n of errorsByAddress.values()) errors += Math.min(n, cap);
      const down = replies >= limits.minReplies && errors >= limits.share * replies;
      const windowStart = last;
      const addresses = errorsByAddress;
      const sessions = tickSessions;
      replies = 0;
      errorsByAddress = new Map();
      errorsPastKept = 0;
      tickSessions = new Set();
      last = now;
      if (down) {
        run ??= { startedAt: windowStart, endedAt: now, sessions: new Set(), addresses: new Set() };
        run.endedAt = now;
        for (const session of sessions) addBounded(run.sessions, session, limits.minSessions);
        for (const address of addresses.keys()) addBounded(run.addresses, address, limits.minAddresses);
        return "down" as const;
      }
      if (!run) return "up" as const;
      const ended = run;
      run = null;
      if (ended.endedAt.getTime() - ended.startedAt.getTime() < limits.minMs) return "up" as const;
      if (ended.sessions.size < limits.minSessions || ended.addresses.size < limits.minAddresses) return "narrow" as const;
      await input.record({ startedAt: ended.startedAt, endedAt: ended.endedAt });
      return "recorded" as const;
    },
  };
}

/** A silence longer than this (four missed beats) is an outage; shorter is a restart's own moment. */
export const SILENCE_MS = 20_000;

/** This instance is alive now. */
export async function beat(db: DbOrTx, instance: string, now: Date) {
  await db.execute(sql`
    INSERT INTO instance_beats (instance, beat_at) VALUES (${instance}, ${now.toISOString()}::timestamptz)
    ON CONFLICT (instance) DO UPDATE SET beat_at = excluded.beat_at`);
}

/**
 * At start-up: the span since the last beat of any instance, if it is longer than SILENCE_MS
 * (no instance was running: a crash of all, or a stop of all during a test), and this
 * instance's first beat, under one lock, so that of two instances starting together only
 * the first finds the silence. Then beats of instances gone a day are forgotten. A first
 * start, with no beat, is no outage.
 */
export async function wakeUp(db: Db, instance: string, now: Date): Promise<Span | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${WAKE_LOCK})`);
    const [row] = rowsOf<{ last: string | null }>(await tx.execute(sql`SELECT max(beat_at) AS last FROM instance_beats`));
    await beat(tx, instance, now);
    await tx.execute(sql`DELETE FROM instance_beats WHERE beat_at < ${now.toISOString()}::timestamptz - interval '1 day'`);
    if (!row?.last) return null;
    const last = new Date(row.last);
    return now.getTime() - last.getTime() > SILENCE_MS ? { startedAt: last, endedAt: now } : null;
  });
}

/** Held while an instance wakes (any number: only this module takes it). */
const WAKE_LOCK = 5_050_002;
