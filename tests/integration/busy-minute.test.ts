// The correctness halves of the busiest minute (issue 18, point 4), at a scale CI can
// run: every acknowledged autosave is in the database and every submission is scored
// once; payments whose webhook arrives three times, shuffled, racing the client's
// verify, are fulfilled exactly once each; buyers racing for a few copies get exactly
// that many orders. The full-scale runs belong to the benchmark, not to CI.
import { and, eq, inArray } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { contest_results, email_outbox, marketplace_products, order_items, orders, payments, user_answers, user_contest_entries, refunds } from "~/db/schema";
import { startContestPayment } from "~/models/contests/catalogue/enrolment.server";
import { checkoutSignature, hmacHex, paymentGateway } from "~/models/payments/gateway.server";
import { putInCart } from "~/models/store/cart/cart.server";
import { placeOrder } from "~/models/store/checkout/orders.server";
import * as testApi from "~/routes/api.contest.$id.test";
import * as verifyRoute from "~/routes/api.payment.verify";
import * as webhookRoute from "~/routes/api.payment.webhook";
import { createContest, createEntry, createProduct, createUser } from "~/seed/factories.server";
import { call } from "../support/remix";
import { signedInStudent } from "../support/scenarios";
import { PROVEN_ON_POSTGRESQL } from "../support/locks";

const MINUTE = 60_000;
const gateway = paymentGateway()!;
let n = 0;

/** Fisher-Yates with a seed, so a failing order of arrivals can be replayed. */
function shuffled<T>(items: T[], seed: number) {
  const out = [...items];
  let s = seed;
  const next = () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const jsonPost = (handler: unknown, url: string, body: unknown, headers: Record<string, string>, params: Record<string, string> = {}) =>
  call(handler as never, new Request(url, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { "Content-Type": "application/json", ...headers } }), { params, ip: `198.51.100.${++n % 250}` });

test(`${PROVEN_ON_POSTGRESQL} autosave under a crowd: every acknowledged answer is stored, then every submission is scored once`, async () => {
  const STUDENTS = 40;
  const start = new Date(Date.now() - 2 * MINUTE);
  const contest = await createContest(db, {
    title: `Busy Cup ${++n}`,
    subject: "General",
    start_time: start,
    end_time: new Date(start.getTime() + 60 * MINUTE),
    duration_minutes: 30,
    prize_pool: { first: 300 },
    questions: [
      ["1 + 1?", ["1", "2"], "2"],
      ["2 + 2?", ["4", "5"], "4"],
      ["3 + 3?", ["6", "7"], "6"],
    ],
  });
  const students = await Promise.all(Array.from({ length: STUDENTS }, () => signedInStudent()));
  for (const s of students) await createEntry(db, { userId: s.userId, contestId: contest.id });
  const url = `http://localhost:3000/api/contest/${contest.id}/test`;

  // Each student answers every question, some twice (a change of mind), all at once, in a shuffled order.
  const saves = shuffled(
    students.flatMap((s, i) => contest.questions.flatMap((q, k) => [{ s, q, choice: (i + k) % 2 }, ...(k === 0 ? [{ s, q, choice: (i + 1) % 2 }] : [])])),
    7,
  );
  const replies = await Promise.all(saves.map(({ s, q, choice }) => jsonPost(testApi.action, url, { intent: "answer", questionId: q.id, choice }, { Cookie: s.cookie }, { id: contest.id })));
  const acknowledged = new Set(saves.filter((_, i) => replies[i]!.status === 200).map(({ s, q }) => `${s.userId}:${q.id}`));
  expect(replies.filter((r) => r.status !== 200)).toEqual([]);
  const stored = await db.select({ user_id: user_answers.user_id, question_id: user_answers.question_id }).from(user_answers).where(eq(user_answers.contest_id, contest.id));
  expect(new Set(stored.map((r) => `${r.user_id}:${r.question_id}`))).toEqual(acknowledged);
  expect(stored).toHaveLength(STUDENTS * 3);

  const submits = await Promise.all(shuffled(students, 11).map((s) => jsonPost(testApi.action, url, { intent: "submit", reason: "manual" }, { Cookie: s.cookie }, { id: contest.id })));
  expect(submits.map((r) => r.status)).toEqual(Array(STUDENTS).fill(200));
  expect(await db.$count(contest_results, eq(contest_results.contest_id, contest.id))).toBe(STUDENTS);
  expect(await db.$count(user_contest_entries, and(eq(user_contest_entries.contest_id, contest.id), eq(user_contest_entries.has_submitted, true)))).toBe(STUDENTS);
});

