// Issue 30, "Results like an exam's": a sectioned +4/−1 paper taken through the test API,
// then read on the results page once closed: marks per section, NTA's percentile, ranks
// by marks then time, a negative total as it is, the answers beside the key; and none
// of it before the close.
import { eq, sql } from "drizzle-orm";
import { user_contest_entries } from "~/db/schema";
import { paperFor } from "~/models/contests/paper/paper";
import { sharedPaper } from "~/models/contests/paper/paper.server";
import { expect, test } from "vitest";
import { db, rowsOf } from "~/db/client.server";
import * as resultsRoute from "~/routes/contest.$id.results";
import { answerPaper, closePaper, enrolled, get, jeePaper, post, type Shown } from "../support/papers";
import { call, getRequest } from "../support/remix";

const view = (contestId: string, cookie: string, tab = "summary") =>
  call(resultsRoute.loader, getRequest(`/contest/${contestId}/results?tab=${tab}`, cookie), { params: { id: contestId } });
const submit = async (contestId: string, cookie: string) => expect((await post(contestId, { intent: "submit", reason: "manual" }, cookie)).status).toBe(200);

/** good: 10 marks (P1 +4, P2 −1; C1 +3, C2 −1, C3 partial +1; M1 +4); mid: 4 (P1); bad: −3; blank: nothing answered. */
async function takenPaper() {
  const contestId = await jeePaper(new Date());
  await db.execute(sql`UPDATE contests SET prize_pool = '{"first": 300, "second": 200, "third": 100}', sponsor = 'StudyArena' WHERE id = ${contestId}`);
  const [good, mid, bad, blank] = [await enrolled(contestId), await enrolled(contestId), await enrolled(contestId), await enrolled(contestId)];
  await answerPaper(contestId, good.cookie, {
    P1: { pick: ["6"] },
    P2: { pick: ["b"] },
    C1: { pick: ["d"] },
    C2: { pick: ["c"] },
    C3: { pick: ["Fe"], marked: true },
    M1: { value: "2.50" },
    M2: { pick: [], marked: true }, // visited and marked, no response: not attempted
  });
  await answerPaper(contestId, mid.cookie, { P1: { pick: ["6"] } });
  await answerPaper(contestId, bad.cookie, { P3: { pick: ["a"] }, P4: { pick: ["a"] }, M1: { value: "2.52" } });
  for (const s of [good, mid, bad, blank]) await submit(contestId, s.cookie);
  return { contestId, good, mid, bad, blank };
}

test("before the close: no marks, sections, answers beside the key or leaderboard, on any tab", async () => {
  const { contestId, good } = await takenPaper();
  for (const tab of ["summary", "breakdown", "leaderboard"]) {
    const { data } = await view(contestId, good.cookie, tab);
    expect(data.state).toBe("pending");
    expect(data).toMatchObject({ mine: null, sections: [], breakdown: [], leaders: [] });
  }
});

test("after the close: marks of full marks, NTA's percentile, ranks by marks, and a per-section report that adds up", async () => {
  const { contestId, good, mid, bad, blank } = await takenPaper();
  await closePaper(contestId);

  const goodView = (await view(contestId, good.cookie)).data;
  expect(goodView.contest.fullMarks).toBe(4 * 4 + 4 * 3 + 4 * 4);
  expect(goodView.mine).toMatchObject({ score: 10, answered: 6, rank: 1, percentile: 100, prize_amount: 300 });
  expect(goodView.sections).toEqual([
    { title: "Physics", titleHi: "भौतिकी", questions: 4, attempted: 2, correct: 1, partial: 0, incorrect: 1, marks: 3, fullMarks: 16, accuracy: 50 },
    { title: "Chemistry", titleHi: "रसायन", questions: 4, attempted: 3, correct: 1, partial: 1, incorrect: 1, marks: 3, fullMarks: 12, accuracy: 33 },
    { title: "Mathematics", titleHi: "गणित", questions: 4, attempted: 1, correct: 1, partial: 0, incorrect: 0, marks: 4, fullMarks: 16, accuracy: 100 },
  ]);
  expect(goodView.sections.reduce((sum: number, s: { marks: number }) => sum + s.marks, 0)).toBe(goodView.mine.score);

  // Three sat (a blank paper did not): 100 × (at or below) ÷ 3, rounded down to seven decimals, as NTA gives it.
  expect((await view(contestId, mid.cookie)).data.mine).toMatchObject({ score: 4, rank: 2, percentile: 66.6666666, ranked: 3, prize_amount: 200 });
  // A negative total is shown as it is, ranked last, and wins nothing although a third prize exists.
  expect((await view(contestId, bad.cookie)).data.mine).toMatchObject({ score: -3, rank: 3, percentile: 33.3333333, prize_amount: 0 });
  expect((await view(contestId, blank.cookie)).data.mine).toMatchObject({ score: 0, answered: 0, rank: null, percentile: null, prize_amount: 0 });

  const board = (await view(contestId, mid.cookie, "leaderboard")).data.leaders;
  expect(board.map((l: { score: number; rank: number }) => [l.rank, l.score])).toEqual([[1, 10], [2, 4], [3, -3]]);
});

