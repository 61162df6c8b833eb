// Issue 31, point 4: when results are final each prize becomes one payout, with the tax
// withheld at the configured rate (30%, section 393(3) of the Income-tax Act, 2025) and what is paid; a winner without
// payout details is asked by mail and on the dashboard, and the prize waits until they
// add them; the winner reads a prize statement; never twice, however often finalisation runs.
import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, rowsOf } from "~/db/client.server";
import { email_outbox, payouts } from "~/db/schema";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import { savePayoutDetails } from "~/models/payments/payout-details.server";
import { savePan } from "~/models/payments/tax/pan.server";
import * as dashboardRoute from "~/routes/dashboard";
import * as resultsRoute from "~/routes/contest.$id.results";
import { call, getRequest } from "../support/remix";
import { contestWithResults, signedInStudent } from "../support/scenarios";

const HOUR = 3_600_000;

test("prizes become payouts once, with 30% withheld; a winner without details waits, is asked, and is queued once they add them", async () => {
  const [first, second, third] = [await signedInStudent(), await signedInStudent(), await signedInStudent()];
  await savePayoutDetails(db, first.userId, { method: "upi", upiId: "first@okaxis" });
  // Both gave their PAN (a prize waits for it too: tests/integration/prize-tax.test.ts); the second has no payout details.
  await savePan(db, first.userId, { pan: "ABCPF1234F", panName: "First Place" });
  await savePan(db, second.userId, { pan: "ABCPS1234F", panName: "Second Place" });
  const start = new Date(Date.now() - 3 * HOUR);
  const { contestId, contest } = await contestWithResults({
    start,
    end: new Date(start.getTime() + HOUR),
    prizePool: { first: 1000, second: 333 },
    students: [
      { userId: first.userId, correct: 4, minutes: 5 },
      { userId: second.userId, correct: 3, minutes: 5 },
      { userId: third.userId, correct: 2, minutes: 5 },
    ],
  });
  expect(await finalizeContest(db, contestId, new Date())).toBe("finalized");
  expect(await finalizeContest(db, contestId, new Date())).toBe("already");

  const rows = Object.fromEntries((await db.select().from(payouts).where(eq(payouts.contest_id, contestId))).map((p) => [p.user_id, [p.gross, p.tax, p.net, p.tax_rate_bp, p.status]]));
  // 333 × 30% = 99.9: ₹100 withheld, ₹233 paid. Third place won nothing: no payout.
  expect(rows).toEqual({ [first.userId]: [1000, 300, 700, 3000, "queued"], [second.userId]: [333, 100, 233, 3000, "awaiting_details"] });

  const mails = await db.select().from(email_outbox).where(eq(email_outbox.subject, `Your prize in ${contest.title}: ₹233`));
  expect(mails.map((m) => m.to_address)).toEqual([second.email]);
  expect(mails[0]!.text).toContain("Prize ₹333; tax withheld at 30% (section 393(3) of the Income-tax Act, 2025) ₹100; paid to you ₹233.");
  expect(mails[0]!.text).toContain("It waits until you do.");
  expect(await db.$count(email_outbox, eq(email_outbox.subject, `Your prize in ${contest.title}: ₹700`))).toBe(1);

  // The dashboard asks the waiting winner; the results show each winner's statement.
  const dashboard = async (cookie: string) => (await call(dashboardRoute.loader as never, getRequest("/dashboard", cookie))).data.waiting;
  expect(await dashboard(second.cookie)).toEqual({ count: 1, net: 233 });
  expect(await dashboard(first.cookie)).toEqual({ count: 0, net: 0 });
  const statement = async (cookie: string) => (await call(resultsRoute.loader as never, getRequest(`/contest/${contestId}/results`, cookie), { params: { id: contestId } })).data.statement;
  expect(await statement(first.cookie)).toMatchObject({ gross: 1000, tax: 300, net: 700, taxRateBp: 3000, status: "queued" });
  expect(await statement(second.cookie)).toMatchObject({ net: 233, status: "awaiting_details" });
  expect(await statement(third.cookie)).toBeNull();

  // The admin's documented view of what is not paid yet: both, by their state.
  const doc = fs.readFileSync("docs/admin-sql.md", "utf8").match(/```sql payouts-open\n([\s\S]*?)```/)![1]!;
  const open = rowsOf<{ title: string; email: string; net: number; status: string }>(await db.execute(sql.raw(doc))).filter((r) => r.title === contest.title);
  expect(open.map((r) => [r.email, r.net, r.status])).toEqual([
    [second.email, 233, "awaiting_details"],
    [first.email, 700, "queued"],
  ]);

  await savePayoutDetails(db, second.userId, { method: "bank", holder: "Second Place", accountNumber: "123456789", ifsc: "SBIN0001234" });
  expect((await db.select().from(payouts).where(eq(payouts.user_id, second.userId)))[0]!.status).toBe("queued");
  expect(await dashboard(second.cookie)).toEqual({ count: 0, net: 0 });
});
