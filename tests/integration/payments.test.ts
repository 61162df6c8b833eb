// Paying for a contest through the test gateway, which takes the real code path
// (docs/product/design.md §5): however the confirmations arrive, exactly zero or one entry.
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { createContest, createUser } from "~/seed/factories.server";
import { email_outbox, payment_reviews, payments, user_contest_entries, refunds } from "~/db/schema";
import { enrolmentConfirmation, startContestPayment } from "~/models/contests/catalogue/enrolment.server";
import { settlePayment } from "~/models/fulfilments.server";
import { checkoutSignature, paymentGateway } from "~/models/payments/gateway.server";
import { recordFailedAttempt } from "~/models/payments/ledger.server";
import { PROVEN_ON_POSTGRESQL } from "../support/locks";

const gateway = paymentGateway()!;
const MINUTE = 60_000;
let n = 0;

async function world(fee = 49, startsInMinutes = 60) {
  const now = new Date();
  const userId = await createUser(db, { email: `payer${++n}@example.in`, passwordHash: "x", fullName: "Payer" });
  const contest = await createContest(db, {
    title: `Paid Cup ${n}`,
    subject: "Maths",
    entry_fee: fee,
    start_time: new Date(now.getTime() + startsInMinutes * MINUTE),
    end_time: new Date(now.getTime() + (startsInMinutes + 60) * MINUTE),
  });
  return { userId, contestId: contest.id, now };
}

const entries = (userId: string, contestId: string) =>
  db.$count(user_contest_entries, and(eq(user_contest_entries.user_id, userId), eq(user_contest_entries.contest_id, contestId)));
async function paidOrder() {
  const w = await world();
  const started = await startContestPayment(db, gateway, w);
  if (started.kind !== "order") throw new Error(started.kind);
  const paymentId = `pay_test_${++n}`;
  return { ...w, orderId: started.orderId, amount: started.amount, paymentId, signature: checkoutSignature(gateway, started.orderId, paymentId) };
}

test("a free contest enrols at once, with no payment", async () => {
  const w = await world(0);
  expect(await startContestPayment(db, gateway, w)).toEqual({ kind: "enrolled" });
  expect(await entries(w.userId, w.contestId)).toBe(1);
  expect(await db.$count(payments, eq(payments.contest_id, w.contestId))).toBe(0);
  expect(await startContestPayment(db, gateway, w)).toEqual({ kind: "already-enrolled" });
});

test("the order is for the entry fee in the database, and a second try reuses it", async () => {
  const w = await world(149);
  const first = await startContestPayment(db, gateway, w);
  const second = await startContestPayment(db, gateway, w);
  expect(first).toMatchObject({ kind: "order", amount: 149 });
  expect(second).toEqual(first);
  const rows = await db.select().from(payments).where(eq(payments.contest_id, w.contestId));
  expect(rows).toMatchObject([{ amount: 149, status: "created", gateway: "test", user_id: w.userId }]);
});

test("a verified payment creates the entry and queues the confirmation, once; a replay changes nothing", async () => {
  const p = await paidOrder();
  expect(await settlePayment(db, p)).toMatchObject({ kind: "enrolled", contestId: p.contestId, userId: p.userId });
  expect(await settlePayment(db, p)).toMatchObject({ kind: "already" });
  expect(await entries(p.userId, p.contestId)).toBe(1);
  const [payment] = await db.select().from(payments).where(eq(payments.razorpay_order_id, p.orderId));
  expect(payment).toMatchObject({ status: "paid", razorpay_payment_id: p.paymentId });
  const [entry] = await db.select().from(user_contest_entries).where(eq(user_contest_entries.user_id, p.userId));
  expect(entry?.payment_id).toBe(payment!.id);
  const mine = (await db.select().from(email_outbox)).filter((m) => m.text.includes(p.paymentId));
  expect(mine).toHaveLength(1);
  expect(mine[0]!.text).toContain("₹49");
  expect(mine[0]!.text).toContain(`Transaction id: ${p.paymentId}`);
});

