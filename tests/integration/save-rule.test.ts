// Issue 48, point 1: NTA's save rule on the server. A draft (the unsaved choice on screen)
// is kept with the saved state in the same one statement, comes back with the paper so a
// reload restores the screen, and is never scored; a bad draft is refused whole.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, queriesDuring } from "~/db/client.server";
import { contest_results, user_answers } from "~/db/schema";
import { createContest, createEntry } from "~/seed/factories.server";
import * as testApi from "~/routes/api.contest.$id.test";
import { call } from "../support/remix";
import { signedInStudent } from "../support/scenarios";
import { migrateBefore, migrateFrom } from "../support/migrations";

const MINUTE = 60_000;
let n = 0;

/** A running contest: two single-correct questions (the second option right) and a numerical one (2.5 to 2.6). */
async function runningContest() {
  const start = new Date(Date.now() - 5 * MINUTE);
  const contest = await createContest(db, {
    title: `Save Rule Cup ${++n}`,
    subject: "Physics",
    start_time: start,
    end_time: new Date(start.getTime() + 60 * MINUTE),
    duration_minutes: 30,
    shuffle: false,
    questions: [
      ["Capital of India?", ["Mumbai", "New Delhi", "Kolkata"], "New Delhi"],
      ["2 + 2?", ["3", "4", "5"], "4"],
      ["g / 4, to one decimal?", ["x", "y"], "x"],
    ],
  });
  const numerical = contest.questions[2]!.id;
  await db.execute(sql`UPDATE questions SET kind = 'numerical', options = '{}', correct_answer = NULL, correct_options = NULL, answer_min = 2.5, answer_max = 2.6 WHERE id = ${numerical}`);
  const me = await signedInStudent();
  await createEntry(db, { userId: me.userId, contestId: contest.id });
  const [q1, q2] = contest.questions;
  return { contest, me, q1: q1!.id, q2: q2!.id, numerical };
}

