// Taking the test against a real database (docs/product/design.md §4): the paper without the key,
// autosave, resume, the deadline's grace, one submission, and the server's own
// submission and finalisation after the deadline.
import { gunzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, queriesDuring } from "~/db/client.server";
import { createContest, createEntry } from "~/seed/factories.server";
import { contest_results, contests, proctoring_events, sessions, user_answers, user_contest_entries } from "~/db/schema";
import { closeDueContests, finalizeContest } from "~/models/contests/results/scoring.server";
import { saveAnswer, submitTest } from "~/models/contests/sitting/test-taking.server";
import * as testApi from "~/routes/api.contest.$id.test";
import { testPaperReply } from "~/models/contests/sitting/test-api.server";
import { call } from "../support/remix";
import { signedInStudent } from "../support/scenarios";
import { PROVEN_ON_POSTGRESQL } from "../support/locks";

const MINUTE = 60_000;
const SECOND = 1000;
const HOUR = 60 * MINUTE;
let n = 0;

const BANK: Array<[string, string[], string]> = [
  ["Capital of India?", ["Mumbai", "New Delhi", "Kolkata"], "New Delhi"],
  ["2 + 2?", ["3", "4", "5"], "4"],
  ["Largest planet?", ["Jupiter", "Mars", "Earth"], "Jupiter"],
];

const student = () => signedInStudent();

/** A contest around `at`: started `startedMinutesAgo` before it, `duration` minutes long, ending at start + `window`. */
async function contestAt(at: Date, opts: { startedMinutesAgo?: number; duration?: number; window?: number } = {}) {
  const start = new Date(at.getTime() - (opts.startedMinutesAgo ?? 5) * MINUTE);
  return createContest(db, {
    title: `Test Cup ${++n}`,
    subject: "General",
    start_time: start,
    end_time: new Date(start.getTime() + (opts.window ?? 60) * MINUTE),
    duration_minutes: opts.duration ?? 30,
    prize_pool: { first: 300, second: 200 },
    questions: BANK,
  });
}

const api = (contestId: string) => `http://localhost:3000/api/contest/${contestId}/test`;
const get = (contestId: string, cookie?: string) =>
  call(testApi.loader, new Request(api(contestId), { headers: cookie ? { Cookie: cookie } : {} }), { params: { id: contestId } });
const post = (contestId: string, body: unknown, cookie?: string, contentType = "application/json") =>
  call(testApi.action, new Request(api(contestId), { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { "Content-Type": contentType, ...(cookie ? { Cookie: cookie } : {}) } }), {
    params: { id: contestId },
  });
const json = (data: unknown) => JSON.parse(data as string);
/** One option chosen, by its index in the question's own options (0-based), not marked. */
const chose = (index: number) => ({ options: [index + 1], value: null, marked: false });
/** The server's sweep at `now`, as far as this test's contest goes (other tests' contests share the database). */
const sweep = async (now: Date, contestId: string) => (await closeDueContests(db, now)).filter((r) => r.id === contestId);

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

test("the paper carries questions and options only, never a correct answer, a range or an explanation", async () => {
  const contest = await contestAt(new Date());
  const me = await student();
  await createEntry(db, { userId: me.userId, contestId: contest.id });
  const res = await get(contest.id, me.cookie);
  expect(res.status).toBe(200);
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  const paper = json(res.data);
  expect(paper.state).toBe("open");
  type Shown = { id: string; html: string; options: Array<{ n: number; html: string }> };
  const shown = new Map((paper.questions as Shown[]).map((q) => [q.id, q]));
  expect([...shown.keys()].sort()).toEqual(contest.questions.map((q) => q.id).sort());
  contest.questions.forEach((q, i) => {
    const [text, options] = BANK[i]!;
    expect(shown.get(q.id)!.html).toBe(text);
    // Each option carries its own number (what an answer names), whatever order it is shown in.
    expect(shown.get(q.id)!.options.map((o) => o.html)).toEqual(shown.get(q.id)!.options.map((o) => options[o.n - 1]));
    expect(shown.get(q.id)!.options.map((o) => o.html).sort()).toEqual([...options].sort());
  });
  expect(keysOf(paper).filter((k) => /correct|key|score|answer_m|explanation/i.test(k))).toEqual([]);
  // Saving an answer says nothing about whether it was right.
  const saved = await post(contest.id, { intent: "answer", questionId: contest.questions[0]!.id, choice: 1 }, me.cookie);
  expect(json(saved.data)).toEqual({ saved: true });
});

