// Issue 48, point 6: practise again. Once a contest's results are final an entrant takes its
// paper again, whole or only the wrong ones, through the test's own API: unscored,
// unranked, each save checked as the test's, the result beside the first attempt; the
// oldest attempts go beyond the kept number. Nothing before the results are final, and
// nobody else's.
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, rowsOf } from "~/db/client.server";
import * as practicePage from "~/routes/contest.$id.practice._index";
import * as resultPage from "~/routes/contest.$id.practice.$attemptId";
import * as practiceApi from "~/routes/api.contest.$id.practice";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import { PRACTICE_KEPT, PRACTICE_MESSAGES } from "~/models/contests/practice/practice";
import { answerPaper, closePaper, enrolled, get, jeePaper, post, type Shown } from "../support/papers";
import { call, formRequest, getRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";

const api = (contestId: string) => `http://localhost:3000/api/contest/${contestId}/practice`;
const practiceGet = (contestId: string, cookie: string) => call(practiceApi.loader, new Request(api(contestId), { headers: { Cookie: cookie } }), { params: { id: contestId } });
const practicePost = (contestId: string, body: unknown, cookie: string) =>
  call(practiceApi.action, new Request(api(contestId), { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", Cookie: cookie } }), {
    params: { id: contestId },
  });
const overview = (contestId: string, cookie: string) => call(practicePage.loader, getRequest(`/contest/${contestId}/practice`, cookie), { params: { id: contestId } });
const start = (contestId: string, scope: string, cookie: string) =>
  call(practicePage.action, formRequest(`/contest/${contestId}/practice`, { scope }, cookie), { params: { id: contestId } });
const result = (contestId: string, attemptId: string, cookie: string) =>
  call(resultPage.loader, getRequest(`/contest/${contestId}/practice/${attemptId}`, cookie), { params: { id: contestId, attemptId } });
const attempts = async (contestId: string) =>
  rowsOf<{ id: string; scope: string; question_ids: string[]; submitted_at: Date | null }>(
    await db.execute(sql`SELECT id, scope, question_ids, submitted_at FROM practice_attempts WHERE contest_id = ${contestId} ORDER BY started_at, id`),
  );

/**
 * A closed paper: `a` got P1 right, P2 and M1 wrong, C3 partly right (one of its two metals)
 * and left the rest; `b` answered P1 wrong. Both submitted.
 */
async function satPaper() {
  const contestId = await jeePaper(new Date());
  const [a, b] = [await enrolled(contestId), await enrolled(contestId)];
  const shownToA = (await get(contestId, a.cookie)).questions as Shown[];
  await answerPaper(contestId, a.cookie, { P1: { pick: ["6"] }, P2: { pick: ["b"] }, "C3:": { pick: ["Fe"] }, "M1:": { value: "3" } });
  await answerPaper(contestId, b.cookie, { P1: { pick: ["3"] } });
  for (const s of [a, b]) expect((await post(contestId, { intent: "submit", reason: "manual" }, s.cookie)).status).toBe(200);
  await closePaper(contestId);
  const id = (start: string) => shownToA.find((q) => q.html.startsWith(start))!;
  return { contestId, a, b, shownToA, id };
}

test("practice opens only once the results are final, to an entrant; a stranger, a guest and a malformed id get nothing", async () => {
  const { contestId, a } = await satPaper();
  const before = await overview(contestId, a.cookie);
  expect(before.data).toMatchObject({ finalized: false, wrong: 0, attempts: [], open: null });
  const early = await start(contestId, "all", a.cookie);
  expect(early.status).toBe(409);
  expect(early.data.error).toEqual(PRACTICE_MESSAGES.notYet);
  expect(await attempts(contestId)).toEqual([]);
  // The test's own API is closed to the entry too: a practice is never a way back into the scored test.
  expect((await practiceGet(contestId, a.cookie)).status).toBe(409);

  const stranger = await signedInStudent();
  expect((await overview(contestId, stranger.cookie)).status).toBe(404);
  expect((await start(contestId, "all", stranger.cookie)).status).toBe(404);
  expect((await overview(contestId, "")).location).toMatch(/^\/login\?/);
  expect((await overview("not-a-uuid", a.cookie)).status).toBe(404);

  expect(await finalizeContest(db, contestId, new Date())).toBe("finalized");
  // Wrong: incorrect or partly right (P2, C3, M1); P1 was right and the rest unanswered.
  expect((await overview(contestId, a.cookie)).data).toMatchObject({ finalized: true, wrong: 3, attempts: [] });
  // A scope that is not one is refused in the form, nothing written.
  const odd = await start(contestId, "everything", a.cookie);
  expect(odd.status).toBe(400);
  expect(await attempts(contestId)).toEqual([]);
});

test("the wrong ones only, in the order the student saw them, through the test's screen; the whole paper closes it and holds every question", async () => {
  const { contestId, a, shownToA, id } = await satPaper();
  await finalizeContest(db, contestId, new Date());
  const made = await start(contestId, "wrong", a.cookie);
  expect(made.location).toBe(`/contest/${contestId}/practice/test`);
  const wrongOnes = shownToA.filter((q) => [id("P2"), id("C3:"), id("M1:")].includes(q)).map((q) => q.id);
  const [first] = await attempts(contestId);
  expect(first).toMatchObject({ scope: "wrong", question_ids: wrongOnes, submitted_at: null });

  // The screen's paper: those questions only, as seen, the sections they are in, no key, no camera.
  const paper = JSON.parse((await practiceGet(contestId, a.cookie)).data as string);
  expect(paper.questions.map((q: Shown) => q.id)).toEqual(wrongOnes);
  expect(paper.questions.find((q: Shown) => q.id === id("P2").id).options).toEqual(id("P2").options.map((o) => expect.objectContaining({ n: o.n })));
  expect(paper.sections.map((s: { title: string }) => s.title)).toEqual(["Physics", "Chemistry", "Mathematics"]);
  expect(paper).toMatchObject({ state: "open", practice: { attemptId: first!.id, scope: "wrong" }, contest: { faceDetection: false }, snapshots: false, answers: {} });
  expect(JSON.stringify(paper)).not.toMatch(/correct|answer_min|explanation/);
  // Its length is the paper's in proportion: 3 of 12 questions of 60 minutes.
  expect(Date.parse(paper.deadline) - Date.parse(paper.startsAt)).toBe(15 * 60_000);

  expect((await start(contestId, "all", a.cookie)).location).toBe(`/contest/${contestId}/practice/test`);
  const [closed, whole] = await attempts(contestId);
  expect(closed!.submitted_at).not.toBeNull();
  expect(whole).toMatchObject({ scope: "all", question_ids: shownToA.map((q) => q.id), submitted_at: null });
  expect((await overview(contestId, a.cookie)).data.open).toBe(whole!.id);
});

test("a practice save is checked as the test's; the result sits beside the first attempt; the scored result does not move", async () => {
  const { contestId, a, b, id } = await satPaper();
  await finalizeContest(db, contestId, new Date());
  const scored = async () => rowsOf(await db.execute(sql`SELECT user_id, score, rank, correct, incorrect FROM contest_results WHERE contest_id = ${contestId} ORDER BY user_id`));
  const before = await scored();
  await start(contestId, "wrong", a.cookie);
  const [attempt] = await attempts(contestId);
  const save = (start: string, body: Record<string, unknown>, cookie = a.cookie) => practicePost(contestId, { intent: "answer", questionId: id(start).id, ...body }, cookie);
  const n = (start: string, text: string) => id(start).options.find((o) => o.html === text)!.n;

  // Refused whole, nothing written: an option the question lacks, two on a single-correct one,
  // options on a numerical one, a question the attempt does not hold, time beyond its length, another student.
  expect((await save("P2", { options: [5] })).status).toBe(400);
  expect((await save("P2", { options: [1, 2] })).status).toBe(400);
  expect((await save("M1:", { options: [1] })).status).toBe(400);
  expect((await save("P1", { options: [1] })).status).toBe(400);
  expect((await save("P2", { options: [1], seconds: 15 * 60 + 1 })).status).toBe(400);
  expect((await save("P2", { options: [1] }, b.cookie)).status).toBe(400);
  const odd = await practicePost(contestId, { intent: "answer", questionId: "nope", sneaky: "<script>" }, a.cookie);
  expect(odd.status).toBe(400);
  expect(odd.data).not.toContain("<script>");
  // A body past the test API's size, or not JSON, is refused before it is read.
  expect((await save("P2", { options: [1], padding: "x".repeat(8_000) })).status).toBe(413);
  const form = await call(practiceApi.action, new Request(api(contestId), { method: "POST", body: "intent=answer", headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: a.cookie } }), {
    params: { id: contestId },
  });
  expect(form.status).toBe(415);
  expect(rowsOf(await db.execute(sql`SELECT 1 FROM practice_answers WHERE attempt_id = ${attempt!.id}`))).toEqual([]);

  // Right this time: P2's a, C3's two metals, M1's 2.50; a draft is kept but never scored.
  expect((await save("P2", { options: [n("P2", "a")], seconds: 40 })).status).toBe(200);
  expect((await save("C3:", { options: [n("C3:", "Fe"), n("C3:", "Cu")].sort(), seconds: 30 })).status).toBe(200);
  expect((await save("M1:", { value: "2.50", draft: { value: "9" } })).status).toBe(200);
  expect(JSON.parse((await practiceGet(contestId, a.cookie)).data as string).answers[id("M1:").id]).toEqual({ v: "2.50", d: { v: "9" } });
  expect((await practicePost(contestId, { intent: "submit" }, a.cookie)).data).toBe('{"submitted":true}');
  expect((await practicePost(contestId, { intent: "submit" }, a.cookie)).data).toBe('{"submitted":false}');
  expect((await save("P2", { options: [n("P2", "b")] })).status).toBe(400); // submitted: no more saves

  const shown = await result(contestId, attempt!.id, a.cookie);
  expect(shown.status).toBe(200);
  // P2 +4 (Physics), C3 +3 (Chemistry's marks), M1 +4, against −1, a part of 3, and −1 the first time.
  expect(shown.data.totals.now).toEqual({ questions: 3, correct: 3, wrong: 0, unanswered: 0, marks: 11 });
  expect(shown.data.totals.first).toMatchObject({ questions: 3, correct: 0, wrong: 3, unanswered: 0 });
  const c3 = shown.data.answers.find((q: { id: string }) => q.id === id("C3:").id);
  expect(c3).toMatchObject({ verdict: "correct", marks: 3, first: { verdict: "partial" }, time: { yours: 30 } });
  expect(shown.data.totals.first.marks).toBe(-1 + c3.first.marks - 1);

  expect(await scored()).toEqual(before);
  // Someone else's attempt, an unknown one and a malformed id are 404s.
  expect((await result(contestId, attempt!.id, b.cookie)).status).toBe(404);
  expect((await result(contestId, "00000000-0000-4000-8000-000000000000", a.cookie)).status).toBe(404);
  expect((await result(contestId, "not-a-uuid", a.cookie)).status).toBe(404);
});

test(`as often as the student likes, but at most ${PRACTICE_KEPT} attempts are kept: the oldest go`, async () => {
  const { contestId, a } = await satPaper();
  await finalizeContest(db, contestId, new Date());
  for (let i = 0; i <= PRACTICE_KEPT; i++) expect((await start(contestId, "all", a.cookie)).status).toBe(302);
  const kept = await attempts(contestId);
  expect(kept).toHaveLength(PRACTICE_KEPT);
  expect(kept.filter((x) => x.submitted_at === null)).toHaveLength(1);
  expect((await overview(contestId, a.cookie)).data.attempts).toHaveLength(PRACTICE_KEPT);
});