const url = (id: string) => `http://localhost:3000/api/contest/${id}/test`;
const post = (contestId: string, body: unknown, cookie: string) =>
  call(testApi.action, new Request(url(contestId), { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", Cookie: cookie } }), { params: { id: contestId } });
const paperOf = async (contestId: string, cookie: string) =>
  JSON.parse((await call(testApi.loader, new Request(url(contestId), { headers: { Cookie: cookie } }), { params: { id: contestId } })).data as string);

test("a new paper follows NTA's rule with the keypad alone; the paper says so", async () => {
  const { contest, me } = await runningContest();
  const paper = await paperOf(contest.id, me.cookie);
  expect(paper.contest).toMatchObject({ saveRule: "nta", typing: false });
  await db.execute(sql`UPDATE contests SET save_rule = 'every_choice', physical_keyboard = true WHERE id = ${contest.id}`);
  expect((await paperOf(contest.id, me.cookie)).contest).toMatchObject({ saveRule: "every_choice", typing: true });
});

test("a draft is saved with its question's state in one statement, comes back with the paper, and is never scored", async () => {
  const { contest, me, q1, q2, numerical } = await runningContest();
  // q1: New Delhi saved, then Kolkata chosen and not saved. q2: 4 chosen, never saved. The number: 2.5 typed so far as "2.".
  await post(contest.id, { intent: "answer", questionId: q1, options: [2] }, me.cookie);
  const queries = await queriesDuring(() => post(contest.id, { intent: "answer", questionId: q1, options: [2], draft: { options: [3] } }, me.cookie));
  expect(queries).toHaveLength(1);
  await post(contest.id, { intent: "answer", questionId: q2, draft: { options: [2] } }, me.cookie);
  await post(contest.id, { intent: "answer", questionId: numerical, draft: { value: "2." } }, me.cookie);

  const paper = await paperOf(contest.id, me.cookie);
  expect(paper.answers).toEqual({ [q1]: { o: [2], d: { o: [3] } }, [q2]: { d: { o: [2] } }, [numerical]: { d: { v: "2." } } });

  // An empty draft over a saved answer (everything unticked, not saved) is kept as such.
  await post(contest.id, { intent: "answer", questionId: q1, options: [2], draft: {} }, me.cookie);
  expect((await paperOf(contest.id, me.cookie)).answers[q1]).toEqual({ o: [2], d: {} });

  const submitted = await post(contest.id, { intent: "submit", reason: "manual" }, me.cookie);
  expect(JSON.parse(submitted.data as string)).toEqual({ submitted: true });
  const [result] = await db.select().from(contest_results).where(eq(contest_results.user_id, me.userId));
  // Only q1's saved New Delhi counts: q2's 4 and the number were drafts.
  expect(result).toMatchObject({ score: 1, answered: 1 });
});

test("a draft alone does not move the time the saved answer was given (the review's signals read it)", async () => {
  const { contest, me, q1 } = await runningContest();
  await post(contest.id, { intent: "answer", questionId: q1, options: [2] }, me.cookie);
  const timeOf = async () => (await db.select({ at: user_answers.answered_at }).from(user_answers).where(eq(user_answers.question_id, q1)))[0]!.at.getTime();
  const saved = await timeOf();
  await new Promise((resolve) => setTimeout(resolve, 20));
  await post(contest.id, { intent: "answer", questionId: q1, options: [2], draft: { options: [1] } }, me.cookie);
  expect(await timeOf()).toBe(saved);
  await post(contest.id, { intent: "answer", questionId: q1, options: [1] }, me.cookie);
  expect(await timeOf()).toBeGreaterThan(saved);
});

test("a bad draft is refused whole: nothing of its save is written", async () => {
  const { contest, me, q1, numerical } = await runningContest();
  const refused: Array<[string, unknown, number]> = [
    ["no fourth option", { questionId: q1, options: [2], draft: { options: [4] } }, 400],
    ["two options on a single-correct question", { questionId: q1, options: [2], draft: { options: [1, 3] } }, 400],
    ["options on a numerical question", { questionId: numerical, value: "2.5", draft: { options: [1] } }, 400],
    ["a number on an options question", { questionId: q1, options: [2], draft: { value: "3" } }, 400],
    ["letters", { questionId: numerical, draft: { value: "2.5e3" } }, 400],
    ["too long", { questionId: numerical, draft: { value: "1".repeat(11) } }, 400],
    ["not an object", { questionId: q1, options: [2], draft: "1" }, 400],
  ];
  for (const [name, body, status] of refused) {
    const res = await post(contest.id, { intent: "answer", ...(body as object) }, me.cookie);
    expect(res.status, name).toBe(status);
    expect(res.data as string, name).not.toMatch(/score|stack|at \//);
  }
  expect(await db.select().from(user_answers).where(eq(user_answers.user_id, me.userId))).toEqual([]);
  // A field it does not know is dropped, never said back.
  const odd = await post(contest.id, { intent: "answer", questionId: q1, options: [2], draft: { options: [1], score: 4 } }, me.cookie);
  expect(odd.data as string).toBe(JSON.stringify({ saved: true }));
});

test("contests made before the rule keep the one their students were told (each choice counts); new ones take NTA's", async () => {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrateBefore(client, "0034");
  await client.exec(`INSERT INTO contests (title, subject, duration_minutes, start_time, end_time) VALUES ('Old Cup', 'GK', 30, '2026-01-01 10:00Z', '2026-01-01 11:00Z')`);
  await migrateFrom(client, "0034");
  await client.exec(`INSERT INTO contests (title, subject, duration_minutes, start_time, end_time) VALUES ('New Cup', 'GK', 30, '2026-01-01 10:00Z', '2026-01-01 11:00Z')`);
  const rows = (await client.query<{ title: string; save_rule: string; physical_keyboard: boolean }>(`SELECT title, save_rule, physical_keyboard FROM contests ORDER BY title`)).rows;
  expect(rows).toEqual([
    { title: "New Cup", save_rule: "nta", physical_keyboard: false },
    { title: "Old Cup", save_rule: "every_choice", physical_keyboard: false },
  ]);
  await client.close();
});

test("time on a question is kept with its state: bounded by the test's length, never going down, back with the paper", async () => {
  const { contest, me, q1, q2 } = await runningContest(); // 30 minutes to answer
  const save = (body: object) => post(contest.id, { intent: "answer", questionId: q1, options: [2], ...body }, me.cookie);
  const stored = async () => (await db.select({ s: user_answers.seconds_spent }).from(user_answers).where(eq(user_answers.question_id, q1)))[0]?.s;
  expect((await save({ seconds: 95 })).status).toBe(200);
  expect(await stored()).toBe(95);
  // A stale save (sent before a later one landed) never takes time away.
  expect((await save({ seconds: 40 })).status).toBe(200);
  expect(await stored()).toBe(95);
  expect((await save({ seconds: 30 * 60 })).status).toBe(200);
  // More than the test lasts, negative, or not whole: refused, and nothing of the save is written.
  expect((await save({ seconds: 30 * 60 + 1, options: [3] })).status).toBe(400);
  expect((await save({ seconds: -1 })).status).toBe(400);
  expect((await save({ seconds: 1.5 })).status).toBe(400);
  const [row] = await db.select().from(user_answers).where(eq(user_answers.question_id, q1));
  expect(row).toMatchObject({ seconds_spent: 1800, selected_options: [2] });
  // Extra time lengthens the bound.
  await db.execute(sql`UPDATE user_contest_entries SET extra_minutes = 10 WHERE user_id = ${me.userId}`);
  expect((await save({ seconds: 35 * 60 })).status).toBe(200);
  await post(contest.id, { intent: "answer", questionId: q2, seconds: 12 }, me.cookie);
  expect((await paperOf(contest.id, me.cookie)).answers).toMatchObject({ [q1]: { o: [2], t: 2100 }, [q2]: { t: 12 } });
});
