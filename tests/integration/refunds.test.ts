// Issue 31, point 3: every refund the ledger owes goes back through the gateway without a
// person, exactly once: a late and a second payment queued as refunds, sent by the
// sender through the test gateway (which keeps its own books), never twice under a
// second sender, a crash mid-call or a restart; retried with backoff when the gateway
// does not answer; support mailed only when the gateway refuses; the payer sees each
// state on /account. Our Razorpay client's request is checked against a local stand-in
// that speaks its API (as tests/integration/resend-delivery.test.ts does for Resend).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { email_outbox, refunds, test_gateway_refunds } from "~/db/schema";
import { startContestPayment } from "~/models/contests/catalogue/enrolment.server";
import { settlePayment } from "~/models/fulfilments.server";
import { REFUND_REASONS } from "~/models/refund-reasons";
import { checkoutSignature, GatewayRefusal, paymentGateway, razorpayGateway } from "~/models/payments/gateway.server";
import { MAX_REFUND_ATTEMPTS, oweRefund, refundBackoffMs, sendDueRefunds } from "~/models/payments/refunds.server";
import * as accountRoute from "~/routes/account";
import { createContest } from "~/seed/factories.server";
import { call, getRequest } from "../support/remix";
import { startStandIn } from "../support/stand-in";
import { signedInStudent } from "../support/scenarios";

const gateway = paymentGateway()!;
const MINUTE = 60_000;
let n = 0;

/** A student who paid for a contest that started before the payment arrived: enrolment closed, the money owed back. */
async function latePayment() {
  const mine = ++n;
  const student = await signedInStudent();
  const now = new Date();
  const contest = await createContest(db, { title: `Refund Cup ${Date.now()}-${mine}`, subject: "Maths", entry_fee: 49, start_time: new Date(now.getTime() + 30 * MINUTE), end_time: new Date(now.getTime() + 90 * MINUTE) });
  const started = await startContestPayment(db, gateway, { userId: student.userId, contestId: contest.id, now });
  if (started.kind !== "order") throw new Error(started.kind);
  const paymentId = `pay_test_refund_${Date.now()}_${mine}`;
  const late = new Date(now.getTime() + 31 * MINUTE);
  const outcome = await settlePayment(db, { orderId: started.orderId, paymentId, signature: checkoutSignature(gateway, started.orderId, paymentId), now: late });
  expect(outcome).toMatchObject({ kind: "late" });
  return { ...student, paymentId, orderId: started.orderId };
}

const refundOf = async (paymentId: string) => (await db.select().from(refunds).where(eq(refunds.razorpay_payment_id, paymentId)))[0]!;
const booked = (paymentId: string) => db.$count(test_gateway_refunds, eq(test_gateway_refunds.payment_id, paymentId));
const supportMails = async (paymentId: string) => (await db.select().from(email_outbox)).filter((m) => m.subject === `[Refund refused] Payment ${paymentId}`);
/** Far enough ahead that every earlier refund of this file is due; each test looks only at its own. */
const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

