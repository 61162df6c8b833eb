// Issue 47, point 4: the answers speak too. A contest with eight honest students, a planted
// copying pair (the same wrong answers, ones nobody else gave) and a planted too-fast
// answerer (every answer right, two seconds apart): the review board puts the pair and the
// fast answerer at Low, with reasons in words, and every honest student at High. Both databases.
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { user_contest_entries } from "~/db/schema";
import { recordResult } from "~/models/contests/results/scoring.server";
import { reviewBoard } from "~/models/contests/review/review-board.server";
import { testApiReply } from "~/models/contests/sitting/test-api.server";
import { recordEvent } from "~/models/contests/sitting/test-taking.server";
import { createContest, createEntry, createUser, submitEntry } from "~/seed/factories.server";
import { signedInStudent } from "../support/scenarios";
import { english } from "../support/words";

const HOUR = 3_600_000;
const QUESTIONS: Array<[string, string[], string]> = Array.from({ length: 12 }, (_, i) => [`Question ${i + 1}?`, ["A", "B", "C", "D"], "A"]);

test("a planted copying pair and a too-fast answerer are Low with their reasons; honest students are High", async () => {
  const start = new Date(Date.now() - 3 * HOUR);
  const contest = await createContest(db, { title: `Credibility Cup ${Date.now()}`, subject: "Physics", start_time: start, end_time: new Date(Date.now() - 2 * HOUR), questions: QUESTIONS, duration_minutes: 30 });
  const sit = async (name: string, choices: string[], gapSeconds: number) => {
    const userId = await createUser(db, { email: `${name.toLowerCase().replace(/\s/g, ".")}.${Date.now()}@example.in`, passwordHash: "x", fullName: name });
    await createEntry(db, { userId, contestId: contest.id });
    await submitEntry(db, { userId, contestId: contest.id, submittedAt: new Date(start.getTime() + 20 * 60_000), answers: contest.questions.map((q, i) => ({ questionId: q.id, selected: choices[i]! })) });
    // Each answer saved `gapSeconds` after the one before, from the start.
    await db.update(user_contest_entries).set({ started_at: start }).where(sql`${user_contest_entries.user_id} = ${userId} AND ${user_contest_entries.contest_id} = ${contest.id}`);
    await db.execute(sql`
      UPDATE user_answers a SET answered_at = ${start.toISOString()}::timestamptz + q.position * ${gapSeconds} * interval '1 second'
        FROM questions q WHERE q.id = a.question_id AND a.user_id = ${userId} AND a.contest_id = ${contest.id}`);
    await recordResult(db, { contestId: contest.id, userId });
    return userId;
  };
  // Honest student i gets question i wrong (and a second one for the first four): no two share a wrong answer.
  const honest: string[] = [];
  for (let i = 0; i < 8; i++) {
    const choices = QUESTIONS.map((_, j) => (j === i || (i < 4 && j === i + 8) ? "B" : "A"));
    honest.push(await sit(`Honest ${i}`, choices, 60 + i * 7));
  }
  // The pair: five identical wrong answers that nobody else gave.
  const copied = QUESTIONS.map((_, j) => ([1, 3, 5, 7, 9].includes(j) ? "D" : "A"));
  const source = await sit("Source Sharma", copied, 70);
  const copier = await sit("Copier Kumar", copied, 65);
  const fast = await sit("Fast Fatima", QUESTIONS.map(() => "A"), 2);

  // One honest student's phone could not run the face check: a person should look, it is no penalty.
  const unwatched = honest.pop()!;
  await db.execute(sql`INSERT INTO proctoring_events (entry_id, kind) SELECT id, 'not_monitored' FROM user_contest_entries WHERE user_id = ${unwatched} AND contest_id = ${contest.id}`);

  const board = await reviewBoard(db, contest.id, new Date());
  const level = Object.fromEntries(board!.entries.map((e) => [e.user_id, e.credibility]));
  expect(level[source]).toBe("low");
  expect(level[copier]).toBe("low");
  expect(level[fast]).toBe("low");
  for (const id of honest) expect(level[id], id).toBe("high");
  expect(level[unwatched]).toBe("medium");

  const reasons = (id: string) => board!.entries.find((e) => e.user_id === id)!.reasons.map(english);
  expect(reasons(copier)).toEqual(["5 identical wrong answers with Source Sharma, answers few others gave (100% of the wrong answers of whichever of the two has fewer)"]);
  expect(reasons(fast)).toEqual(["12 of 12 right answers saved less than 5 seconds after the one before: faster than the questions can be read"]);
  // The least credible come first.
  expect(board!.entries.slice(0, 3).map((e) => e.credibility)).toEqual(["low", "low", "low"]);
  expect((await db.select().from(user_contest_entries).where(eq(user_contest_entries.contest_id, contest.id))).length).toBe(11);
});