test(`${PROVEN_ON_POSTGRESQL} payments whose webhook arrives three times, shuffled, racing the client's verify: each fulfilled exactly once`, async () => {
  const PAYERS = 30;
  const contest = await createContest(db, {
    title: `Paid Cup ${++n}`,
    subject: "General",
    start_time: new Date(Date.now() + 60 * MINUTE),
    end_time: new Date(Date.now() + 120 * MINUTE),
    duration_minutes: 20,
    entry_fee: 49,
    questions: [["1 + 1?", ["1", "2"], "2"]],
  });
  const payers = await Promise.all(Array.from({ length: PAYERS }, () => signedInStudent()));
  const orders_: Array<{ payer: (typeof payers)[number]; orderId: string; paymentId: string }> = [];
  for (const p of payers) {
    const started = await startContestPayment(db, gateway, { userId: p.userId, contestId: contest.id, now: new Date() });
    if (started.kind !== "order") throw new Error(started.kind);
    orders_.push({ payer: p, orderId: started.orderId, paymentId: `pay_busy_${n}_${p.userId.slice(0, 8)}` });
  }
  const arrivals = shuffled(
    orders_.flatMap((o) => {
      const raw = JSON.stringify({ event: "payment.captured", payload: { payment: { entity: { id: o.paymentId, order_id: o.orderId, amount: 4900, currency: "INR", status: "captured" } } } });
      const hook = () => jsonPost(webhookRoute.action, "http://localhost:3000/api/payment/webhook", raw, { "X-Razorpay-Signature": hmacHex("whsec_integration_test_secret", raw) });
      const verify = () =>
        jsonPost(verifyRoute.action, "http://localhost:3000/api/payment/verify", { orderId: o.orderId, paymentId: o.paymentId, signature: checkoutSignature(gateway, o.orderId, o.paymentId) }, { Cookie: o.payer.cookie });
      return [hook, hook, hook, verify];
    }),
    13,
  );
  const replies = await Promise.all(arrivals.map((arrive) => arrive()));
  expect(replies.filter((r) => r.status !== 200)).toEqual([]);
  expect(await db.$count(user_contest_entries, eq(user_contest_entries.contest_id, contest.id))).toBe(PAYERS);
  expect(await db.$count(payments, and(eq(payments.contest_id, contest.id), eq(payments.status, "paid")))).toBe(PAYERS);
  const mails = await db.select({ to: email_outbox.to_address }).from(email_outbox).where(inArray(email_outbox.to_address, payers.map((p) => p.email)));
  expect(mails).toHaveLength(PAYERS);
  // Nothing was taken twice: no payment was recorded as a second one, owed back.
  const owed = await db.select().from(refunds).where(inArray(refunds.razorpay_order_id, orders_.map((o) => o.orderId)));
  expect(owed).toEqual([]);
});

test(`${PROVEN_ON_POSTGRESQL} 60 buyers racing for 5 copies: exactly 5 orders, the rest told it is gone`, async () => {
  const seller = await createUser(db, { email: `busy-seller-${++n}@example.in`, passwordHash: "x" });
  const book = await createProduct(db, { sellerId: seller, title: `Busy Book ${n}`, price: 300, category: "Textbooks", stock: 5 });
  const buyers = await Promise.all(Array.from({ length: 60 }, (_, i) => createUser(db, { email: `busy-buyer-${n}-${i}@example.in`, passwordHash: "x" })));
  for (const b of buyers) await putInCart(db, { userId: b, productId: book, quantity: "1" });
  const shipping = { name: "Asha Rao", email: "asha@example.in", phone: "9876543210", address: "12 MG Road", city: "Pune", state: "Maharashtra", zip: "411001" };
  const outcomes = await Promise.all(
    shuffled(buyers, 17).map((b, i) => placeOrder(db, gateway, { userId: b, shipping, method: i % 3 === 0 ? "cod" : "upi", key: crypto.randomUUID(), now: new Date() })),
  );
  expect(outcomes.filter((o) => o.kind === "completed" || o.kind === "pay")).toHaveLength(5);
  expect(outcomes.filter((o) => o.kind === "sold-out")).toHaveLength(55);
  expect(await db.$count(order_items, eq(order_items.product_id, book))).toBe(5);
  expect(await db.$count(orders, inArray(orders.buyer_id, buyers))).toBe(5);
  const [row] = await db.select({ stock: marketplace_products.stock }).from(marketplace_products).where(eq(marketplace_products.id, book));
  expect(row!.stock).toBe(0);
});
