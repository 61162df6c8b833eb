// Issue 48, point 3: ties broken the NTA way when the contest says so. JEE Main's rule since
// 2025: marks, then the marks of the sections in a stated order (here Mathematics, then
// Physics, then Chemistry: not the paper's order), then fewer incorrect answers per correct
// one, then the same rank. Every step is planted, with submission times that would rank
// the other way under the time rule; the same contest under the time rule ranks by time.
// Live (before the results are final) and stored ranks agree. Both databases.
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, rowsOf } from "~/db/client.server";
import { contest_results } from "~/db/schema";
import { leaderboard, tieBreakOf } from "~/models/contests/results/results.server";
import { computeResults, recordResult } from "~/models/contests/results/scoring.server";
import { createContest, createEntry, createUser, submitEntry } from "~/seed/factories.server";
import { english } from "../support/words";

const HOUR = 3_600_000;
const QUESTIONS: Array<[string, string[], string]> = Array.from({ length: 12 }, (_, i) => [`Q${i + 1}?`, ["A", "B", "C", "D"], "A"]);
// Questions 1-4 Physics (the paper's first section), 5-8 Chemistry (question 5 is worth 8), 9-12 Mathematics; +4 / -1.
const CHEMISTRY = [4, 5, 6, 7];
const MATHS = [8, 9, 10, 11];

test("marks, then Mathematics, Physics, Chemistry, then fewer incorrect per correct, then the same rank; the time rule ranks the same answers by time", async () => {
  const start = new Date(Date.now() - 3 * HOUR);
  const contest = await createContest(db, { title: `Tie Cup ${Date.now()}`, subject: "JEE", start_time: start, end_time: new Date(Date.now() - 2 * HOUR), questions: QUESTIONS, duration_minutes: 60 });
  await db.execute(sql`UPDATE contests SET marks = 4, penalty = 1, tie_break = 'nta' WHERE id = ${contest.id}`);
  const [first] = rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM contest_sections WHERE contest_id = ${contest.id}`));
  await db.execute(sql`UPDATE contest_sections SET title = 'Physics', tie_break_order = 2 WHERE id = ${first!.id}`);
  await db.execute(sql`INSERT INTO contest_sections (contest_id, position, title, tie_break_order) VALUES (${contest.id}, 2, 'Chemistry', 3), (${contest.id}, 3, 'Mathematics', 1)`);
  const move = async (indexes: number[], title: string) =>
    db.execute(sql`UPDATE questions SET section_id = (SELECT id FROM contest_sections WHERE contest_id = ${contest.id} AND title = ${title})
                    WHERE id IN (${sql.join(indexes.map((i) => sql`${contest.questions[i]!.id}::uuid`), sql`, `)})`);
  await move(CHEMISTRY, "Chemistry");
  await move(MATHS, "Mathematics");
  await db.execute(sql`UPDATE questions SET marks = 8 WHERE id = ${contest.questions[4]!.id}`);

  /** A student's answers: question index to "A" (right) or "B" (wrong); submitted `minutes` after the start. */
  const sit = async (name: string, answers: Record<number, "A" | "B">, minutes: number) => {
    const userId = await createUser(db, { email: `${name.toLowerCase()}.${Date.now()}@example.in`, passwordHash: "x", fullName: name });
    await createEntry(db, { userId, contestId: contest.id });
    await submitEntry(db, {
      userId,
      contestId: contest.id,
      submittedAt: new Date(start.getTime() + minutes * 60_000),
      answers: Object.entries(answers).map(([i, selected]) => ({ questionId: contest.questions[Number(i)]!.id, selected })),
    });
    await recordResult(db, { contestId: contest.id, userId });
    return userId;
  };
  const right = (...indexes: number[]) => Object.fromEntries(indexes.map((i) => [i, "A" as const]));
  const wrong = (...indexes: number[]) => Object.fromEntries(indexes.map((i) => [i, "B" as const]));

  // 16 marks each: Ann leads in Mathematics; Ben and Cid tie there, Ben leads in Physics. Ann submitted last.
  const ann = await sit("Ann", { ...right(8, 9), ...right(0), ...right(5) }, 50);
  const ben = await sit("Ben", { ...right(8), ...right(0, 1), ...right(5) }, 40);
  const cid = await sit("Cid", { ...right(8), ...right(0), ...right(5, 6) }, 30);
  // 15 marks each, equal in every section (Chemistry 7): Gus by the 8-mark question and one wrong
  // (3 correct, 1 incorrect), Hal by two right and one wrong (4 correct, 1 incorrect). Hal submitted later.
  const gus = await sit("Gus", { ...right(8), ...right(0), ...right(4), ...wrong(5) }, 10);
  const hal = await sit("Hal", { ...right(8), ...right(0), ...right(5, 6), ...wrong(7) }, 20);
  // Equal in everything but time: the same rank.
  const ivy = await sit("Ivy", { ...right(9), ...wrong(1) }, 5);
  const jay = await sit("Jay", { ...right(10), ...wrong(2) }, 15);
  const kim = await sit("Kim", { ...wrong(3, 6), ...right(11) }, 1);

  const expected = { [ann]: 1, [ben]: 2, [cid]: 3, [hal]: 4, [gus]: 5, [ivy]: 6, [jay]: 6, [kim]: 8 };
  const live = Object.fromEntries((await leaderboard(db, contest.id, new Date())).map((row) => [row.user_id, row.rank]));
  expect(live).toEqual(expected);
  await computeResults(db, contest.id);
  const stored = async () => Object.fromEntries((await db.select().from(contest_results).where(eq(contest_results.contest_id, contest.id))).map((row) => [row.user_id, row.rank]));
  expect(await stored()).toEqual(expected);
  const [hals] = await db.select().from(contest_results).where(sql`${contest_results.contest_id} = ${contest.id} AND ${contest_results.user_id} = ${hal}`);
  expect(hals).toMatchObject({ score: 15, correct: 4, incorrect: 1, section_scores: [4, 4, 7] });

  // The rules sheet and the leaderboard say the rule, with the sections in their tie-break order.
  await db.execute(sql`UPDATE contest_sections SET title_hi = 'गणित' WHERE contest_id = ${contest.id} AND title = 'Mathematics'`);
  expect(english((await tieBreakOf(db, contest.id, "en"))!)).toBe(
    "Equal marks are ranked as NTA ranks JEE Main: higher marks in Mathematics, Physics, Chemistry, compared in that order, then fewer incorrect answers for each correct one. Still equal, they share a rank.",
  );
  expect((await tieBreakOf(db, contest.id, "hi"))!.values).toEqual({ sections: "गणित, Physics, Chemistry" });

  // The same answers under the time rule: equal marks go by time taken.
  await db.execute(sql`UPDATE contests SET tie_break = 'time' WHERE id = ${contest.id}`);
  await computeResults(db, contest.id);
  expect(await stored()).toEqual({ [cid]: 1, [ben]: 2, [ann]: 3, [gus]: 4, [hal]: 5, [ivy]: 6, [jay]: 7, [kim]: 8 });
  expect(english((await tieBreakOf(db, contest.id, "en"))!)).toMatch(/^Equal marks are ranked by time taken/);
});