// Issue 65: a page left in a background tab in the waiting room sends its events before the
// start. They are recorded and shown, but only events from the entry's start to its
// submission count toward "3 or more browser events".
test("browser events before the start or after the submission are kept and shown but not counted; 3 during the test are Medium", async () => {
  const start = new Date(Date.now() + 10 * 60_000);
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
  const contest = await createContest(db, { title: `Waiting Room Cup ${Date.now()}`, subject: "Physics", start_time: start, end_time: at(60), questions: QUESTIONS, duration_minutes: 30 });
  let address = 0;
  const sitting = async (name: string, eventsAt: number[]) => {
    const me = await signedInStudent({ fullName: name });
    await createEntry(db, { userId: me.userId, contestId: contest.id });
    const ip = `198.51.100.${++address}`;
    const send = (body: unknown, now: Date) => testApiReply({ cookie: me.cookie, contestId: contest.id, readBody: async () => body, now, address: ip });
    const sendEvent = async (minutes: number) => expect((await send({ intent: "event", kind: "tab_hidden" }, at(minutes))).body).toEqual({ recorded: true });
    for (const m of eventsAt.filter((m) => m < 1)) await sendEvent(m);
    expect((await send({ intent: "start", fullscreen: true }, at(1))).status).toBe(200);
    for (const m of eventsAt.filter((m) => m >= 1 && m <= 20)) await sendEvent(m);
    expect((await send({ intent: "submit", reason: "manual" }, at(20))).status).toBe(200);
    // The API refuses an event once submitted; one in flight at the submission still reaches the table.
    const [entry] = await db.select().from(user_contest_entries).where(sql`${user_contest_entries.user_id} = ${me.userId} AND ${user_contest_entries.contest_id} = ${contest.id}`);
    for (const m of eventsAt.filter((m) => m > 20)) await recordEvent(db, { entryId: entry!.id, kind: "tab_hidden", now: at(m) });
    return me.userId;
  };
  // Three events in the waiting room and three after the submission, none while sitting.
  const waited = await sitting("Waiting Wasim", [-9, -8, -7, 21, 22, 23]);
  // Two before the start and two during: not three during.
  const mixed = await sitting("Mixed Meena", [-3, -2, 5, 6]);
  const during = await sitting("During Dev", [2, 3, 19]);

  const board = (await reviewBoard(db, contest.id, at(90)))!;
  const entry = (id: string) => board.entries.find((e) => e.user_id === id)!;
  expect(entry(waited)).toMatchObject({ credibility: "high", reasons: [] });
  expect(entry(mixed)).toMatchObject({ credibility: "high", reasons: [] });
  expect(entry(during).credibility).toBe("medium");
  expect(entry(during).reasons.map(english)).toEqual(["3 browser events during the test (fullscreen left, tab hidden, camera stopped)"]);
  // Every event stays on the reviewer's timeline, those outside the test's time said so.
  expect(entry(waited).timeline.map((ev) => ev.during)).toEqual([false, false, false, false, false, false]);
  expect(entry(mixed).timeline.map((ev) => ev.during)).toEqual([false, false, true, true]);
  expect(entry(during).timeline.every((ev) => ev.during)).toBe(true);
});