test("the answers beside the key: options by text, a number against its range, partial marks, marks earned, the explanation", async () => {
  const { contestId, good } = await takenPaper();
  await closePaper(contestId);
  const { breakdown } = (await view(contestId, good.cookie, "breakdown")).data;
  type Row = { html: string; section: string; yours: string[]; key: string[]; marks: number; verdict: string; explanation: string | null };
  const row = (start: string) => (breakdown as Row[]).find((r) => r.html.startsWith(start))!;
  // Numbered as this student saw them: the sections in order, each shuffled as the test showed it (the response sheet's order).
  const [entry] = await db.select({ id: user_contest_entries.id }).from(user_contest_entries).where(eq(user_contest_entries.user_id, good.userId));
  const seen = paperFor(await sharedPaper(contestId, Date.now()), entry!.id).map((q) => q.html.slice(0, 2));
  expect(breakdown.map((r: Row) => r.html.slice(0, 2))).toEqual(seen);
  expect(seen.map((s) => s[0]).join("")).toBe("PPPPCCCCMMMM");
  expect(row("P1")).toMatchObject({ section: "Physics", yours: ["6"], key: ["6"], marks: 4, verdict: "correct" });
  expect(row("P2")).toMatchObject({ yours: ["b"], key: ["a"], marks: -1, verdict: "incorrect" });
  expect(row("C3")).toMatchObject({ yours: ["Fe"], key: ["Fe", "Cu"], marks: 1, verdict: "partial" });
  expect(row("M1")).toMatchObject({ yours: ["2.50"], key: ["2.49 to 2.51"], marks: 4, verdict: "correct" });
  expect(row("M1").explanation).toContain("<math>");
  expect(row("M2")).toMatchObject({ yours: [], marks: 0, verdict: "unanswered", explanation: null });
});

test("equal marks are separated by the time taken, and the leaderboard carries it", async () => {
  const contestId = await jeePaper(new Date());
  const [fast, slow] = [await enrolled(contestId), await enrolled(contestId)];
  for (const s of [fast, slow]) await answerPaper(contestId, s.cookie, { P1: { pick: ["6"] } });
  await submit(contestId, fast.cookie);
  await submit(contestId, slow.cookie);
  await db.execute(sql`UPDATE user_contest_entries SET submitted_at = submitted_at + interval '90 seconds' WHERE contest_id = ${contestId} AND user_id = ${slow.userId}`);
  await closePaper(contestId);
  const board = (await view(contestId, fast.cookie, "leaderboard")).data.leaders as Array<{ user_id: string; rank: number; score: number; response_time: number }>;
  expect(board.map((l) => [l.user_id, l.rank, l.score])).toEqual([[fast.userId, 1, 4], [slow.userId, 2, 4]]);
  expect(board[1]!.response_time - board[0]!.response_time).toBeGreaterThanOrEqual(90_000);
});

test("NTA's percentile with ties: equal marks share a percentile, out of everyone ranked; one entrant alone is counted as one", async () => {
  const contestId = await jeePaper(new Date());
  const [top, tieA, tieB, low, blank] = [await enrolled(contestId), await enrolled(contestId), await enrolled(contestId), await enrolled(contestId), await enrolled(contestId)];
  await answerPaper(contestId, top.cookie, { P1: { pick: ["6"] }, "M1:": { value: "2.5" } }); // 8
  await answerPaper(contestId, tieA.cookie, { P1: { pick: ["6"] } }); // 4
  await answerPaper(contestId, tieB.cookie, { P1: { pick: ["6"] } }); // 4, later
  await answerPaper(contestId, low.cookie, { P2: { pick: ["b"] } }); // −1
  for (const s of [top, tieA, tieB, low, blank]) await submit(contestId, s.cookie);
  await closePaper(contestId);
  const mine = async (s: { cookie: string }) => (await view(contestId, s.cookie)).data.mine;
  expect(await mine(top)).toMatchObject({ score: 8, percentile: 100, ranked: 4 });
  // 3 of the 4 who sat have 4 marks or fewer: both of the tie read 75, whatever their time.
  expect(await mine(tieA)).toMatchObject({ score: 4, percentile: 75, ranked: 4 });
  expect(await mine(tieB)).toMatchObject({ score: 4, percentile: 75, ranked: 4 });
  expect(await mine(low)).toMatchObject({ score: -1, percentile: 25, ranked: 4 });
  expect(await mine(blank)).toMatchObject({ percentile: null, ranked: 4 });

  const alone = await jeePaper(new Date());
  const only = await enrolled(alone);
  await answerPaper(alone, only.cookie, { P2: { pick: ["b"] } });
  await submit(alone, only.cookie);
  await closePaper(alone);
  expect((await view(alone, only.cookie)).data.mine).toMatchObject({ score: -1, percentile: 100, ranked: 1 });
});