test("the gzipped paper (its shared part compressed once) is the same paper for each student; a shuffled paper is compressed whole", async () => {
  for (const shuffle of [false, true]) {
    const contest = await createContest(db, { title: `Gzip Cup ${++n}`, subject: "General", start_time: new Date(Date.now() - 5 * MINUTE), end_time: new Date(Date.now() + HOUR), duration_minutes: 30, questions: BANK, shuffle });
    for (let k = 0; k < 3; k++) {
      const me = await student();
      await createEntry(db, { userId: me.userId, contestId: contest.id });
      if (k === 1) await post(contest.id, { intent: "answer", questionId: contest.questions[1]!.id, ...chose(0) }, me.cookie);
      const reply = await testPaperReply({ cookie: me.cookie, contestId: contest.id, now: new Date() });
      expect(reply.status).toBe(200);
      if (shuffle) expect(reply.gzipped).toBeUndefined();
      else expect(JSON.parse(gunzipSync(reply.gzipped!()).toString("utf8"))).toEqual(reply.body);
    }
  }
});

test("before the start the page gets the waiting room, without questions", async () => {
  const contest = await contestAt(new Date(), { startedMinutesAgo: -10 });
  const me = await student();
  await createEntry(db, { userId: me.userId, contestId: contest.id });
  const paper = json((await get(contest.id, me.cookie)).data);
  expect(paper.state).toBe("waiting");
  expect(paper.questions).toBeUndefined();
  // And nothing can be answered yet.
  const early = await post(contest.id, { intent: "answer", questionId: contest.questions[0]!.id, choice: 0 }, me.cookie);
  expect(early.status).toBe(409);
});

test("each choice is saved in one statement that checks the session too; a reload gets it back with the same deadline", async () => {
  const contest = await contestAt(new Date(), { startedMinutesAgo: 5, duration: 30 });
  const me = await student();
  await createEntry(db, { userId: me.userId, contestId: contest.id });
  const [q1, q2] = contest.questions;

  const queries = await queriesDuring(() => post(contest.id, { intent: "answer", questionId: q1!.id, choice: 0 }, me.cookie));
  expect(queries).toHaveLength(1);
  expect(queries[0]).toMatch(/join sessions s[\s\S]*insert into user_answers/i); // the group commit's one statement (answer-batch.server.ts)
  await post(contest.id, { intent: "answer", questionId: q1!.id, choice: 1 }, me.cookie); // changed mind
  await post(contest.id, { intent: "answer", questionId: q2!.id, choice: 1 }, me.cookie);

  const rows = await db.select().from(user_answers).where(eq(user_answers.user_id, me.userId));
  expect(rows.map((r) => r.selected_answer).sort()).toEqual(["4", "New Delhi"]);

  // The paper: the session, contest, entry and answers in one statement; the started contest's questions from memory after the first read.
  let reply: Awaited<ReturnType<typeof get>> | undefined;
  const first = await queriesDuring(async () => (reply = await get(contest.id, me.cookie)));
  const paper = json(reply!.data);
  expect(paper.answers).toEqual({ [q1!.id]: { o: [2] }, [q2!.id]: { o: [2] } });
  expect(first.length).toBeLessThanOrEqual(2);
  expect(await queriesDuring(() => get(contest.id, me.cookie))).toHaveLength(1);
  const [row] = await db.select().from(contests).where(eq(contests.id, contest.id));
  expect(paper.deadline).toBe(new Date(row!.start_time.getTime() + 30 * MINUTE).toISOString());
});

