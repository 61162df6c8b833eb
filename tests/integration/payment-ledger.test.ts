// The ledger serves any purpose (docs/product/design.md §5): a payment of a second purpose, with a
// fulfilment defined only here, goes through the same order, capture, replay and refund
// rules without touching contest code.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { email_outbox, orders, payments, user_contest_entries, refunds } from "~/db/schema";
import { checkoutSignature, paymentGateway } from "~/models/payments/gateway.server";
import { REFUND_REASONS, type RefundReason } from "~/models/refund-reasons";
import { openOrder, recordCapture, recordFailedAttempt, type Fulfil, type Purpose } from "~/models/payments/ledger.server";
import { createUser } from "~/seed/factories.server";

const gateway = paymentGateway()!;
let n = 0;

/** An order the test expects to be opened (not refused by the limit). */
async function opened(...args: Parameters<typeof openOrder>) {
  const order = await openOrder(...args);
  if (order === "limited") throw new Error("unexpectedly limited");
  return order;
}

async function storeOrder(total = 250) {
  const userId = await createUser(db, { email: `ledger${++n}@example.in`, passwordHash: "x", fullName: "Ledger Buyer" });
  const [order] = await db
    .insert(orders)
    .values({ buyer_id: userId, idempotency_key: `k${n}`, subtotal: total - 50, shipping: 50, total_amount: total, buyer_name: "Ledger Buyer", buyer_email: `ledger${n}@example.in`, payment_method: "razorpay", shipping_address: { name: "Ledger Buyer", street: "1 MG Road", city: "Pune", state: "Maharashtra", postal_code: "411001", country: "India", phone: "9876543210" } })
    .returning({ id: orders.id });
  return { userId, targetId: order!.id };
}

/** A stub fulfilment: marks the order completed, or owes a refund when told to. */
function stub(calls: Purpose[], refund = false): (purpose: Purpose) => Fulfil<{ kind: "placed" } | { kind: "sold-out"; refund: { reason: RefundReason } }> {
  return (purpose) => async (tx, payment) => {
    calls.push(purpose);
    if (refund) return { kind: "sold-out", refund: { reason: REFUND_REASONS.orderLate("3f9a2c10-1111-4222-8333-944455556666") } };
    await tx.update(orders).set({ status: "completed" }).where(eq(orders.id, payment.targetId));
    return { kind: "placed" };
  };
}

test("a second purpose: one order, one capture under its own fulfilment, replays change nothing", async () => {
  const o = await storeOrder(250);
  const first = await opened(db, gateway, { userId: o.userId, purpose: "order", targetId: o.targetId, amount: 250, receipt: "store-1" });
  expect(await openOrder(db, gateway, { userId: o.userId, purpose: "order", targetId: o.targetId, amount: 250, receipt: "store-1" })).toEqual(first);
  const [row] = await db.select().from(payments).where(eq(payments.razorpay_order_id, first.orderId));
  expect(row).toMatchObject({ purpose: "order", order_id: o.targetId, contest_id: null, amount: 250, status: "created" });

  const calls: Purpose[] = [];
  const paymentId = `pay_ledger_${n}`;
  const capture = { orderId: first.orderId, paymentId, signature: checkoutSignature(gateway, first.orderId, paymentId), now: new Date() };
  const entriesBefore = await db.$count(user_contest_entries);
  expect(await recordCapture(db, gateway, capture, stub(calls))).toEqual({ kind: "placed", purpose: "order", targetId: o.targetId, userId: o.userId });
  expect(await recordCapture(db, gateway, capture, stub(calls))).toEqual({ kind: "already", purpose: "order", targetId: o.targetId, userId: o.userId });
  expect(calls).toEqual(["order"]);
  expect((await db.select({ status: orders.status }).from(orders).where(eq(orders.id, o.targetId)))[0]?.status).toBe("completed");
  // Nothing of the contest side ran: no entry, no mail.
  expect(await db.$count(user_contest_entries)).toBe(entriesBefore);
  expect((await db.select().from(email_outbox)).some((m) => m.text.includes(paymentId))).toBe(false);
});

test("a second purpose: amount checked, failures closed, and money it cannot use owed back", async () => {
  const o = await storeOrder(300);
  const { orderId } = await opened(db, gateway, { userId: o.userId, purpose: "order", targetId: o.targetId, amount: 300, receipt: "store-2" });
  const calls: Purpose[] = [];
  expect(await recordCapture(db, gateway, { orderId, paymentId: "pay_short", verified: true, amount: 299, now: new Date() }, stub(calls))).toEqual({ kind: "amount-mismatch" });
  expect(calls).toEqual([]);

  const refundPay = "pay_ledger_refund";
  const outcome = await recordCapture(db, gateway, { orderId, paymentId: refundPay, verified: true, amount: 300, now: new Date() }, stub(calls, true));
  expect(outcome).toMatchObject({ kind: "sold-out", purpose: "order", targetId: o.targetId });
  const [row] = await db.select().from(payments).where(eq(payments.razorpay_order_id, orderId));
  expect(row).toMatchObject({ status: "paid", razorpay_payment_id: refundPay });
  expect(await db.select({ amount: refunds.amount, status: refunds.status }).from(refunds).where(eq(refunds.razorpay_payment_id, refundPay))).toEqual([{ amount: 300, status: "queued" }]);

  const other = await storeOrder(120);
  const open = await opened(db, gateway, { userId: other.userId, purpose: "order", targetId: other.targetId, amount: 120, receipt: "store-3" });
  // A failed attempt is counted and the order stays open for another try; a closed order counts nothing.
  expect(await recordFailedAttempt(db, { orderId: open.orderId })).toEqual({ purpose: "order", targetId: other.targetId, attempts: 1 });
  expect(await recordFailedAttempt(db, { orderId: open.orderId })).toEqual({ purpose: "order", targetId: other.targetId, attempts: 2 });
  expect((await db.select({ status: payments.status }).from(payments).where(eq(payments.razorpay_order_id, open.orderId)))[0]).toEqual({ status: "created" });
  expect(await recordFailedAttempt(db, { orderId: orderId })).toBeNull();
});

test("new orders for one payer and target are limited: a failing loop ends, nothing written past the limit", async () => {
  const o = await storeOrder(200);
  const other = await storeOrder(200);
  const open = (who: { userId: string; targetId: string }) => openOrder(db, gateway, { userId: who.userId, purpose: "order", targetId: who.targetId, amount: 200, receipt: "loop" });
  for (let i = 0; i < 10; i++) {
    const order = await open(o);
    if (order === "limited") throw new Error(`limited after ${i}`);
    await db.update(payments).set({ status: "failed" }).where(eq(payments.razorpay_order_id, order.orderId));
  }
  expect(await open(o)).toBe("limited");
  expect(await db.$count(payments, eq(payments.order_id, o.targetId))).toBe(10);
  // Another payer is not held back by the first one's loop.
  expect(await open(other)).toMatchObject({ amount: 200 });
});
