import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { rate_limits } from "~/db/schema";

export type Limit = { max: number; windowMs: number };

// The numbers live here so the README and docs/decisions/accounts-accounts.md can point at one place.
export const LIMITS = {
  // Login (docs/product/design.md §8; the numbers are argued in docs/decisions/accounts-accounts.md). Every attempt is
  // counted before the password is hashed; a success gives its count back.
  loginPerIp: { max: 300, windowMs: 15 * 60_000 }, // a campus behind one address is many students
  loginPerAccountAndIp: { max: 10, windowMs: 15 * 60_000 }, // one guesser at one account
  loginPerAccount: { max: 100, windowMs: 60 * 60_000 }, // guessers spread over many addresses
  loginPerDevice: { max: 10, windowMs: 15 * 60_000 }, // a browser that signed in before: its own allowance
  signupPerIp: { max: 10, windowMs: 60 * 60_000 },
  signupPerEmail: { max: 5, windowMs: 60 * 60_000 },
  resetRequestsPerIp: { max: 10, windowMs: 60 * 60_000 },
  resetRequestsPerEmail: { max: 3, windowMs: 60 * 60_000 },
  resetSubmitsPerIp: { max: 30, windowMs: 15 * 60_000 },
  contactPerIp: { max: 5, windowMs: 60 * 60_000 },
  // Answers on parents' consent links: a parent answers once or twice; a guesser of links many times.
  consentAnswersPerIp: { max: 30, windowMs: 60 * 60_000 },
  // The parent's mail sent again when the student tries to sign in while waiting.
  consentRemindersPerUser: { max: 3, windowMs: 24 * 60 * 60_000 },
  confirmationResendsPerUser: { max: 3, windowMs: 60 * 60_000 },
  // Certificate codes not found from one address (issue 65): a school mistypes a few; a
  // guesser of codes many. Counted before the lookup, a found code gives its count back.
  certificateMissesPerIp: { max: 30, windowMs: 60 * 60_000 },
  // Ticket numbers not found from one address (issue 67, point 4), counted as certificates' misses are.
  complaintMissesPerIp: { max: 30, windowMs: 60 * 60_000 },
  eventsPerIp: { max: 300, windowMs: 60 * 60_000 },
  commentsPerUser: { max: 20, windowMs: 60 * 60_000 },
  // Reviews written or edited by one buyer (one per order line, so a real buyer needs few).
  reviewsPerUser: { max: 20, windowMs: 60 * 60_000 },
  reactionsPerUser: { max: 300, windowMs: 60 * 60_000 },
  // New gateway orders for one payer and one contest (or cart): a few failed or
  // cancelled attempts are normal, hundreds are a loop.
  ordersPerTarget: { max: 10, windowMs: 60 * 60_000 },
  // Orders placed by one buyer (each reserves copies and may open a gateway order).
  checkoutsPerUser: { max: 20, windowMs: 60 * 60_000 },
  // Changing a password needs the current one: a stolen session may not guess it at leisure.
  passwordChangesPerUser: { max: 10, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/** Counts one hit in a fixed window that starts with the first hit after the last one expired. */
export async function recordHit(db: DbOrTx, key: string, limit: Limit, now: Date) {
  return (await recordHitInWindow(db, key, limit, now)).count;
}

async function recordHitInWindow(db: DbOrTx, key: string, limit: Limit, now: Date) {
  const resetAt = new Date(now.getTime() + limit.windowMs);
  // ISO strings cast in SQL: the two drivers bind Date parameters differently.
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const resetSql = sql`${resetAt.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rate_limits)
    .values({ key, count: 1, reset_at: resetAt })
    .onConflictDoUpdate({
      target: rate_limits.key,
      set: {
        count: sql`CASE WHEN ${rate_limits.reset_at} <= ${nowSql} THEN 1 ELSE ${rate_limits.count} + 1 END`,
        reset_at: sql`CASE WHEN ${rate_limits.reset_at} <= ${nowSql} THEN ${resetSql} ELSE ${rate_limits.reset_at} END`,
      },
    })
    .returning({ count: rate_limits.count, reset_at: rate_limits.reset_at });
  return { count: row?.count ?? 1, resetAt: row ? new Date(row.reset_at) : resetAt };
}

/** Hits first, then answers whether this hit went over the limit. */
export async function consume(db: DbOrTx, key: string, limit: Limit, now: Date) {
  return (await consumeOrWait(db, key, limit, now)) !== null;
}

/** Hits first; over the limit, answers how many seconds are left until its window ends (at least 1), else null. */
export async function consumeOrWait(db: DbOrTx, key: string, limit: Limit, now: Date): Promise<number | null> {
  const { count, resetAt } = await recordHitInWindow(db, key, limit, now);
  return count > limit.max ? Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)) : null;
}

/** Gives back one hit counted by `consume` (an attempt that turned out not to be a failure). */
export async function releaseHit(db: DbOrTx, key: string) {
  await db
    .update(rate_limits)
    .set({ count: sql`GREATEST(${rate_limits.count} - 1, 0)` })
    .where(eq(rate_limits.key, key));
}

/** A lookup whose misses are limited: what it found, that it found nothing, or how long to wait. */
export type MissLimitedLookup<T> = { kind: "found"; value: T } | { kind: "unknown" } | { kind: "limited"; retryAfterS: number };

/**
 * A lookup a guesser could repeat (a certificate's code, a complaint's ticket): the try is
 * counted under `key` before `find` runs, and past the limit nothing is looked up until the
 * window ends, a genuine value neither (else the limit would still answer which guesses
 * exist). A hit gives its own count back, not the misses before it.
 */
export async function lookUpCountingMisses<T>(db: DbOrTx, input: { key: string; limit: Limit; now: Date }, find: () => Promise<T | null | undefined>): Promise<MissLimitedLookup<T>> {
  const retryAfterS = await consumeOrWait(db, input.key, input.limit, input.now);
  if (retryAfterS !== null) return { kind: "limited", retryAfterS };
  const value = await find();
  if (value === null || value === undefined) return { kind: "unknown" };
  await releaseHit(db, input.key);
  return { kind: "found", value };
}

export async function clearHits(db: DbOrTx, key: string) {
  await db.delete(rate_limits).where(eq(rate_limits.key, key));
}