test("answers are taken until the deadline plus 10 seconds, and only as options of this contest's questions", async () => {
  const at = new Date("2026-12-05T10:00:00Z");
  const contest = await contestAt(at, { startedMinutesAgo: 0, duration: 20, window: 60 });
  const other = await contestAt(at, { startedMinutesAgo: 0 });
  const me = await student();
  const stranger = await student();
  await createEntry(db, { userId: me.userId, contestId: contest.id });
  const deadline = at.getTime() + 20 * MINUTE;
  const save = ({ choice = 0, ...input }: Partial<{ userId: string; contestId: string; questionId: string; choice: number; now: Date }>) =>
    saveAnswer({ userId: me.userId, contestId: contest.id, questionId: contest.questions[0]!.id, state: chose(choice), now: at, ...input });

  expect(await save({ now: new Date(at.getTime() - SECOND) })).toBe(false); // before the start
  expect(await save({ now: new Date(deadline + 9 * SECOND) })).toBe(true);
  expect(await save({ now: new Date(deadline + 11 * SECOND), choice: 2 })).toBe(false);
  expect(await save({ choice: 3 })).toBe(false); // no fourth option
  expect(await save({ questionId: other.questions[0]!.id })).toBe(false); // another contest's question
  expect(await save({ userId: stranger.userId })).toBe(false); // no entry
  const rows = await db.select().from(user_answers).where(eq(user_answers.contest_id, contest.id));
  expect(rows.map((r) => r.selected_answer)).toEqual(["Mumbai"]);
});

test("the test is submitted once: the first submission wins, a second changes nothing, and no answer lands after it", async () => {
  const contest = await contestAt(new Date());
  const me = await student();
  await createEntry(db, { userId: me.userId, contestId: contest.id });
  await post(contest.id, { intent: "answer", questionId: contest.questions[1]!.id, choice: 1 }, me.cookie);

  const [a, b] = await Promise.all([
    post(contest.id, { intent: "submit", reason: "manual" }, me.cookie),
    post(contest.id, { intent: "submit", reason: "time_up" }, me.cookie),
  ]);
  expect([json(a.data).submitted, json(b.data).submitted].sort()).toEqual([false, true]);
  const [entry] = await db.select().from(user_contest_entries).where(eq(user_contest_entries.user_id, me.userId));
  expect(entry).toMatchObject({ has_submitted: true, status: true });
  expect(entry!.submit_reason).toBe(json(a.data).submitted ? "manual" : "time_up");
  const results = await db.select().from(contest_results).where(eq(contest_results.user_id, me.userId));
  expect(results).toHaveLength(1);
  expect(results[0]!.score).toBe(1);

  const late = await post(contest.id, { intent: "answer", questionId: contest.questions[0]!.id, choice: 1 }, me.cookie);
  expect(late.status).toBe(409);
  expect(json(late.data).redirect).toBe(`/contest/${contest.id}/results`);
  const again = await post(contest.id, { intent: "submit", reason: "manual", withErrors: true }, me.cookie);
  expect(json(again.data)).toEqual({ submitted: false });
});

test(`${PROVEN_ON_POSTGRESQL} a submission racing its student's saves scores exactly the answers stored: each save is before it or refused`, async () => {
  const now = new Date();
  const contest = await contestAt(now);
  const takers = await Promise.all(Array.from({ length: 30 }, () => student()));
  await Promise.all(takers.map((t) => createEntry(db, { userId: t.userId, contestId: contest.id })));
  // Every student's three saves (the right option) and submission leave at once.
  const acknowledged = await Promise.all(
    takers.map(async (t, i) => {
      const saves = contest.questions.map((q) => saveAnswer({ userId: t.userId, contestId: contest.id, questionId: q.id, state: chose(q.options.indexOf(q.correct_answer!)), now }));
      // The submission leaves a little after, at a different moment for each student, so it lands among the saves.
      await new Promise((resolve) => setTimeout(resolve, i % 8));
      const [submitted, ...saved] = await Promise.all([submitTest({ userId: t.userId, contestId: contest.id, reason: "manual", now }), ...saves]);
      expect(submitted).toEqual({ submitted: true });
      return saved.filter(Boolean).length;
    }),
  );
  const stored = await db.select({ userId: user_answers.user_id }).from(user_answers).where(eq(user_answers.contest_id, contest.id));
  const results = await db.select().from(contest_results).where(eq(contest_results.contest_id, contest.id));
  for (const [i, t] of takers.entries()) {
    const count = stored.filter((a) => a.userId === t.userId).length;
    expect(count).toBe(acknowledged[i]);
    expect(results.find((r) => r.user_id === t.userId)).toMatchObject({ answered: count, score: count });
  }
});