test("a tampered signature or another payment id is refused and leaves no entry", async () => {
  const p = await paidOrder();
  expect(await settlePayment(db, { ...p, signature: p.signature.replace(/.$/, (c) => (c === "0" ? "1" : "0")) })).toEqual({ kind: "invalid-signature" });
  expect(await settlePayment(db, { ...p, paymentId: "pay_other" })).toEqual({ kind: "invalid-signature" });
  expect(await entries(p.userId, p.contestId)).toBe(0);
  // Once paid, a different payment for the same order is a second payment: no second entry,
  // but the money is recorded for review and support is told to refund it, once.
  await settlePayment(db, p);
  const other = `pay_second_${n}`;
  const second = { ...p, paymentId: other, signature: checkoutSignature(gateway, p.orderId, other) };
  expect(await settlePayment(db, second)).toEqual({ kind: "second-payment", purpose: "contest", targetId: p.contestId, userId: p.userId });
  expect(await settlePayment(db, second)).toMatchObject({ kind: "second-payment" });
  expect(await entries(p.userId, p.contestId)).toBe(1);
  expect(await db.select().from(payment_reviews).where(eq(payment_reviews.razorpay_payment_id, other))).toMatchObject([{ reason: "second_payment", razorpay_order_id: p.orderId, amount: 49, user_id: p.userId }]);
  expect(await db.select({ amount: refunds.amount, status: refunds.status }).from(refunds).where(eq(refunds.razorpay_payment_id, other))).toEqual([{ amount: 49, status: "queued" }]);

  // A webhook reporting a second payment of another amount books nothing: no review, no refund mail.
  const odd = `pay_odd_${n}`;
  expect(await settlePayment(db, { orderId: p.orderId, paymentId: odd, verified: true, amount: 1, now: p.now })).toEqual({ kind: "amount-mismatch" });
  expect(await db.select().from(payment_reviews).where(eq(payment_reviews.razorpay_payment_id, odd))).toEqual([]);
  expect((await db.select().from(email_outbox)).filter((m) => m.text.includes(odd))).toEqual([]);
});

test("the webhook before or after the callback: one payment, one entry", async () => {
  const a = await paidOrder();
  expect(await settlePayment(db, { orderId: a.orderId, paymentId: a.paymentId, verified: true, amount: a.amount, now: a.now })).toMatchObject({ kind: "enrolled" });
  expect(await settlePayment(db, a)).toMatchObject({ kind: "already" });
  const b = await paidOrder();
  expect(await settlePayment(db, b)).toMatchObject({ kind: "enrolled" });
  expect(await settlePayment(db, { orderId: b.orderId, paymentId: b.paymentId, verified: true, amount: b.amount, now: b.now })).toMatchObject({ kind: "already" });
  for (const p of [a, b]) {
    expect(await entries(p.userId, p.contestId)).toBe(1);
    expect(await db.$count(payments, eq(payments.contest_id, p.contestId))).toBe(1);
  }
});

test(`${PROVEN_ON_POSTGRESQL} two verifications of one payment at once: one enrols, the other finds it done`, async () => {
  const p = await paidOrder();
  const outcomes = await Promise.all([settlePayment(db, p), settlePayment(db, p), settlePayment(db, p)]);
  expect(outcomes.map((o) => o.kind).sort()).toEqual(["already", "already", "enrolled"]);
  expect(await entries(p.userId, p.contestId)).toBe(1);
  expect((await db.select().from(email_outbox)).filter((m) => m.text.includes(p.paymentId))).toHaveLength(1);
});

test("an amount that is not the order's is refused", async () => {
  const p = await paidOrder();
  expect(await settlePayment(db, { orderId: p.orderId, paymentId: p.paymentId, verified: true, amount: 1, now: p.now })).toEqual({ kind: "amount-mismatch" });
  expect(await entries(p.userId, p.contestId)).toBe(0);
  const [payment] = await db.select().from(payments).where(eq(payments.razorpay_order_id, p.orderId));
  expect(payment?.status).toBe("created");
});

test("after the start, no new order; a payment completing late is recorded for a refund, without an entry", async () => {
  const closed = await world(49, -1);
  expect(await startContestPayment(db, gateway, closed)).toEqual({ kind: "closed" });

  const p = await paidOrder();
  const late = new Date(p.now.getTime() + 61 * MINUTE);
  expect(await settlePayment(db, { ...p, now: late })).toMatchObject({ kind: "late" });
  expect(await entries(p.userId, p.contestId)).toBe(0);
  const [payment] = await db.select().from(payments).where(eq(payments.razorpay_order_id, p.orderId));
  expect(payment?.status).toBe("paid");
  expect(await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.razorpay_payment_id, p.paymentId))).toEqual([{ status: "queued" }]);
});

