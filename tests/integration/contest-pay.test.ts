// The contest's pay page posted without JavaScript (issue 65, point 7): a fee is taken only
// once the student ticks that they will sit the test where it can run (JavaScript, a
// camera, fullscreen); without the tick nothing is written and the page says why. A free
// contest has no fee lines and no tick. Through the route's own loader and action.
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { payments, user_contest_entries } from "~/db/schema";
import { createContest } from "~/seed/factories.server";
import * as pay from "~/routes/contest.$id.pay";
import { call, formRequest, getRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";

const HOUR = 3_600_000;
let n = 0;
const upcoming = (fee: number) =>
  createContest(db, { title: `Pay Page Cup ${++n}`, subject: "Maths", kind: fee > 0 ? "practice" : "free", entry_fee: fee, start_time: new Date(Date.now() + HOUR), end_time: new Date(Date.now() + 2 * HOUR), duration_minutes: 30, questions: [["1 + 1?", ["1", "2"], "2"]] });

test("a paid contest's form without the tick takes nothing and says why; with it, the fee goes to the gateway", async () => {
  const contest = await upcoming(49);
  const { userId, cookie } = await signedInStudent();
  const params = { id: contest.id };
  const untickedReplies = [
    await call(pay.action, formRequest(`/contest/${contest.id}/pay`, { intent: "pay" }, cookie), { params }),
    await call(pay.action, formRequest(`/contest/${contest.id}/pay`, { intent: "pay", device: "on" }, cookie), { params }),
  ];
  for (const reply of untickedReplies) expect(reply.data).toEqual({ confirmDevice: true });
  expect(await db.$count(payments, eq(payments.user_id, userId))).toBe(0);

  const ticked = await call(pay.action, formRequest(`/contest/${contest.id}/pay`, { intent: "pay", device: "yes" }, cookie), { params });
  expect(ticked.location).toMatch(/^\/payments\/test-gateway\?order=/);
  expect(await db.$count(payments, eq(payments.user_id, userId))).toBe(1);
});

test("a free contest enrols without a tick, and its page adds no fees", async () => {
  const contest = await upcoming(0);
  const { userId, cookie } = await signedInStudent();
  const page = await call(pay.loader, getRequest(`/contest/${contest.id}/pay`, cookie), { params: { id: contest.id } });
  expect(page.data.contest.entry_fee).toBe(0);
  const enrolled = await call(pay.action, formRequest(`/contest/${contest.id}/pay`, { intent: "pay" }, cookie), { params: { id: contest.id } });
  expect(enrolled.location).toBe(`/contest/${contest.id}/confirmation`);
  expect(await db.$count(user_contest_entries, and(eq(user_contest_entries.user_id, userId), eq(user_contest_entries.contest_id, contest.id)))).toBe(1);
});

test("a stranger's worst at the pay action (empty, 2 MB, JSON, a huge index, a NUL) is answered below 500; only a tick opens an order", async () => {
  const contest = await upcoming(49);
  const { userId, cookie } = await signedInStudent();
  const post = (body: BodyInit, type: string) =>
    call(pay.action, new Request(`http://localhost:3000/contest/${contest.id}/pay`, { method: "POST", body, headers: { "Content-Type": type, Cookie: cookie } }), { params: { id: contest.id } });
  const form = "application/x-www-form-urlencoded";
  const replies = [
    await post("", form),
    await post(`intent=pay&device=${"y".repeat(2 * 1024 * 1024)}`, form),
    await post(JSON.stringify({ intent: "pay", device: "yes" }), "application/json"),
    await post("intent=pay&x[99999999]=1", form),
    await post("intent=pay&device=yes%00", form),
  ];
  for (const reply of replies) expect(reply.status ?? 200).toBeLessThan(500);
  expect(replies.map((r) => r.data)).toContainEqual({ confirmDevice: true });
  // Only the last is a tick: its NUL is stripped as every form's control characters are (app/utils/forms.server.ts).
  expect(replies.at(-1)!.location).toMatch(/^\/payments\/test-gateway\?order=/);
  expect(await db.$count(payments, eq(payments.user_id, userId))).toBe(1);
});