describe("refunds owed are sent through the gateway, once", () => {
  test("a late payment is queued, sent by the sender, recorded by the test gateway, and shown to the payer; nothing for support", async () => {
    const p = await latePayment();
    expect(await refundOf(p.paymentId)).toMatchObject({ status: "queued", amount: 49, attempts: 0, gateway: "test" });
    // The notice arriving again (the webhook after the callback) owes nothing more.
    await settlePayment(db, { orderId: p.orderId, paymentId: p.paymentId, verified: true, amount: 49, now: later(31) });
    expect(await db.$count(refunds, eq(refunds.razorpay_payment_id, p.paymentId))).toBe(1);

    const shown = async () => (await call(accountRoute.loader as never, getRequest("/account", p.cookie))).data.refunds;
    expect(await shown()).toMatchObject([{ amount: 49, status: "queued" }]);

    await sendDueRefunds(db, gateway, later(1), 500);
    const sent = await refundOf(p.paymentId);
    expect(sent).toMatchObject({ status: "sent", attempts: 1 });
    expect(sent.gateway_refund_id).toMatch(/^rfnd_test_/);
    expect(await booked(p.paymentId)).toBe(1);
    expect(await shown()).toMatchObject([{ amount: 49, status: "sent", gatewayRefundId: sent.gateway_refund_id }]);
    // Sent is sent: another run sends nothing.
    await sendDueRefunds(db, gateway, later(60), 500);
    expect(await booked(p.paymentId)).toBe(1);
    expect(await supportMails(p.paymentId)).toEqual([]);
  });

  test("a sender that dies after the gateway accepted, before it wrote that down: the next one, after the lease, gets the same refund", async () => {
    const p = await latePayment();
    const row = await refundOf(p.paymentId);
    // What the first sender did before dying: took the lease, and the gateway accepted the refund under the row's key.
    await db.update(refunds).set({ next_attempt_at: later(2) }).where(eq(refunds.id, row.id));
    const first = await gateway.refund(db, { paymentId: p.paymentId, amount: 49, key: row.id });
    // Inside the lease nobody else takes it; after it (a restart, another instance) it is sent again, with the same key.
    await sendDueRefunds(db, gateway, later(1), 500);
    expect((await refundOf(p.paymentId)).status).toBe("queued");
    await sendDueRefunds(db, gateway, later(3), 500);
    expect(await refundOf(p.paymentId)).toMatchObject({ status: "sent", gateway_refund_id: first.id });
    expect(await booked(p.paymentId)).toBe(1);
  });

  test("two senders at once take turns: each refund goes to the gateway once", async () => {
    const payers = await Promise.all([latePayment(), latePayment(), latePayment()]);
    const runs = await Promise.all([sendDueRefunds(db, gateway, later(5), 500), sendDueRefunds(db, gateway, later(5), 500), sendDueRefunds(db, gateway, later(5), 500)]);
    for (const p of payers) {
      const row = await refundOf(p.paymentId);
      expect(row.status).toBe("sent");
      expect(await booked(p.paymentId)).toBe(1);
      // Taken by exactly one of the three senders.
      expect(runs.flat().filter((o) => o.id === row.id)).toEqual([{ id: row.id, outcome: "sent" }]);
    }
  });

  test("a refund the gateway refuses fails at once, and support is mailed once", async () => {
    const student = await signedInStudent();
    // A payment the test gateway never captured: it says no, for good.
    const paymentId = `pay_elsewhere_${Date.now()}`;
    await oweRefund(db, { userId: student.userId, gateway: "test", orderId: "order_test_x", paymentId, amount: 120, reason: REFUND_REASONS.paymentTwice });
    await sendDueRefunds(db, gateway, later(1), 500);
    expect(await refundOf(paymentId)).toMatchObject({ status: "failed", attempts: 1 });
    expect((await refundOf(paymentId)).last_error).toContain("did not capture");
    await sendDueRefunds(db, gateway, later(120), 500);
    expect(await supportMails(paymentId)).toHaveLength(1);
    // Support reads why in English, from the reason's code (issue 45, point 1).
    expect((await supportMails(paymentId))[0]!.text).toContain("For a second payment of an order already paid.");
    const [shown] = (await call(accountRoute.loader as never, getRequest("/account", student.cookie))).data.refunds;
    expect(shown).toMatchObject({ status: "failed", amount: 120 });
  });
});

