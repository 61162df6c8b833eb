// The payment routes as Remix calls them: the callback, the webhook and the spec's JSON API.
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { createContest } from "~/seed/factories.server";
import { contests, payments, user_contest_entries } from "~/db/schema";
import { startContestPayment } from "~/models/contests/catalogue/enrolment.server";
import * as callback from "~/routes/api.payment.callback";
import * as createOrder from "~/routes/api.payment.create-order";
import * as verify from "~/routes/api.payment.verify";
import * as webhook from "~/routes/api.payment.webhook";
import { checkoutSignature, hmacHex, paymentGateway } from "~/models/payments/gateway.server";
import { call, formRequest, jsonRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";

const gateway = paymentGateway()!;
const WEBHOOK_SECRET = "whsec_integration_test_secret";
let n = 0;

const student = () => signedInStudent({ email: `route-payer${++n}@example.in` });

async function openOrder(fee = 99) {
  const s = await student();
  const now = Date.now();
  const contest = await createContest(db, { title: `Route Cup ${++n}`, subject: "Maths", entry_fee: fee, start_time: new Date(now + 3_600_000), end_time: new Date(now + 7_200_000) });
  const started = await startContestPayment(db, gateway, { userId: s.userId, contestId: contest.id, now: new Date() });
  if (started.kind !== "order") throw new Error(started.kind);
  return { ...s, contestId: contest.id, orderId: started.orderId };
}

const entries = (userId: string, contestId: string) =>
  db.$count(user_contest_entries, and(eq(user_contest_entries.user_id, userId), eq(user_contest_entries.contest_id, contestId)));

function webhookRequest(event: string, payment: { id: string; order_id: string; amount: number }, secret = WEBHOOK_SECRET) {
  const raw = JSON.stringify({ event, payload: { payment: { entity: { ...payment, currency: "INR", status: "captured" } } } });
  return jsonRequest("/api/payment/webhook", raw, { "X-Razorpay-Signature": hmacHex(secret, raw) });
}

test("callback: a signed payment enrols and shows the confirmation; a tampered one goes back to pay", async () => {
  const o = await openOrder();
  const tampered = await call(callback.action, formRequest("/api/payment/callback", { razorpay_order_id: o.orderId, razorpay_payment_id: "pay_x", razorpay_signature: "0".repeat(64) }));
  expect(tampered.location).toBe(`/contest/${o.contestId}/pay?status=failed`);
  expect(await entries(o.userId, o.contestId)).toBe(0);

  const fields = { razorpay_order_id: o.orderId, razorpay_payment_id: "pay_ok", razorpay_signature: checkoutSignature(gateway, o.orderId, "pay_ok") };
  expect((await call(callback.action, formRequest("/api/payment/callback", fields))).location).toBe(`/contest/${o.contestId}/confirmation`);
  // A replayed callback (the back button, a double submit) lands on the same page and changes nothing.
  expect((await call(callback.action, formRequest("/api/payment/callback", fields))).location).toBe(`/contest/${o.contestId}/confirmation`);
  expect(await entries(o.userId, o.contestId)).toBe(1);
});

test("callback: an unsigned failure carrying only the order id shows the failure and changes nothing (anyone could send it); an unknown order is a 400", async () => {
  const o = await openOrder();
  const res = await call(callback.action, formRequest("/api/payment/callback", { razorpay_order_id: o.orderId, "error[code]": "BAD_REQUEST_ERROR" }));
  expect(res.location).toBe(`/contest/${o.contestId}/pay?status=failed`);
  const [p] = await db.select().from(payments).where(eq(payments.razorpay_order_id, o.orderId));
  expect(p).toMatchObject({ status: "created", failed_attempts: 0 });
  // The same order is still paid by its payer.
  const fields = { razorpay_order_id: o.orderId, razorpay_payment_id: "pay_after_fail", razorpay_signature: checkoutSignature(gateway, o.orderId, "pay_after_fail") };
  expect((await call(callback.action, formRequest("/api/payment/callback", fields))).location).toBe(`/contest/${o.contestId}/confirmation`);
  expect((await call(callback.action, formRequest("/api/payment/callback", { razorpay_order_id: "order_nope" }))).status).toBe(400);
});

test("webhook: one signed payment.failed counts the attempt and closes nothing", async () => {
  const o = await openOrder();
  const failed = await call(webhook.action, webhookRequest("payment.failed", { id: "pay_declined", order_id: o.orderId, amount: 9900 }));
  expect(failed.status).toBe(200);
  const [p] = await db.select().from(payments).where(eq(payments.razorpay_order_id, o.orderId));
  expect(p).toMatchObject({ status: "created", failed_attempts: 1 });
});

test("webhook: checked over the raw body, idempotent, and the amount must be the order's", async () => {
  const o = await openOrder(99);
  const payment = { id: "pay_hook", order_id: o.orderId, amount: 9900 };
  expect((await call(webhook.action, webhookRequest("payment.captured", payment, "wrong-secret"))).status).toBe(400);
  expect(await entries(o.userId, o.contestId)).toBe(0);
  const first = await call(webhook.action, webhookRequest("payment.captured", payment));
  expect(first.status).toBe(200);
  expect(JSON.parse(first.data)).toMatchObject({ ok: true, outcome: "enrolled" });
  const again = await call(webhook.action, webhookRequest("order.paid", payment));
  expect(JSON.parse(again.data)).toMatchObject({ outcome: "already" });
  expect(await entries(o.userId, o.contestId)).toBe(1);

  // A payment id the gateway reports for another order: 200 (no retries for a day), kept for review.
  const elsewhere = await openOrder(99);
  const reused = await call(webhook.action, webhookRequest("payment.captured", { id: "pay_hook", order_id: elsewhere.orderId, amount: 9900 }));
  expect(reused.status).toBe(200);
  expect(JSON.parse(reused.data)).toMatchObject({ ok: true, outcome: "review" });
  expect(await entries(elsewhere.userId, elsewhere.contestId)).toBe(0);

  const short = await openOrder(99);
  const res = await call(webhook.action, webhookRequest("payment.captured", { id: "pay_short", order_id: short.orderId, amount: 9899 }));
  expect(JSON.parse(res.data)).toMatchObject({ outcome: "amount-mismatch" });
  expect(await entries(short.userId, short.contestId)).toBe(0);
  // A body that is not JSON, or not JSON at all by type, is refused before any check.
  expect((await call(webhook.action, jsonRequest("/api/payment/webhook", "{not json"))).status).toBe(400);
  expect((await call(webhook.action, formRequest("/api/payment/webhook", { a: "1" }))).status).toBe(415);
});

test("create-order: for the signed-in student, for the fee in the database whatever the body says", async () => {
  const s = await student();
  const now = Date.now();
  const contest = await createContest(db, { title: "API Cup", subject: "Maths", entry_fee: 75, start_time: new Date(now + 3_600_000), end_time: new Date(now + 7_200_000) });
  const guest = await call(createOrder.action, jsonRequest("/api/payment/create-order", { contestId: contest.id }));
  expect(guest.status).toBe(401);
  const res = await call(createOrder.action, jsonRequest("/api/payment/create-order", { contestId: contest.id, userId: "someone-else", amount: 1 }, { Cookie: s.cookie }));
  const body = JSON.parse(res.data);
  expect(body).toMatchObject({ amount: 75, currency: "INR", gateway: "test" });
  const [p] = await db.select().from(payments).where(eq(payments.razorpay_order_id, body.orderId));
  expect(p).toMatchObject({ amount: 75, user_id: s.userId });
  expect((await call(createOrder.action, jsonRequest("/api/payment/create-order", { contestId: "x" }, { Cookie: s.cookie }))).status).toBe(400);
  const huge = await call(createOrder.action, jsonRequest("/api/payment/create-order", { contestId: contest.id, pad: "a".repeat(10_000) }, { Cookie: s.cookie }));
  expect(huge.status).toBe(413);
});

test("verify: only the order's own student, and only with a valid signature", async () => {
  const o = await openOrder();
  const stranger = await student();
  const good = { orderId: o.orderId, paymentId: "pay_api", signature: checkoutSignature(gateway, o.orderId, "pay_api") };
  expect((await call(verify.action, jsonRequest("/api/payment/verify", good, { Cookie: stranger.cookie }))).status).toBe(404);
  const bad = await call(verify.action, jsonRequest("/api/payment/verify", { ...good, signature: "f".repeat(64) }, { Cookie: o.cookie }));
  expect(JSON.parse(bad.data)).toMatchObject({ success: false, error: "Payment verification failed" });
  const ok = await call(verify.action, jsonRequest("/api/payment/verify", good, { Cookie: o.cookie }));
  expect(JSON.parse(ok.data)).toEqual({ success: true, contestId: o.contestId });
  expect(await entries(o.userId, o.contestId)).toBe(1);
});

test("verify: a payment that lands after the start says what the no-JavaScript path says, never 'Payment failed'", async () => {
  const o = await openOrder();
  // The student lingered in the checkout until the contest had started.
  await db.update(contests).set({ start_time: new Date(Date.now() - 60_000) }).where(eq(contests.id, o.contestId));
  const late = { orderId: o.orderId, paymentId: "pay_late_api", signature: checkoutSignature(gateway, o.orderId, "pay_late_api") };
  const res = await call(verify.action, jsonRequest("/api/payment/verify", late, { Cookie: o.cookie }));
  expect(res.status).toBe(200);
  const body = JSON.parse(res.data);
  expect(body).toMatchObject({ success: false, outcome: "late", redirect: `/contest/${o.contestId}` });
  expect(body.message).toMatch(/not enrolled\. Your payment will be refunded in 5-7 days; follow it under Refunds in My Account\.$/);
  expect(res.headers.get("Set-Cookie")).toMatch(/^__flash=/);
  expect(await entries(o.userId, o.contestId)).toBe(0);
  // Asked again (a retry, a second tab): the outcome first recorded, never "success" for a page that would 404.
  const replay = JSON.parse((await call(verify.action, jsonRequest("/api/payment/verify", late, { Cookie: o.cookie }))).data);
  expect(replay).toMatchObject({ success: false, outcome: "late", redirect: `/contest/${o.contestId}`, message: body.message });
  // The callback, for the same outcome, sends the same message to the same page.
  const p = await openOrder();
  await db.update(contests).set({ start_time: new Date(Date.now() - 60_000) }).where(eq(contests.id, p.contestId));
  const fields = { razorpay_order_id: p.orderId, razorpay_payment_id: "pay_late_form", razorpay_signature: checkoutSignature(gateway, p.orderId, "pay_late_form") };
  const form = await call(callback.action, formRequest("/api/payment/callback", fields));
  expect(form.location).toBe(`/contest/${p.contestId}`);
  expect(form.headers.get("Set-Cookie")).toMatch(/^__flash=/);
});

test("test-checkout signs a payment for the order's own student only, and verify accepts it", async () => {
  const testCheckout = await import("~/routes/api.payment.test-checkout");
  const o = await openOrder();
  const stranger = await student();
  expect((await call(testCheckout.action, jsonRequest("/api/payment/test-checkout", { orderId: o.orderId }, { Cookie: stranger.cookie }))).status).toBe(404);
  expect((await call(testCheckout.action, jsonRequest("/api/payment/test-checkout", { orderId: o.orderId }))).status).toBe(401);
  const signed = JSON.parse((await call(testCheckout.action, jsonRequest("/api/payment/test-checkout", { orderId: o.orderId }, { Cookie: o.cookie }))).data);
  const ok = await call(verify.action, jsonRequest("/api/payment/verify", { orderId: signed.razorpay_order_id, paymentId: signed.razorpay_payment_id, signature: signed.razorpay_signature }, { Cookie: o.cookie }));
  expect(JSON.parse(ok.data)).toMatchObject({ success: true });
  expect(await entries(o.userId, o.contestId)).toBe(1);
});

test("send-email is no relay: it re-queues the caller's own confirmation and ignores to, subject and html", async () => {
  const sendEmail = await import("~/routes/api.payment.send-email");
  const { email_outbox } = await import("~/db/schema");
  const o = await openOrder();
  const send = (cookie?: string) =>
    call(sendEmail.action, jsonRequest("/api/payment/send-email", { contestId: o.contestId, to: "victim@elsewhere.example", subject: "Win!", html: "<a href=//evil>x</a>" }, cookie ? { Cookie: cookie } : {}));
  expect((await send()).status).toBe(401);
  expect((await send(o.cookie)).status).toBe(404); // not paid yet
  await call(callback.action, formRequest("/api/payment/callback", { razorpay_order_id: o.orderId, razorpay_payment_id: "pay_mail", razorpay_signature: checkoutSignature(gateway, o.orderId, "pay_mail") }));
  expect((await send(o.cookie)).status).toBe(202);
  const mails = (await db.select().from(email_outbox)).filter((m) => m.text.includes("pay_mail"));
  expect(mails).toHaveLength(2); // the original and the re-sent one
  expect(mails.every((m) => m.to_address.startsWith("route-payer") && !m.html.includes("evil"))).toBe(true);
  expect((await db.select().from(email_outbox)).some((m) => m.to_address === "victim@elsewhere.example")).toBe(false);
  // Three requests an hour, counted before any work (the refused one above was the first).
  expect((await send(o.cookie)).status).toBe(202);
  expect((await send(o.cookie)).status).toBe(429);
});

test("odd bytes in gateway ids are a 400, never a database error", async () => {
  const testCheckout = await import("~/routes/api.payment.test-checkout");
  const o = await openOrder();
  const nul = "order_\u0000x";
  expect((await call(verify.action, jsonRequest("/api/payment/verify", { orderId: nul, paymentId: "pay_\u0000", signature: "ab" }, { Cookie: o.cookie }))).status).toBe(400);
  expect((await call(testCheckout.action, jsonRequest("/api/payment/test-checkout", { orderId: nul }, { Cookie: o.cookie }))).status).toBe(400);
  const res = await call(webhook.action, webhookRequest("payment.captured", { id: "pay_\u0000", order_id: nul, amount: 9900 }));
  expect(JSON.parse(res.data)).toMatchObject({ ignored: true });
  expect((await call(callback.action, formRequest("/api/payment/callback", { razorpay_order_id: "order_ü", razorpay_payment_id: "p", razorpay_signature: "s" }))).status).toBe(400);
});
