// Scores, ranks and prizes from the database (docs/product/design.md §4). Each rule here has a test
// that fails if its line of SQL changes (rank() → row_number(), asc → desc, …).
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { contest_results, contests, questions } from "~/db/schema";
import { recentChampions } from "~/models/contests/catalogue/catalogue.server";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import { contestWithResults, type Taker } from "../support/scenarios";
import { PROVEN_ON_POSTGRESQL } from "../support/locks";

const MINUTE = 60_000;
const start = new Date("2026-10-01T10:00:00Z");
const end = new Date("2026-10-01T11:00:00Z");
const after = new Date(end.getTime() + MINUTE);

/** A finished contest in which each student got `correct` answers right, submitted `minutes` after the start. */
const contestWith = (students: Taker[], prizePool: Record<string, unknown> = {}) => contestWithResults({ start, end, prizePool, students });

async function results(contestId: string, users: string[]) {
  const rows = await db.select().from(contest_results).where(eq(contest_results.contest_id, contestId));
  return users.map((u) => rows.find((r) => r.user_id === u) ?? null);
}

test("exact ties share a rank: 1, 2, 2, 4", async () => {
  const { contestId, users } = await contestWith([
    { correct: 4, minutes: 10 },
    { correct: 3, minutes: 12 },
    { correct: 3, minutes: 12 },
    { correct: 2, minutes: 5 },
  ]);
  expect(await finalizeContest(db, contestId, after)).toBe("finalized");
  expect((await results(contestId, users)).map((r) => r?.rank)).toEqual([1, 2, 2, 4]);
  expect((await results(contestId, users)).map((r) => r?.score)).toEqual([4, 3, 3, 2]);
});

test("the same score is ordered by response time, faster first", async () => {
  const { contestId, users } = await contestWith([
    { correct: 3, minutes: 20 },
    { correct: 3, minutes: 8 },
  ]);
  await finalizeContest(db, contestId, after);
  const [slow, fast] = await results(contestId, users);
  expect([fast?.rank, slow?.rank]).toEqual([1, 2]);
  expect([fast?.response_time, slow?.response_time]).toEqual([8 * MINUTE, 20 * MINUTE]);
});

test("tied students pool the prizes of their places and split them, rounded down", async () => {
  const { contestId, users } = await contestWith(
    [
      { correct: 4, minutes: 10 },
      { correct: 3, minutes: 12 },
      { correct: 3, minutes: 12 },
      { correct: 2, minutes: 5 },
      { correct: 1, minutes: 5 },
    ],
    { first: 1000, second: 501, third: 300, fourth: "100", grand_total: 1901, bonus: "Certificate" },
  );
  await finalizeContest(db, contestId, after);
  // (501 + 300) / 2 = 400.5 → 400 each; the fourth place's 100; nothing for fifth.
  expect((await results(contestId, users)).map((r) => r?.prize_amount)).toEqual([1000, 400, 400, 100, 0]);
});

test("a blank paper is not ranked and wins nothing; a score of 0 wins no rank prize, its place unawarded; champions are prize winners only", async () => {
  const { contest, contestId, users } = await contestWithResults({
    start,
    end,
    prizePool: { first: 500, second: 300, third: 100 },
    students: [
      { correct: 2, minutes: 10 },
      { correct: 0, minutes: 5 }, // answered every question, all wrong
      { correct: 0, minutes: 3, blank: true }, // pressed Start, saved nothing
    ],
  });
  await finalizeContest(db, contestId, after);
  const [winner, zero, blank] = await results(contestId, users);
  expect(winner).toMatchObject({ rank: 1, score: 2, answered: 4, prize_amount: 500 });
  expect(zero).toMatchObject({ rank: 2, score: 0, answered: 4, prize_amount: 0 });
  expect(blank).toMatchObject({ rank: null, score: 0, answered: 0, prize_amount: 0 });
  const champions = (await recentChampions(db, after, 50)).filter((c) => c.contest === contest.title);
  expect(champions.map((c) => [c.rank, c.prize])).toEqual([[1, 500]]);
});

test("the score compares each chosen answer with the question's correct answer, at finalisation", async () => {
  const { contestId, users, questions: qs } = await contestWith([{ correct: 2, minutes: 10 }]);
  // An admin fixes a wrong answer key before the contest is finalised: the score follows it.
  const wrongly = qs[2]!;
  const chosen = wrongly.options.find((o) => o !== wrongly.correct_answer)!;
  await db.update(questions).set({ correct_answer: chosen }).where(eq(questions.id, wrongly.id));
  await finalizeContest(db, contestId, after);
  expect((await results(contestId, users))[0]?.score).toBe(3);
});

test("entries never submitted are left out", async () => {
  const { contestId, users } = await contestWith([
    { correct: 4, minutes: 10, submitted: false },
    { correct: 1, minutes: 30 },
  ]);
  await finalizeContest(db, contestId, after);
  const [absent, present] = await results(contestId, users);
  expect(absent).toBeNull();
  expect(present).toMatchObject({ rank: 1, score: 1 });
});

test("finalisation is refused before the end and its 10-second grace, and happens once", async () => {
  const { contestId, users } = await contestWith([{ correct: 2, minutes: 10 }], { first: 500 });
  const endsForAll = new Date(end.getTime() + 10_001);
  expect(await finalizeContest(db, contestId, new Date(end.getTime() - 1))).toBe("not-ended");
  // Answers sent in the last seconds may still be arriving.
  expect(await finalizeContest(db, contestId, new Date(end.getTime() + 10_000))).toBe("not-ended");
  expect(await db.$count(contest_results, eq(contest_results.contest_id, contestId))).toBe(0);

  expect(await finalizeContest(db, contestId, endsForAll)).toBe("finalized");
  // Whatever changes later, a second run does nothing.
  await db.update(contests).set({ prize_pool: { first: 9999 } }).where(eq(contests.id, contestId));
  expect(await finalizeContest(db, contestId, new Date(end.getTime() + 60 * MINUTE))).toBe("already");
  expect((await results(contestId, users))[0]?.prize_amount).toBe(500);
  const [row] = await db.select({ finalized_at: contests.finalized_at }).from(contests).where(eq(contests.id, contestId));
  expect(row?.finalized_at?.toISOString()).toBe(endsForAll.toISOString());
});

test(`${PROVEN_ON_POSTGRESQL} two finalisers at once: one finalises, the other finds it done`, async () => {
  const { contestId, users } = await contestWith([{ correct: 2, minutes: 10 }, { correct: 1, minutes: 10 }], { first: 300, second: 100 });
  const outcomes = await Promise.all([finalizeContest(db, contestId, after), finalizeContest(db, contestId, after)]);
  expect(outcomes.sort()).toEqual(["already", "finalized"]);
  expect((await results(contestId, users)).map((r) => r?.prize_amount)).toEqual([300, 100]);
});

test("an unknown contest is reported, not an error", async () => {
  expect(await finalizeContest(db, "00000000-0000-4000-8000-000000000000", after)).toBe("missing");
});