describe("Razorpay's Refunds API, as our client speaks it", () => {
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  let baseUrl = "";
  const seen = () => standIn.seen;
  const answer = (...replies: Array<[number, object]>) => standIn.answers.push(...replies);

  beforeAll(async () => {
    standIn = await startStandIn(() => [200, { id: "rfnd_rzp_1", entity: "refund", status: "processed" }]);
    baseUrl = standIn.baseUrl;
  });
  afterAll(() => standIn.close());

  test("paise, the idempotency key, retries with backoff on 5xx and 409, then sent; a 400 is a refusal", async () => {
    const razorpay = razorpayGateway("rzp_test_key", "rzp_test_secret", baseUrl);
    const student = await signedInStudent();
    const paymentId = `pay_Rzp${Date.now()}`;
    await oweRefund(db, { userId: student.userId, gateway: "razorpay", orderId: "order_Rzp1", paymentId, amount: 499, reason: REFUND_REASONS.paymentTwice });
    const id = (await refundOf(paymentId)).id;
    const t0 = later(10);
    answer([500, { error: { description: "server error" } }], [409, { error: { description: "request in progress" } }]);
    await sendDueRefunds(db, razorpay, t0, 500);
    expect(await refundOf(paymentId)).toMatchObject({ status: "queued", attempts: 1 });
    expect((await refundOf(paymentId)).next_attempt_at).toEqual(new Date(t0.getTime() + refundBackoffMs(1)));
    await sendDueRefunds(db, razorpay, new Date(t0.getTime() + refundBackoffMs(1)), 500);
    expect(await refundOf(paymentId)).toMatchObject({ status: "queued", attempts: 2 });
    await sendDueRefunds(db, razorpay, new Date(t0.getTime() + refundBackoffMs(1) + refundBackoffMs(2)), 500);
    expect(await refundOf(paymentId)).toMatchObject({ status: "sent", attempts: 3, gateway_refund_id: "rfnd_rzp_1" });
    const mine = seen().filter((s) => s.path === `/v1/payments/${paymentId}/refund`);
    expect(mine).toHaveLength(3);
    for (const s of mine) {
      expect(s.body).toEqual({ amount: 49900, speed: "normal" });
      expect(s.headers["x-refund-idempotency"]).toBe(id);
      expect(s.headers.authorization).toBe(`Basic ${Buffer.from("rzp_test_key:rzp_test_secret").toString("base64")}`);
    }
    answer([400, { error: { code: "BAD_REQUEST_ERROR", description: "The payment has been fully refunded already" } }]);
    await expect(razorpay.refund(db, { paymentId, amount: 499, key: "another-key-1234" })).rejects.toBeInstanceOf(GatewayRefusal);
    expect(refundBackoffMs(1)).toBe(MINUTE);
    expect(refundBackoffMs(MAX_REFUND_ATTEMPTS + 10)).toBe(60 * MINUTE);
  });

  test("a gateway that never answers: retried, then after the last try given to support", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = razorpayGateway("rzp_test_key", "rzp_test_secret", `http://127.0.0.1:${port}`);
    const student = await signedInStudent();
    const paymentId = `pay_Away${Date.now()}`;
    await oweRefund(db, { userId: student.userId, gateway: "razorpay", orderId: "order_Away", paymentId, amount: 99, reason: REFUND_REASONS.paymentTwice });
    let at = later(20);
    for (let i = 1; i <= MAX_REFUND_ATTEMPTS; i++) {
      await sendDueRefunds(db, unreachable, at, 500);
      expect(await refundOf(paymentId)).toMatchObject({ attempts: i, status: i < MAX_REFUND_ATTEMPTS ? "queued" : "failed" });
      at = new Date(at.getTime() + refundBackoffMs(i));
    }
    expect(await supportMails(paymentId)).toHaveLength(1);
  });
});

// Issue 45, point 9: orders go through the razorpay SDK, pointed at the same stand-in.
describe("Razorpay's Orders API, through its SDK", () => {
  test("an order in paise with our receipt and keys; a refusal and no answer are errors the pay page reports", async () => {
    const standIn = await startStandIn(() => [200, { id: "order_Sdk1", entity: "order", amount: 49900, currency: "INR", status: "created" }]);
    try {
      const razorpay = razorpayGateway("rzp_test_key", "rzp_test_secret", standIn.baseUrl);
      expect(await razorpay.createOrder({ amount: 499, receipt: "contest-1234" })).toEqual({ id: "order_Sdk1" });
      const [call] = standIn.seen;
      expect(call).toMatchObject({ method: "POST", path: "/v1/orders", body: { amount: 49900, currency: "INR", receipt: "contest-1234" } });
      expect(call!.headers.authorization).toBe(`Basic ${Buffer.from("rzp_test_key:rzp_test_secret").toString("base64")}`);
      expect(call!.headers["user-agent"]).toMatch(/^razorpay-node@/);
      standIn.answers.push([400, { error: { code: "BAD_REQUEST_ERROR", description: "amount exceeds maximum" } }]);
      await expect(razorpay.createOrder({ amount: 499, receipt: "contest-1234" })).rejects.toThrow(/Razorpay order creation failed: 400/);
    } finally {
      await standIn.close();
    }
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(razorpayGateway("rzp_test_key", "rzp_test_secret", `http://127.0.0.1:${port}`).createOrder({ amount: 1, receipt: "x" })).rejects.toThrow(/Razorpay order creation failed/);
  });
});
