// Issue 46, point 1: only lawful kinds run by default. With PAID_PRIZE_CONTESTS unset (as
// here), a paid-prize contest takes no entry and no money through any route (the page,
// the pay page, the JSON API, a captured payment's callback and its replayed webhook),
// while its entries made before keep their test. Both databases.
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { contests, refunds, user_contest_entries } from "~/db/schema";
import { paidPrizeContestsLeft } from "~/models/contests/catalogue/catalogue.server";
import { startContestPayment } from "~/models/contests/catalogue/enrolment.server";
import { describeContestOffer } from "~/models/contests/catalogue/kinds";
import { requireContestStage } from "~/models/contests/catalogue/stage.server";
import { checkoutSignature, hmacHex, paymentGateway } from "~/models/payments/gateway.server";
import * as callback from "~/routes/api.payment.callback";
import * as createOrder from "~/routes/api.payment.create-order";
import * as webhook from "~/routes/api.payment.webhook";
import * as detail from "~/routes/contest.$id._index";
import * as pay from "~/routes/contest.$id.pay";
import { createContest, createEntry } from "~/seed/factories.server";
import { call, formRequest, getRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";
import { flashOf } from "../support/words";

const gateway = paymentGateway()!;
const HOUR = 3_600_000;
let n = 0;
const entries = (userId: string, contestId: string) => db.$count(user_contest_entries, and(eq(user_contest_entries.user_id, userId), eq(user_contest_entries.contest_id, contestId)));
const UNAVAILABLE = "This contest takes an entry fee for cash prizes, which this site does not offer, so you cannot enrol.";

async function paidPrizeContest(startsInHours = 2) {
  const now = Date.now();
  const title = `Cash Cup ${++n}`;
  const created = await createContest(db, {
    title,
    subject: "Maths",
    entry_fee: 49,
    prize_pool: { first: 1000 },
    start_time: new Date(now + startsInHours * HOUR),
    end_time: new Date(now + (startsInHours + 1) * HOUR),
  });
  return { ...created, title };
}

test("a paid-prize contest is listed as unavailable, and neither its page, its pay page nor the payment API enrols or opens an order", async () => {
  const contest = await paidPrizeContest();
  const [row] = await db.select({ kind: contests.kind }).from(contests).where(eq(contests.id, contest.id));
  expect(row!.kind).toBe("paid_prize");
  const { userId, cookie } = await signedInStudent({ email: `dark${++n}@example.in` });

  const page = await call(detail.loader, getRequest(`/contest/${contest.id}`, cookie), { params: { id: contest.id } });
  expect(page.data.state).toBe("unavailable");
  expect(page.data.funding).toEqual({ msg: { id: "contests.kind.unavailable" }, typed: null });

  const payPage = await call(pay.loader, getRequest(`/contest/${contest.id}/pay`, cookie), { params: { id: contest.id } });
  expect(payPage.location).toBe(`/contest/${contest.id}`);
  expect(await flashOf(payPage)).toEqual({ kind: "error", message: UNAVAILABLE });
  const payAction = await call(pay.action, formRequest(`/contest/${contest.id}/pay`, { intent: "pay" }, cookie), { params: { id: contest.id } });
  expect(payAction.location).toBe(`/contest/${contest.id}`);

  const api = await call(
    createOrder.action,
    new Request("http://localhost:3000/api/payment/create-order", { method: "POST", body: JSON.stringify({ contestId: contest.id }), headers: { "Content-Type": "application/json", Cookie: cookie } }),
  );
  expect(api.status).toBe(409);
  expect(JSON.parse(api.data)).toEqual({ error: UNAVAILABLE });

  expect(await entries(userId, contest.id)).toBe(0);
  expect(await startContestPayment(db, gateway, { userId, contestId: contest.id, now: new Date() })).toEqual({ kind: "not-offered" });
});

test("a payment captured for a paid-prize contest while the switch is off enrols nobody, is owed back, and a replayed webhook changes nothing", async () => {
  const contest = await paidPrizeContest();
  const { userId } = await signedInStudent({ email: `dark${++n}@example.in` });
  // The order was opened while the operator offered the kind (or by a replayed request).
  const started = await startContestPayment(db, gateway, { userId, contestId: contest.id, now: new Date(), offer: { paidPrize: true } });
  if (started.kind !== "order") throw new Error(started.kind);

  const fields = { razorpay_order_id: started.orderId, razorpay_payment_id: `pay_dark_${n}`, razorpay_signature: checkoutSignature(gateway, started.orderId, `pay_dark_${n}`) };
  const res = await call(callback.action, formRequest("/api/payment/callback", fields));
  expect(res.location).toBe(`/contest/${contest.id}`);
  expect(await flashOf(res)).toMatchObject({ kind: "error", message: expect.stringContaining("This contest is not offered here, so you are not enrolled.") });
  expect(await entries(userId, contest.id)).toBe(0);
  const owed = await db.select({ code: refunds.reason_code, values: refunds.reason_values, amount: refunds.amount }).from(refunds).where(eq(refunds.user_id, userId));
  expect(owed).toEqual([{ code: "contest_unavailable", values: { title: contest.title }, amount: 49 }]);

  const raw = JSON.stringify({ event: "payment.captured", payload: { payment: { entity: { id: fields.razorpay_payment_id, order_id: started.orderId, amount: 4900, currency: "INR", status: "captured" } } } });
  const replay = await call(
    webhook.action,
    new Request("http://localhost:3000/api/payment/webhook", { method: "POST", body: raw, headers: { "Content-Type": "application/json", "X-Razorpay-Signature": hmacHex("whsec_integration_test_secret", raw) } }),
  );
  expect(replay.status).toBe(200);
  expect(await entries(userId, contest.id)).toBe(0);
  expect(await db.$count(refunds, eq(refunds.user_id, userId))).toBe(1);
});

test("with the switch on the same contest takes an order; entries made before it went dark keep their test", async () => {
  const contest = await paidPrizeContest();
  const { userId } = await signedInStudent({ email: `dark${++n}@example.in` });
  expect(await startContestPayment(db, gateway, { userId, contestId: contest.id, now: new Date(), offer: { paidPrize: true } })).toMatchObject({ kind: "order", amount: 49 });

  const running = await paidPrizeContest(-0.1); // started 6 minutes ago; 30 minutes to answer
  const sitter = await signedInStudent({ email: `dark${++n}@example.in` });
  await createEntry(db, { userId: sitter.userId, contestId: running.id });
  const args = { request: getRequest(`/contest/${running.id}/test`, sitter.cookie), context: {}, params: { id: running.id } };
  await expect(requireContestStage(db, args, "test")).resolves.toMatchObject({ contest: { id: running.id, kind: "paid_prize" } });
});

test("start-up says how many paid-prize contests it keeps dark: those not ended", async () => {
  const now = new Date(Date.now() + 10 * 24 * HOUR);
  const before = await paidPrizeContestsLeft(db, now);
  await paidPrizeContest(10 * 24 + 1); // ends after `now`
  await paidPrizeContest(-1); // ended
  await createContest(db, { title: `Free Cup ${++n}`, subject: "Maths", start_time: new Date(now.getTime() + HOUR), end_time: new Date(now.getTime() + 2 * HOUR) });
  expect(await paidPrizeContestsLeft(db, now)).toBe(before + 1);
  expect(describeContestOffer({ paidPrize: false }, 3)).toContain("keeping 3 dark");
  expect(describeContestOffer({ paidPrize: true }, 3)).toContain("not in India since 1 May 2026");
});
