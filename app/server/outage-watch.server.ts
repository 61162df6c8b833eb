// An instance's watch on its own service (docs/decisions/contests-a-shift-at-one-instant.md,
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
 */
export function createDatabaseWatch(input: { ping: () => Promise<"ok" | "late">; record: (span: Span) => Promise<unknown> }) {
  let downSince: Date | null = null;
  return async function tick(now = new Date()) {
    const answer = await input.ping().catch(() => "failed" as const);
    if (answer !== "ok") {
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

/** How much of an instance's replies must fail, out of how many at least in one tick, for how long, before it is an outage. */
export const ERROR_OUTAGE = { share: 0.5, minReplies: 20, minMs: 10_000 };

/**
 * The watch on the instance's own replies: `count` sees every reply's status; each tick looks
 * at the replies since the last. A tick with at least `minReplies` of which `share` or more
 * were errors (5xx: a failure, or load shed) is down. A run of down ticks lasting
 * `minMs` or more is recorded when it ends (the first tick that is not down, or quiet);
 * a shorter run is a blip the pages' own retries cover.
 */
export function createErrorWatch(input: { record: (span: Span) => Promise<unknown>; limits?: typeof ERROR_OUTAGE; now?: Date }) {
  const limits = input.limits ?? ERROR_OUTAGE;
  let replies = 0;
  let errors = 0;
  let last = input.now ?? new Date();
  let run: Span | null = null;
  return {
    count(status: number) {
      replies++;
      if (status >= 500) errors++;
    },
    async tick(now = new Date()) {
      const down = replies >= limits.minReplies && errors >= limits.share * replies;
      const windowStart = last;
      replies = 0;
      errors = 0;
      last = now;
      if (down) {
        run = { startedAt: run?.startedAt ?? windowStart, endedAt: now };
        return "down" as const;
      }
      if (!run) return "up" as const;
      const ended = run;
      run = null;
      if (ended.endedAt.getTime() - ended.startedAt.getTime() < limits.minMs) return "up" as const;
      await input.record(ended);
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