test("a submission after the deadline's grace is refused: the server's sweep submits opened tests itself", async () => {
  const at = new Date("2026-12-08T10:00:00Z");
  const contest = await contestAt(at, { startedMinutesAgo: 0, duration: 10, window: 30 });
  const [onTime, late] = [await student(), await student()];
  for (const s of [onTime, late]) await createEntry(db, { userId: s.userId, contestId: contest.id });
  const deadline = at.getTime() + 10 * MINUTE;
  const submit = (userId: string, ms: number) => submitTest({ userId, contestId: contest.id, reason: "time_up", now: new Date(ms) });
  expect(await submit(onTime.userId, deadline + 9 * SECOND)).toEqual({ submitted: true });
  expect(await submit(late.userId, deadline + 11 * SECOND)).toEqual({ submitted: false });
  const results = await db.select().from(contest_results).where(eq(contest_results.contest_id, contest.id));
  expect(results.map((r) => r.user_id)).toEqual([onTime.userId]);
  // On time counts as at the deadline, not later.
  const [entry] = await db.select().from(user_contest_entries).where(eq(user_contest_entries.user_id, onTime.userId));
  expect(entry!.submitted_at).toEqual(new Date(deadline));
});

test("a submission's reason is kept as its code, with whether it saw errors; a page from before the codes sends its sentence, read as its code", async () => {
  const contest = await contestAt(new Date());
  const [me, old, crafted] = [await student(), await student(), await student()];
  for (const s of [me, old, crafted]) await createEntry(db, { userId: s.userId, contestId: contest.id });
  expect((await post(contest.id, { intent: "submit", reason: "left", withErrors: true }, me.cookie)).status).toBe(200);
  expect((await post(contest.id, { intent: "submit", reason: "Time's up" }, old.cookie)).status).toBe(200);
  expect((await post(contest.id, { intent: "submit", reason: "Call +91 now" }, crafted.cookie)).status).toBe(400);
  const entries = await db.select().from(user_contest_entries).where(eq(user_contest_entries.contest_id, contest.id));
  const of = (userId: string) => entries.find((e) => e.user_id === userId)!;
  expect(of(me.userId)).toMatchObject({ submit_reason: "left", submitted_with_errors: true });
  expect(of(old.userId)).toMatchObject({ submit_reason: "time_up", submitted_with_errors: false });
  expect(of(crafted.userId)).toMatchObject({ has_submitted: false, submit_reason: null });
});

test("after the deadline the server submits every opened test with its saved answers, and leaves no-shows alone", async () => {
  const at = new Date("2026-12-06T10:00:00Z");
  const contest = await contestAt(at, { startedMinutesAgo: 0, duration: 10, window: 60 });
  const [opened, answeredOnly, absent] = [await student(), await student(), await student()];
  for (const s of [opened, answeredOnly, absent]) await createEntry(db, { userId: s.userId, contestId: contest.id });
  await db.update(user_contest_entries).set({ status: true, started_at: at }).where(eq(user_contest_entries.user_id, opened.userId));
  const during = new Date(at.getTime() + 2 * MINUTE);
  await saveAnswer({ userId: opened.userId, contestId: contest.id, questionId: contest.questions[0]!.id, state: chose(1), now: during });
  await saveAnswer({ userId: opened.userId, contestId: contest.id, questionId: contest.questions[1]!.id, state: chose(1), now: during });
  await saveAnswer({ userId: answeredOnly.userId, contestId: contest.id, questionId: contest.questions[2]!.id, state: chose(0), now: during });

  const deadline = new Date(at.getTime() + 10 * MINUTE);
  expect(await sweep(new Date(deadline.getTime() + 9 * SECOND), contest.id)).toEqual([]); // answers may still be in flight
  const report = await sweep(new Date(deadline.getTime() + 11 * SECOND), contest.id);
  expect(report).toEqual([{ id: contest.id, title: expect.any(String), outcome: "closed", submitted: 2 }]);

  const entries = await db.select().from(user_contest_entries).where(eq(user_contest_entries.contest_id, contest.id));
  const of = (userId: string) => entries.find((e) => e.user_id === userId)!;
  expect(of(opened.userId)).toMatchObject({ has_submitted: true, submit_reason: "time_up", submitted_at: deadline });
  expect(of(answeredOnly.userId)).toMatchObject({ has_submitted: true, submitted_at: deadline });
  expect(of(absent.userId)).toMatchObject({ has_submitted: false, status: false });
  const results = await db.select().from(contest_results).where(eq(contest_results.contest_id, contest.id));
  expect(results.find((r) => r.user_id === opened.userId)).toMatchObject({ score: 2, response_time: 10 * MINUTE });
  expect(results.find((r) => r.user_id === answeredOnly.userId)).toMatchObject({ score: 1 });
  expect(results).toHaveLength(2);
  // Nothing left to do until the contest ends.
  expect(await sweep(new Date(deadline.getTime() + MINUTE), contest.id)).toEqual([]);
});