test("a payment id the gateway reports for a second order is recorded for review, books nothing, and is no error", async () => {
  const a = await paidOrder();
  expect(await settlePayment(db, a)).toMatchObject({ kind: "enrolled" });
  const b = await paidOrder();
  // The same payment id, reported (by a verified webhook) for another order.
  const reused = { orderId: b.orderId, paymentId: a.paymentId, verified: true as const, amount: b.amount, now: b.now };
  expect(await settlePayment(db, reused)).toEqual({ kind: "review" });
  expect(await settlePayment(db, reused)).toEqual({ kind: "review" });
  expect(await entries(b.userId, b.contestId)).toBe(0);
  const [order] = await db.select().from(payments).where(eq(payments.razorpay_order_id, b.orderId));
  expect(order).toMatchObject({ status: "created", razorpay_payment_id: null });
  expect(await db.select().from(payment_reviews).where(eq(payment_reviews.razorpay_order_id, b.orderId))).toMatchObject([{ reason: "payment_id_elsewhere", razorpay_payment_id: a.paymentId }]);
  expect((await db.select().from(email_outbox)).filter((m) => m.subject === `[Review] Payment ${a.paymentId}`)).toHaveLength(1);
});

test("without a gateway (PostgreSQL, no keys), a paid contest opens no order; a free one still enrols", async () => {
  const paid = await world(49);
  expect(await startContestPayment(db, null, paid)).toEqual({ kind: "unavailable" });
  expect(await db.$count(payments, eq(payments.contest_id, paid.contestId))).toBe(0);
  const free = await world(0);
  expect(await startContestPayment(db, null, free)).toEqual({ kind: "enrolled" });
  expect(await entries(free.userId, free.contestId)).toBe(1);
});

test("a failed attempt leaves the order open and paying again uses it; an order given up and a second one paid too: one entry, the second payment owed back", async () => {
  const p = await paidOrder();
  expect(await recordFailedAttempt(db, { orderId: p.orderId })).toEqual({ purpose: "contest", targetId: p.contestId, attempts: 1 });
  expect(await startContestPayment(db, gateway, p)).toMatchObject({ kind: "order", orderId: p.orderId });
  // Given up on (its gateway order closed), the next try opens a new order.
  await db.update(payments).set({ status: "failed" }).where(eq(payments.razorpay_order_id, p.orderId));
  const again = await startContestPayment(db, gateway, p);
  expect(again).toMatchObject({ kind: "order" });
  expect(again.kind === "order" && again.orderId).not.toBe(p.orderId);
  expect(await settlePayment(db, p)).toMatchObject({ kind: "enrolled" });
  // Paying the second order as well takes money twice: still one entry, and support is told to refund.
  if (again.kind !== "order") throw new Error(again.kind);
  const second = { ...p, orderId: again.orderId, paymentId: "pay_twice", signature: checkoutSignature(gateway, again.orderId, "pay_twice") };
  expect(await settlePayment(db, second)).toMatchObject({ kind: "duplicate" });
  expect(await entries(p.userId, p.contestId)).toBe(1);
  expect(await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.razorpay_payment_id, "pay_twice"))).toEqual([{ status: "queued" }]);
});

test("the confirmation: the student's own entry, paid or free; an unknown contest and a stranger are told apart", async () => {
  const free = await world(0);
  expect((await startContestPayment(db, gateway, free)).kind).toBe("enrolled");
  expect(await enrolmentConfirmation(db, free)).toMatchObject({ contest: { id: free.contestId, title: expect.stringMatching(/^Paid Cup/) }, paid: false });
  const paid = await paidOrder();
  expect(await enrolmentConfirmation(db, paid)).toBe("not-enrolled");
  expect(await settlePayment(db, paid)).toMatchObject({ kind: "enrolled" });
  expect(await enrolmentConfirmation(db, paid)).toMatchObject({ paid: true });
  const stranger = await createUser(db, { email: `stranger${++n}@example.in`, passwordHash: "x", fullName: "Stranger" });
  expect(await enrolmentConfirmation(db, { userId: stranger, contestId: paid.contestId })).toBe("not-enrolled");
  expect(await enrolmentConfirmation(db, { userId: stranger, contestId: "6f1c0c4e-0000-4000-8000-000000000000" })).toBe("missing");
});
