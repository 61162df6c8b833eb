// The results and completion pages against a real database: the student's own score,
// live ranks by the window function, the key only once the test has closed for
// everyone, prizes assigned on the first view after the end.
import { and, eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, rowsOf } from "~/db/client.server";
import { createEntry } from "~/seed/factories.server";
import { contest_results, contests } from "~/db/schema";
import { rankedResults } from "~/models/contests/results/results.server";
import { dashboardEntries } from "~/models/contests/catalogue/catalogue.server";
import * as completeRoute from "~/routes/contest.$id.complete";
import * as dashboardRoute from "~/routes/dashboard";
import * as resultsRoute from "~/routes/contest.$id.results";
import { call, getRequest } from "../support/remix";
import { contestWithResults, signedInStudent, type Taker } from "../support/scenarios";

const MINUTE = 60_000;
const student = (fullName: string | null = null) => signedInStudent({ fullName });

/** A contest that started `startedAgo` minutes ago; each student answers `correct` of four right and submits `minutes` after the start. */
async function contestWith(startedAgo: number, window: number, students: Taker[]) {
  const start = new Date(Date.now() - startedAgo * MINUTE);
  const { contest } = await contestWithResults({
    start,
    end: new Date(start.getTime() + window * MINUTE),
    durationMinutes: Math.min(window, 30),
    prizePool: { first: 600, second: 300, third: 100 },
    students,
    recordResults: true,
  });
  return contest;
}

const view = (contestId: string, cookie: string | undefined, tab = "summary") =>
  call(resultsRoute.loader, getRequest(`/contest/${contestId}/results?tab=${tab}`, cookie), { params: { id: contestId } });

test("while the contest runs: the student's score, a live rank shared by exact ties, no key and no prize yet", async () => {
  const [a, b, c, d] = [await student("Asha Rao"), await student("Ravi K"), await student(null), await student("Late One")];
  const contest = await contestWith(40, 120, [
    { userId: a.userId, correct: 3, minutes: 10 },
    { userId: b.userId, correct: 3, minutes: 10 },
    { userId: c.userId, correct: 4, minutes: 25 },
    { userId: d.userId, correct: 1, minutes: 5 },
  ]);
  const summary = await view(contest.id, a.cookie);
  expect(summary.data.mine).toMatchObject({ score: 3, rank: 2, prize_amount: 0 });
  expect(summary.data.contest).toMatchObject({ questionCount: 4, finalized: false, closed: true });

  const board = await view(contest.id, d.cookie, "leaderboard");
  // Within a tie the order is stable but not meaningful: compare sorted by name.
  const byRankThenName = (a: [number, string | null], b: [number, string | null]) => a[0] - b[0] || String(a[1]).localeCompare(String(b[1]));
  expect(board.data.leaders.map((l: { rank: number; name: string | null }) => [l.rank, l.name]).sort(byRankThenName)).toEqual([
    [1, null],
    // Public lists show a first name and an initial (issue 67, point 5; public-names.test.ts).
    [2, "Asha R."],
    [2, "Ravi K."],
    [4, "Late O."],
  ]);
  expect(JSON.stringify(board.data)).not.toMatch(/@example\.in/); // names only, never e-mails
});

/** A page's data without its words (the same catalog messages for everyone): what is left is about this student. */
const withoutWords = (data: Record<string, unknown>) => ({ ...data, messages: undefined });