test("a percentile to seven decimals is rounded down: 2 of 3 is 66.6666666, never 66.6666667", async () => {
  const contestId = await jeePaper(new Date());
  const people = [await enrolled(contestId), await enrolled(contestId), await enrolled(contestId)];
  await answerPaper(contestId, people[0]!.cookie, { P1: { pick: ["6"] } });
  await answerPaper(contestId, people[1]!.cookie, { P2: { pick: ["b"] } });
  await answerPaper(contestId, people[2]!.cookie, { P1: { pick: ["6"] }, "M1:": { value: "2.5" } });
  for (const s of people) await submit(contestId, s.cookie);
  await closePaper(contestId);
  expect((await view(contestId, people[0]!.cookie)).data.mine.percentile).toBe(66.6666666);
});

test("the breakdown in Hindi where the paper has it (question, options, section, explanation), marked as English where it has not", async () => {
  const { contestId, good } = await takenPaper();
  await db.execute(sql`UPDATE questions SET question_text_hi = 'P1 हिंदी में', options_hi = ARRAY['तीन','छह','नौ','बारह'], explanation_hi = 'क्योंकि $v = at$।' WHERE contest_id = ${contestId} AND question_text LIKE 'P1:%'`);
  await db.execute(sql`UPDATE questions SET explanation = 'Because a = b.' WHERE contest_id = ${contestId} AND question_text = 'P2'`);
  await closePaper(contestId);
  type Row = { html: string; section: string; lang: string; yours: string[]; key: string[]; explanation: string | null; explanationLang: string };
  const inHindi = (await call(resultsRoute.loader, getRequest(`/contest/${contestId}/results?tab=breakdown`, `${good.cookie}; lang=hi`), { params: { id: contestId } })).data.breakdown as Row[];
  const p1 = inHindi.find((r) => r.html.startsWith("P1 हिंदी"))!;
  expect(p1).toMatchObject({ lang: "hi", section: "भौतिकी", yours: ["छह"], key: ["छह"], explanationLang: "hi" });
  expect(p1.explanation).toContain("क्योंकि");
  // P2 has no Hindi: its English text is marked as English, and so is its English explanation.
  expect(inHindi.find((r) => r.html === "P2")).toMatchObject({ lang: "en", section: "भौतिकी", yours: ["b"], explanation: "Because a = b.", explanationLang: "en" });
  // An English reader gets the English.
  const inEnglish = (await view(contestId, good.cookie, "breakdown")).data.breakdown as Row[];
  expect(inEnglish.find((r) => r.html.startsWith("P1:"))).toMatchObject({ lang: "en", section: "Physics", yours: ["6"], explanationLang: "en" });
});

test("the breakdown filtered on the server to wrong, unattempted, marked or correct, each counted, numbered as the student saw them", async () => {
  const { contestId, good } = await takenPaper();
  await closePaper(contestId);
  const all = (await view(contestId, good.cookie, "breakdown")).data;
  // good: right P1, C1, M1; wrong P2, C2; partly right C3 (marked); M2 marked, nothing chosen; five never answered.
  expect(all.filterCounts).toEqual({ all: 12, wrong: 3, unattempted: 6, marked: 2, correct: 3 });
  const shown = async (show: string) => {
    const data = (await call(resultsRoute.loader, getRequest(`/contest/${contestId}/results?tab=breakdown&show=${show}`, good.cookie), { params: { id: contestId } })).data;
    expect(data.show).toBe(show === "nonsense" ? "all" : show);
    return (data.breakdown as Array<{ html: string; number: number }>).map((r) => r.html.slice(0, 2)).sort();
  };
  expect(await shown("wrong")).toEqual(["C2", "C3", "P2"]);
  expect(await shown("marked")).toEqual(["C3", "M2"]);
  expect(await shown("correct")).toEqual(["C1", "M1", "P1"]);
  expect(await shown("unattempted")).toEqual(["C4", "M2", "M3", "M4", "P3", "P4"]);
  expect(await shown("nonsense")).toHaveLength(12);
  // A filtered question keeps the number it had in the whole list.
  const wrong = (await call(resultsRoute.loader, getRequest(`/contest/${contestId}/results?tab=breakdown&show=wrong`, good.cookie), { params: { id: contestId } })).data.breakdown;
  for (const r of wrong) expect(all.breakdown.find((a: { id: string }) => a.id === r.id).number).toBe(r.number);
});