test("finalisation after the end runs once: a second sweep or command changes nothing", async () => {
  const at = new Date("2026-12-07T10:00:00Z");
  const contest = await contestAt(at, { startedMinutesAgo: 0, duration: 10, window: 30 });
  const [fast, slow] = [await student(), await student()];
  for (const s of [fast, slow]) {
    await createEntry(db, { userId: s.userId, contestId: contest.id });
    await saveAnswer({ userId: s.userId, contestId: contest.id, questionId: contest.questions[1]!.id, state: chose(1), now: new Date(at.getTime() + MINUTE) });
  }
  await submitTest({ userId: fast.userId, contestId: contest.id, reason: "manual", now: new Date(at.getTime() + 2 * MINUTE) });
  // `slow` never submits: the finaliser submits them at the deadline.
  const after = new Date(at.getTime() + 31 * MINUTE);
  expect((await sweep(after, contest.id)).map((r) => r.outcome)).toEqual(["finalized"]);
  const first = await db.select().from(contest_results).where(eq(contest_results.contest_id, contest.id));
  expect(first.find((r) => r.user_id === fast.userId)).toMatchObject({ rank: 1, prize_amount: 300 });
  expect(first.find((r) => r.user_id === slow.userId)).toMatchObject({ rank: 2, prize_amount: 200 });

  expect(await sweep(new Date(after.getTime() + MINUTE), contest.id)).toEqual([]);
  expect(await finalizeContest(db, contest.id, new Date(after.getTime() + MINUTE))).toBe("already");
  const second = await db.select().from(contest_results).where(eq(contest_results.contest_id, contest.id));
  expect(second).toEqual(first);
});

test("proctoring events are stored per entry with their time, and bounded", async () => {
  const contest = await contestAt(new Date());
  const me = await student();
  const entryId = await createEntry(db, { userId: me.userId, contestId: contest.id });
  expect((await post(contest.id, { intent: "start", fullscreen: false }, me.cookie)).status).toBe(200);
  expect((await post(contest.id, { intent: "event", kind: "tab_hidden" }, me.cookie)).status).toBe(200);
  expect((await post(contest.id, { intent: "event", kind: "fullscreen_unavailable" }, me.cookie)).status).toBe(400); // only the server records that
  // The on-device face check's notices (issue 47): sustained no face, more than one, or a device that cannot run it.
  for (const kind of ["no_face", "multiple_faces", "not_monitored"]) expect((await post(contest.id, { intent: "event", kind }, me.cookie)).status).toBe(200);
  expect((await post(contest.id, { intent: "event", kind: "face_embedding" }, me.cookie)).status).toBe(400);
  const events = await db.select().from(proctoring_events).where(eq(proctoring_events.entry_id, entryId));
  expect(events.map((e) => e.kind).sort()).toEqual(["fullscreen_unavailable", "multiple_faces", "no_face", "not_monitored", "tab_hidden"]);
  expect(events.every((e) => e.occurred_at instanceof Date)).toBe(true);
  const [entry] = await db.select().from(user_contest_entries).where(eq(user_contest_entries.id, entryId));
  expect(entry).toMatchObject({ status: true, fullscreen_unavailable: true });
});