test("an early finisher's results, dashboard and completion page carry no score before the test closes for everyone, and do after", async () => {
  const [me, other, stranger] = [await student("Early Bird"), await student("Other One"), await student("Stranger")];
  const takers = [
    { userId: me.userId, correct: 3, minutes: 2 },
    { userId: other.userId, correct: 1, minutes: 3 },
  ];
  const open = await contestWith(5, 120, takers); // a 30-minute test that started 5 minutes ago
  // A question only visited, with nothing chosen, is not answered (issue 48, point 2: "You answered 9 of 9" for 8).
  await db.execute(sql`UPDATE user_answers SET selected_options = NULL, selected_answer = NULL, marked = true
                        WHERE user_id = ${me.userId} AND contest_id = ${open.id}
                          AND question_id = (SELECT question_id FROM user_answers WHERE user_id = ${me.userId} AND contest_id = ${open.id} LIMIT 1)`);
  for (const tab of ["summary", "breakdown", "leaderboard"]) {
    const res = await view(open.id, me.cookie, tab);
    expect(res.data).toMatchObject({ state: "pending", mine: null, answered: 3, breakdown: [], leaders: [], contest: { closed: false } });
    expect(JSON.stringify(withoutWords(res.data))).not.toMatch(/"(score|rank|correct|isCorrect|prize_amount)"/);
  }
  const dashboard = async () => (await call(dashboardRoute.loader, getRequest("/dashboard", me.cookie))).data;
  const early = await dashboard();
  expect(early.past.find((e: { contest_id: string }) => e.contest_id === open.id).result).toMatchObject({ kind: "pending" });
  expect(JSON.stringify(early)).not.toMatch(/"(score|contest_score|contest_rank|rank)"/);
  const complete = (contestId: string, cookie: string) => call(completeRoute.loader, getRequest(`/contest/${contestId}/complete?reason=manual`, cookie), { params: { id: contestId } });
  const done = await complete(open.id, me.cookie);
  expect(done.data).toMatchObject({ contest: { id: open.id }, reason: "manual" });
  expect(JSON.stringify(withoutWords(done.data))).not.toMatch(/score|rank/i);
  // Without a submitted entry of one's own there is no completion to show.
  expect((await complete(open.id, stranger.cookie)).data).toMatchObject({ contest: null });

  const closed = await contestWith(45, 120, takers); // its 30 minutes are over
  expect((await view(closed.id, me.cookie)).data).toMatchObject({ state: "scored", mine: { score: 3, rank: 1 } });
  expect((await view(closed.id, me.cookie, "leaderboard")).data.leaders).toHaveLength(2);
  const later = await dashboard();
  expect(later.past.find((e: { contest_id: string }) => e.contest_id === closed.id).result).toEqual({ kind: "provisional", score: 3, phase: "provisional", challengesEndAt: null });
});

test("before finalisation, equal scores are ranked by time, the faster first, on the page and the leaderboard", async () => {
  const [slow, fast] = [await student("Slow Sam"), await student("Fast Fia")];
  const contest = await contestWith(40, 120, [
    { userId: slow.userId, correct: 3, minutes: 12 },
    { userId: fast.userId, correct: 3, minutes: 8 },
  ]);
  expect((await view(contest.id, slow.cookie)).data).toMatchObject({ contest: { finalized: false }, mine: { score: 3, rank: 2 } });
  expect((await view(contest.id, fast.cookie)).data.mine).toMatchObject({ score: 3, rank: 1 });
  const board = await view(contest.id, slow.cookie, "leaderboard");
  expect(board.data.leaders.map((l: { rank: number; name: string }) => [l.rank, l.name])).toEqual([
    [1, "Fast F."],
    [2, "Slow S."],
  ]);
});

test("a blank paper's results say it has no score: answered 0, no rank, not on the leaderboard", async () => {
  const [blank, ranked] = [await student("Blank Bina"), await student("Ranked Ravi")];
  const contest = await contestWith(45, 120, [
    { userId: blank.userId, correct: 0, minutes: 4, blank: true },
    { userId: ranked.userId, correct: 1, minutes: 6 },
  ]);
  expect((await view(contest.id, blank.cookie)).data).toMatchObject({ state: "scored", answered: 0, mine: { answered: 0, score: 0, rank: null } });
  const board = await view(contest.id, blank.cookie, "leaderboard");
  expect(board.data.leaders.map((l: { name: string; rank: number }) => [l.rank, l.name])).toEqual([[1, "Ranked R."]]);
});

