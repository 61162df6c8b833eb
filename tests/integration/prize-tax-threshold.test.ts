// Issue 67, point 3: an operator whose counsel reads a floor into the Income-tax Act, 2025
// sets PRIZE_TAX_THRESHOLD (here ₹500; the default 0 is no floor, tests/integration/prize-tax.test.ts).
// A prize of at most the threshold has nothing withheld, and its statement says 0%; one
// above has the rate on the whole prize; the rules sheet says where the floor is.
// (The environment is read once per test file: this file sets it before the first read.)
import { eq } from "drizzle-orm";
import { afterAll, expect, test, vi } from "vitest";
import { db } from "~/db/client.server";
import { email_outbox, payouts } from "~/db/schema";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import * as rulesRoute from "~/routes/contest.$id.rules";
import { call, getRequest } from "../support/remix";
import { contestWithResults, signedInStudent } from "../support/scenarios";

const before = vi.hoisted(() => {
  const was = process.env.PRIZE_TAX_THRESHOLD;
  process.env.PRIZE_TAX_THRESHOLD = "500";
  return was;
});
afterAll(() => {
  if (before === undefined) delete process.env.PRIZE_TAX_THRESHOLD;
  else process.env.PRIZE_TAX_THRESHOLD = before;
});

const HOUR = 3_600_000;

test("at or below the threshold nothing is withheld (0% on the statement); above it the rate is on the whole prize", async () => {
  const [first, second, third] = [await signedInStudent(), await signedInStudent(), await signedInStudent()];
  const start = new Date(Date.now() - 3 * HOUR);
  const { contestId, contest } = await contestWithResults({
    start,
    end: new Date(start.getTime() + HOUR),
    prizePool: { first: 501, second: 500, third: 100 },
    students: [first, second, third].map((s, i) => ({ userId: s.userId, correct: 4 - i, minutes: 5 })),
  });
  expect(await finalizeContest(db, contestId, new Date())).toBe("finalized");
  const rows = Object.fromEntries((await db.select().from(payouts).where(eq(payouts.contest_id, contestId))).map((p) => [p.user_id, [p.gross, p.tax, p.net, p.tax_rate_bp]]));
  expect(rows).toEqual({ [first.userId]: [501, 150, 351, 3000], [second.userId]: [500, 0, 500, 0], [third.userId]: [100, 0, 100, 0] });
  const [mail] = await db.select().from(email_outbox).where(eq(email_outbox.subject, `Your prize in ${contest.title}: ₹500`));
  expect(mail!.text).toContain("Prize ₹500; tax withheld at 0% (section 393(3) of the Income-tax Act, 2025) ₹0; paid to you ₹500.");

  const sheet = await call(rulesRoute.loader as never, getRequest(`/contest/${contestId}/rules`), { params: { id: contestId } });
  expect(sheet.data).toMatchObject({ taxPercent: 30, taxThreshold: 500 });
});