test("only the start records a device without fullscreen: a second start from another tab changes nothing (two at once on PostgreSQL too)", async () => {
  const contest = await contestAt(new Date());
  const me = await student();
  const entryId = await createEntry(db, { userId: me.userId, contestId: contest.id });
  const entry = async () => (await db.select().from(user_contest_entries).where(eq(user_contest_entries.id, entryId)))[0]!;
  const kinds = async () => (await db.select().from(proctoring_events).where(eq(proctoring_events.entry_id, entryId))).map((e) => e.kind);
  expect((await post(contest.id, { intent: "start", fullscreen: true }, me.cookie)).status).toBe(200);
  const started = (await entry()).started_at;
  expect((await post(contest.id, { intent: "start", fullscreen: false }, me.cookie)).status).toBe(200);
  expect(await entry()).toMatchObject({ status: true, fullscreen_unavailable: false, started_at: started });
  expect(await kinds()).toEqual([]);

  // Two starts at once (a phone without fullscreen and a laptop): the one that started decides, once.
  const other = await student();
  const otherEntry = await createEntry(db, { userId: other.userId, contestId: contest.id });
  await Promise.all([post(contest.id, { intent: "start", fullscreen: false }, other.cookie), post(contest.id, { intent: "start", fullscreen: true }, other.cookie)]);
  const [row] = await db.select().from(user_contest_entries).where(eq(user_contest_entries.id, otherEntry));
  const events = await db.select().from(proctoring_events).where(eq(proctoring_events.entry_id, otherEntry));
  expect(events.length).toBe(row!.fullscreen_unavailable ? 1 : 0);
});

test("guests, strangers and bad ids get no paper, and odd bodies get a short 4xx", async () => {
  const contest = await contestAt(new Date());
  const me = await student();
  const stranger = await student();
  await createEntry(db, { userId: me.userId, contestId: contest.id });

  expect((await get(contest.id)).status).toBe(401);
  const notMine = await get(contest.id, stranger.cookie);
  expect(notMine.status).toBe(409);
  expect(json(notMine.data).redirect).toBe(`/contest/${contest.id}`);
  expect(notMine.headers.getSetCookie().some((c) => c.startsWith("__flash="))).toBe(true);
  expect((await call(testApi.loader, new Request(api("x"), { headers: { Cookie: me.cookie } }), { params: { id: "x" } })).status).toBe(404);

  const bad = [
    ["", "application/json"],
    ["{not json", "application/json"],
    [JSON.stringify({ intent: "answer", questionId: "\u0000", choice: 0 }), "application/json"],
    [JSON.stringify({ intent: "answer", questionId: contest.questions[0]!.id, choice: 1e9 }), "application/json"],
    [JSON.stringify({ intent: "grade", score: 100 }), "application/json"],
    ["intent=submit&x[99999999]=1", "application/x-www-form-urlencoded"],
    [JSON.stringify({ intent: "submit", reason: "x".repeat(5000) }), "application/json"],
  ] as const;
  for (const [body, type] of bad) {
    const res = await post(contest.id, body, me.cookie, type);
    expect(res.status, body.slice(0, 40)).toBeGreaterThanOrEqual(400);
    expect(res.status, body.slice(0, 40)).toBeLessThan(500);
    expect(String(res.data).length).toBeLessThan(300);
  }
  const [entry] = await db.select().from(user_contest_entries).where(and(eq(user_contest_entries.user_id, me.userId)));
  expect(entry!.has_submitted).toBe(false);
});

test("a session that has expired gets no paper, saves no answer and submits nothing, on every one of the test API's paths", async () => {
  const contest = await contestAt(new Date());
  const me = await student();
  await createEntry(db, { userId: me.userId, contestId: contest.id });
  expect(json((await post(contest.id, { intent: "answer", questionId: contest.questions[0]!.id, choice: 1 }, me.cookie)).data)).toEqual({ saved: true });

  await db.update(sessions).set({ expires_at: new Date(Date.now() - SECOND) }).where(eq(sessions.user_id, me.userId));
  expect((await get(contest.id, me.cookie)).status).toBe(401);
  expect((await post(contest.id, { intent: "answer", questionId: contest.questions[1]!.id, choice: 1 }, me.cookie)).status).toBe(401);
  expect((await post(contest.id, { intent: "submit", reason: "manual" }, me.cookie)).status).toBe(401);
  expect(await db.$count(user_answers, eq(user_answers.user_id, me.userId))).toBe(1);
  const [entry] = await db.select().from(user_contest_entries).where(eq(user_contest_entries.user_id, me.userId));
  expect(entry!.has_submitted).toBe(false);
});