test("the breakdown shows the key only once the test has closed for everyone", async () => {
  const me = await student();
  const open = await contestWith(5, 120, [{ userId: me.userId, correct: 2, minutes: 3 }]);
  const during = await view(open.id, me.cookie, "breakdown");
  expect(during.data).toMatchObject({ state: "pending", contest: { closed: false }, breakdown: [] });

  const closed = await contestWith(45, 120, [{ userId: me.userId, correct: 2, minutes: 3 }]);
  const after = await view(closed.id, me.cookie, "breakdown");
  // In the order this student saw them (the paper is shuffled): compared by the key.
  const rows = after.data.breakdown.map((q: { yours: string[]; key: string[]; verdict: string }) => [q.yours, q.key, q.verdict]);
  expect(rows.sort((x: string[][], y: string[][]) => x[1]![0]!.localeCompare(y[1]![0]!))).toEqual([
    [["2"], ["2"], "correct"],
    [["4"], ["4"], "correct"],
    [["7"], ["6"], "incorrect"],
    [["9"], ["8"], "incorrect"],
  ]);
});

test("the first view after the end assigns the prizes; the dashboard's view shows them", async () => {
  const [a, b] = [await student("First"), await student("Second")];
  const contest = await contestWith(90, 60, [
    { userId: a.userId, correct: 4, minutes: 10 },
    { userId: b.userId, correct: 2, minutes: 10 },
  ]);
  const res = await view(contest.id, b.cookie);
  expect(res.data.contest.finalized).toBe(true);
  expect(res.data.mine).toMatchObject({ rank: 2, prize_amount: 300 });
  const [row] = await db.select({ finalized_at: contests.finalized_at }).from(contests).where(eq(contests.id, contest.id));
  expect(row!.finalized_at).not.toBeNull();
  expect((await dashboardEntries(db, a.userId)).find((e) => e.contest_id === contest.id)).toMatchObject({ contest_rank: 1, contest_prize_amount: 600 });
});

test("without a submitted entry: 'Results Not Available'; guests log in first; bad ids are 404", async () => {
  const me = await student();
  const other = await student();
  const contest = await contestWith(40, 120, [{ userId: other.userId, correct: 2, minutes: 3 }]);
  await createEntry(db, { userId: me.userId, contestId: contest.id });
  expect((await view(contest.id, me.cookie)).data).toMatchObject({ mine: null, leaders: [] });
  const guest = await view(contest.id, undefined);
  expect(guest).toMatchObject({ status: 302, location: `/login?redirectTo=${encodeURIComponent(`/contest/${contest.id}/results?tab=summary`)}` });
  expect((await call(resultsRoute.loader, getRequest("/contest/nope/results", me.cookie), { params: { id: "nope" } })).status).toBe(404);
});

test("the completion page reads only our own reasons and error codes from its address", async () => {
  const me = await student();
  const contest = await contestWith(40, 120, [{ userId: me.userId, correct: 1, minutes: 3 }]);
  const complete = (query: string) => call(completeRoute.loader, getRequest(`/contest/${contest.id}/complete?${query}`, me.cookie), { params: { id: contest.id } });
  expect((await complete("reason=time_up")).data).toMatchObject({ reason: "time_up", error: null });
  expect((await complete("reason=manual&error=network")).data).toMatchObject({ reason: "manual", error: "network" });
  // A link from a page open across the deploy says the old sentence.
  expect((await complete("reason=Manual%20submission%20(with%20errors)&error=refused")).data).toMatchObject({ reason: "manual", error: "refused" });
  expect((await complete("reason=Call%20+91%20now&error=<b>pay</b>")).data).toMatchObject({ reason: null, error: null });
});

test("a disqualified paper shows no rank, even one whose rank was stored before the decision; another shows the rank stored", async () => {
  const [a, b] = [await student(), await student()];
  const contest = await contestWith(40, 120, [
    { userId: a.userId, correct: 3, minutes: 3 },
    { userId: b.userId, correct: 1, minutes: 3 },
  ]);
  await db.update(contest_results).set({ rank: 7 }).where(eq(contest_results.contest_id, contest.id));
  await db.update(contest_results).set({ disqualified_at: new Date(), disqualification_reason: "copied" }).where(and(eq(contest_results.contest_id, contest.id), eq(contest_results.user_id, a.userId)));
  const rows = rowsOf<{ user_id: string; rank: number | null }>(await db.execute(rankedResults(contest.id)));
  expect(Object.fromEntries(rows.map((r) => [r.user_id, r.rank]))).toEqual({ [a.userId]: null, [b.userId]: 7 });
});
