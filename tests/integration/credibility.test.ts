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
import { createContest, createEntry, createUser, submitEntry } from "~/seed/factories.server";
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
