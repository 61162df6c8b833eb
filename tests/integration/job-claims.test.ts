// Issue 45, point 4: one claim for every background job (app/services/jobs.server.ts), used
// by the mail outbox, refunds and payouts. Six workers drain one queue at once, again and
// again: no job is ever held by two of them, and none is left behind. Before, each purpose
// had its own copy; removing the payout copy's lock left every test green.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { email_outbox } from "~/db/schema";
import { backoffMs, claimDue, type JobQueue } from "~/services/jobs.server";
import { PROVEN_ON_POSTGRESQL } from "../support/locks";

const JOBS = 300;

test(`${PROVEN_ON_POSTGRESQL} six workers draining one queue at once never take the same job, and take every job once`, async () => {
  const marker = `[claims ${randomBytes(4).toString("hex")}]`;
  await db.insert(email_outbox).values(Array.from({ length: JOBS }, (_, i) => ({ to_address: `claims${i}@example.in`, subject: `${marker} ${i}`, html: "", text: "" })));
  // The outbox's own shape, over this test's mails only (a worker elsewhere in the run must not take them).
  const queue: JobQueue = {
    table: sql`email_outbox`,
    waiting: sql`status = 'pending' AND subject LIKE ${`${marker}%`}`,
    order: sql`created_at`,
    leaseMs: 60_000,
    alsoSet: sql`attempts = attempts + 1`,
    returning: sql`id, attempts`,
  };
  const now = new Date(Date.now() + 60_000);
  const taken: string[] = [];
  const worker = async () => {
    for (;;) {
      const rows = await claimDue<{ id: string; attempts: number }>(db, queue, now, 7);
      if (rows.length === 0) return;
      taken.push(...rows.map((r) => r.id));
      // Each claim counted exactly once on the row.
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  expect(taken.length).toBe(JOBS);
  expect(new Set(taken).size).toBe(JOBS);
  // Held: nothing is due again before the lease ends, everything is after it.
  expect(await claimDue(db, queue, now, 1000)).toEqual([]);
  expect(await claimDue(db, queue, new Date(now.getTime() + 60_001), 1000)).toHaveLength(JOBS);
});

test("the backoff doubles from its base and stops at its cap", () => {
  expect([1, 2, 3, 4, 7, 8, 20].map((n) => backoffMs(n) / 60_000)).toEqual([1, 2, 4, 8, 60, 60, 60]);
  expect([1, 2, 3].map((n) => backoffMs(n, { baseMs: 2 * 60_000 }) / 60_000)).toEqual([2, 4, 8]);
  expect(backoffMs(0)).toBe(60_000);
});