test("the analysis: you beside the topper and the average, and accuracy by topic, every figure from the stored rows", async () => {
  const { contestId, good, mid, bad } = await takenPaper();
  await db.execute(sql`
    UPDATE questions SET topic = CASE WHEN question_text LIKE 'P1%' OR question_text LIKE 'P2%' THEN 'Kinematics' WHEN question_text LIKE 'P%' THEN 'Optics'
                                      WHEN question_text LIKE 'C%' THEN 'Bonding' ELSE 'Algebra' END
     WHERE contest_id = ${contestId}`);
  await closePaper(contestId);
  const times = Object.fromEntries(
    rowsOf<{ user_id: string; response_time: number }>(await db.execute(sql`SELECT user_id, response_time FROM contest_results WHERE contest_id = ${contestId}`)).map((r) => [r.user_id, Number(r.response_time)]),
  );
  const summary = async (s: { cookie: string }) => (await view(contestId, s.cookie)).data;

  // good: 4 responses earned marks and 2 did not (67%); mid: 1 of 1; bad: 0 of 3. The blank paper is not ranked, so not averaged.
  const topper = { score: 10, accuracy: 67, time: times[good.userId] };
  const average = { score: 3.67, accuracy: 56, time: Math.round((times[good.userId]! + times[mid.userId]! + times[bad.userId]!) / 3) };
  expect((await summary(good)).compared).toEqual({ you: topper, topper, average });
  expect((await summary(mid)).compared).toEqual({ you: { score: 4, accuracy: 100, time: times[mid.userId] }, topper, average });
  expect((await summary(bad)).compared.you).toEqual({ score: -3, accuracy: 0, time: times[bad.userId] });

  // By topic, section by section: Kinematics 1 of 2 right; Optics not tried; Bonding 1 of 3 (C3 partly right is not right); Algebra 1 of 1 (M2 marked, nothing chosen).
  expect((await summary(good)).topics).toEqual([
    { topic: "Kinematics", section: "Physics", sectionHi: "भौतिकी", questions: 2, attempted: 2, correct: 1, accuracy: 50 },
    { topic: "Optics", section: "Physics", sectionHi: "भौतिकी", questions: 2, attempted: 0, correct: 0, accuracy: null },
    { topic: "Bonding", section: "Chemistry", sectionHi: "रसायन", questions: 4, attempted: 3, correct: 1, accuracy: 33 },
    { topic: "Algebra", section: "Mathematics", sectionHi: "गणित", questions: 4, attempted: 1, correct: 1, accuracy: 100 },
  ]);
});

test("the time on each question beside the topper's and the average of those ranked who saw it", async () => {
  const contestId = await jeePaper(new Date());
  const [top, other, blank] = [await enrolled(contestId), await enrolled(contestId), await enrolled(contestId)];
  const paper = (await get(contestId, top.cookie)).questions as Shown[];
  const id = (start: string) => paper.find((q) => q.html.startsWith(start))!.id;
  const p1 = id("P1");
  const right = paper.find((q) => q.id === p1)!.options.find((o) => o.html === "6")!.n;
  await post(contestId, { intent: "answer", questionId: p1, options: [right], seconds: 90 }, top.cookie);
  await post(contestId, { intent: "answer", questionId: id("P2"), seconds: 20 }, top.cookie);
  await post(contestId, { intent: "answer", questionId: p1, options: [right], seconds: 31 }, other.cookie);
  await post(contestId, { intent: "answer", questionId: p1, seconds: 600 }, blank.cookie); // not ranked: not in the average
  for (const s of [top, other, blank]) await submit(contestId, s.cookie);
  await closePaper(contestId);
  const rows = (await view(contestId, other.cookie, "breakdown")).data.breakdown as Array<{ id: string; time: unknown }>;
  const time = (q: string) => rows.find((r) => r.id === q)!.time;
  // Both have 4 marks: the topper is the first by time, here `top` (its saves and submission came first).
  expect(time(p1)).toEqual({ yours: 31, topper: 90, average: 61 });
  expect(time(id("P2"))).toEqual({ yours: 0, topper: 20, average: 20 });
  expect(time(id("P3"))).toEqual({ yours: 0, topper: null, average: null });
});
