// One client cannot slow the rest (issue 15 point 3): the test API admits a rate and a
// number in flight per browser session and contest, counted before any query; proctoring
// events past their cap are answered from memory; new payment orders are limited.
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, queriesDuring } from "~/db/client.server";
import { payments, questions } from "~/db/schema";
import { sessionKey } from "~/models/accounts/auth.server";
import { MAX_EVENTS_PER_ENTRY } from "~/models/contests/sitting/test-taking.server";
import { TEST_API_LIMIT, takeEventSlot } from "~/models/contests/sitting/test-traffic.server";
import * as testApi from "~/routes/api.contest.$id.test";
import * as createOrder from "~/routes/api.payment.create-order";
import { recordFailedAttempt } from "~/models/payments/ledger.server";
import { createContest, createEntry } from "~/seed/factories.server";
import { call } from "../support/remix";
import { ANSWER_BANK, signedInStudent } from "../support/scenarios";

let n = 0;
const url = (contestId: string) => `http://localhost:3000/api/contest/${contestId}/test`;
const post = (contestId: string, body: unknown, cookie: string) =>
  call(testApi.action, new Request(url(contestId), { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", Cookie: cookie } }), { params: { id: contestId } });

async function runningContest() {
  const start = new Date(Date.now() - 5 * 60_000);
  return createContest(db, { title: `Flood Cup ${++n}`, subject: "General", start_time: start, end_time: new Date(start.getTime() + 3_600_000), duration_minutes: 30, questions: ANSWER_BANK });
}

async function takerOf(contestId: string) {
  const s = await signedInStudent();
  await createEntry(db, { userId: s.userId, contestId });
  return s;
}

test("a flood of answers from one session is mostly refused with 429 before any query; another student's answer still lands", async () => {
  const contest = await runningContest();
  const questionIds = (await db.select({ id: questions.id }).from(questions).where(eq(questions.contest_id, contest.id))).map((q) => q.id);
  const flooder = await takerOf(contest.id);
  const other = await takerOf(contest.id);
  await post(contest.id, { intent: "start", fullscreen: false }, flooder.cookie);
  await post(contest.id, { intent: "start", fullscreen: false }, other.cookie);

  const results: Array<{ status: number; headers: Headers }> = [];
  const queries = await queriesDuring(async () => {
    const flood = Array.from({ length: 120 }, (_, i) => post(contest.id, { intent: "answer", questionId: questionIds[i % 4], choice: i % 2 }, flooder.cookie));
    results.push(...(await Promise.all(flood)));
  });
  const accepted = results.filter((r) => r.status === 200).length;
  const refused = results.filter((r) => r.status === 429);
  expect(accepted + refused.length).toBe(120);
  // At most the in-flight ceiling at once and the burst in all, give or take the refill.
  expect(accepted).toBeLessThanOrEqual(TEST_API_LIMIT.burst + 2);
  expect(refused.length).toBeGreaterThan(0);
  expect(refused.every((r) => Number(r.headers.get("Retry-After")) >= 1)).toBe(true);
  // Each accepted answer is a session lookup and an upsert; a refused one costs nothing.
  expect(queries.length).toBeLessThanOrEqual(accepted * 2);

  const mine = await post(contest.id, { intent: "answer", questionId: questionIds[0], choice: 1 }, other.cookie);
  expect(mine.status).toBe(200);
});

test("the in-flight ceiling: more concurrent requests than it allows are refused (after a pause)", async () => {
  const contest = await runningContest();
  const s = await takerOf(contest.id);
  const burst = await Promise.all(Array.from({ length: TEST_API_LIMIT.inFlight + 4 }, () => post(contest.id, { intent: "event", kind: "tab_hidden" }, s.cookie)));
  expect(burst.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(4);
});

test("proctoring events past the cap are answered without touching the database", async () => {
  const contest = await runningContest();
  const s = await takerOf(contest.id);
  const key = (await sessionKey(new Request(url(contest.id), { headers: { Cookie: s.cookie } })))!;
  for (let i = 0; i < MAX_EVENTS_PER_ENTRY; i++) takeEventSlot(key, contest.id);
  let res: Awaited<ReturnType<typeof post>> | undefined;
  const queries = await queriesDuring(async () => {
    res = await post(contest.id, { intent: "event", kind: "tab_hidden" }, s.cookie);
  });
  expect(res!.status).toBe(200);
  expect(JSON.parse(res!.data as string)).toEqual({ recorded: false });
  expect(queries).toEqual([]);
});

test("a forged session cookie is refused with 401 before any query", async () => {
  const contest = await runningContest();
  let res: Awaited<ReturnType<typeof post>> | undefined;
  const queries = await queriesDuring(async () => {
    res = await post(contest.id, { intent: "answer", questionId: contest.id, choice: 0 }, "__session=forged.value");
  });
  expect(res!.status).toBe(401);
  expect(queries).toEqual([]);
});

test("create-order: a loop of abandoned orders for one contest stops at the limit with 429 and no row", async () => {
  const start = new Date(Date.now() + 3_600_000);
  const contest = await createContest(db, { title: `Order Loop ${++n}`, subject: "Maths", entry_fee: 49, start_time: start, end_time: new Date(start.getTime() + 3_600_000) });
  const s = await signedInStudent();
  const order = () =>
    call(createOrder.action, new Request("http://localhost:3000/api/payment/create-order", { method: "POST", body: JSON.stringify({ contestId: contest.id }), headers: { "Content-Type": "application/json", Cookie: s.cookie } }));
  for (let i = 0; i < 10; i++) {
    const res = await order();
    expect(res.status).toBe(200);
    await recordFailedAttempt(db, { orderId: JSON.parse(res.data as string).orderId });
    // The payer gave up on it: the next try opens a new order (as after a change of amount or gateway).
    await db.update(payments).set({ status: "failed" }).where(eq(payments.razorpay_order_id, JSON.parse(res.data as string).orderId));
  }
  const refused = await order();
  expect(refused.status).toBe(429);
  expect(JSON.parse(refused.data as string).error).toBe("Too many payment attempts for this contest. Please try again in an hour.");
  expect(await db.$count(payments, and(eq(payments.contest_id, contest.id), eq(payments.user_id, s.userId)))).toBe(10);
});
