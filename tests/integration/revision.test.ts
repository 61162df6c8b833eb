// Issue 48, point 6: "My revision". A student bookmarks a question once its test has closed
// (never before: the key shows then), up to a cap; the revision lists bookmarked and wrong
// questions across contests with the key and the solution, filtered and counted on the
// server; it is the student's own, in their download and gone with their account.
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, rowsOf } from "~/db/client.server";
import * as revisionRoute from "~/routes/revision";
import * as resultsRoute from "~/routes/contest.$id.results";
import { BOOKMARK_CAP, PRACTICE_MESSAGES } from "~/models/contests/practice/practice";
import { exportPersonalData, eraseAccountNow } from "~/models/accounts/personal-data.server";
import { answerPaper, closePaper, enrolled, get, jeePaper, post, type Shown } from "../support/papers";
import { call, formRequest, getRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";

const mark = (questionId: string, cookie: string, intent = "add", back = "/revision") =>
  call(revisionRoute.action, formRequest("/revision", { intent, questionId, back }, cookie));
const revision = async (cookie: string, query = "") => (await call(revisionRoute.loader, getRequest(`/revision${query}`, cookie))).data;
const kept = async (userId: string) => rowsOf<{ question_id: string }>(await db.execute(sql`SELECT question_id FROM question_bookmarks WHERE user_id = ${userId}`)).map((r) => r.question_id);

/** `a` got P1 right, P2 and M1 wrong and C3 partly right; `b` sat too. Not closed yet. */
async function sitting() {
  const contestId = await jeePaper(new Date());
  const [a, b] = [await enrolled(contestId), await enrolled(contestId)];
  const shown = (await get(contestId, a.cookie)).questions as Shown[];
  await answerPaper(contestId, a.cookie, { P1: { pick: ["6"] }, P2: { pick: ["b"] }, "C3:": { pick: ["Fe"] }, "M1:": { value: "3" } });
  for (const s of [a, b]) expect((await post(contestId, { intent: "submit", reason: "manual" }, s.cookie)).status).toBe(200);
  const id = (start: string) => shown.find((q) => q.html.startsWith(start))!.id;
  return { contestId, a, b, id };
}

test("a bookmark only once the test has closed, only by one who sat it; back to the page it came from", async () => {
  const { contestId, a, id } = await sitting();
  // Before the close the key is not shown, so nothing of the paper may be kept: a 404, nothing written.
  expect((await mark(id("P1"), a.cookie)).status).toBe(404);
  expect(await revision(a.cookie)).toMatchObject({ items: [], counts: null });
  await closePaper(contestId);

  const added = await mark(id("P1"), a.cookie, "add", `/contest/${contestId}/results?tab=breakdown#q-${id("P1")}`);
  expect(added.status).toBe(302);
  expect(added.location).toBe(`/contest/${contestId}/results?tab=breakdown#q-${id("P1")}`);
  expect(await kept(a.userId)).toEqual([id("P1")]);
  // Twice is once; another site is never where it goes back to.
  expect((await mark(id("P1"), a.cookie, "add", "https://evil.example/")).location).toBe("/revision");
  expect(await kept(a.userId)).toEqual([id("P1")]);
  // The breakdown shows which are kept.
  const breakdown = (await call(resultsRoute.loader, getRequest(`/contest/${contestId}/results?tab=breakdown`, a.cookie), { params: { id: contestId } })).data;
  expect(breakdown.bookmarked).toEqual([id("P1")]);

  // Someone who did not sit it, a malformed or unknown question, a guest: refused, nothing written.
  const stranger = await signedInStudent();
  expect((await mark(id("P1"), stranger.cookie)).status).toBe(404);
  expect((await mark("not-a-uuid", a.cookie)).status).toBe(404);
  expect((await mark("00000000-0000-4000-8000-000000000000", a.cookie)).status).toBe(404);
  expect((await mark(id("P1"), "")).location).toMatch(/^\/login\?/);
  expect(await kept(stranger.userId)).toEqual([]);

  expect((await mark(id("P1"), a.cookie, "remove")).status).toBe(302);
  expect(await kept(a.userId)).toEqual([]);
});

test("My revision: bookmarked and wrong questions across contests, with the key and the solution, filtered and counted", async () => {
  const one = await sitting();
  await closePaper(one.contestId);
  await mark(one.id("P1"), one.a.cookie);
  await mark(one.id("M1:"), one.a.cookie);

  const all = await revision(one.a.cookie);
  // P1 (kept, right), P2, C3 (partly right) and M1 (kept, wrong): never P3 or the other unanswered ones.
  expect(all.counts).toEqual({ all: 4, bookmarked: 2, wrong: 3 });
  const byId = new Map(all.items.map((q: { id: string }) => [q.id, q]));
  expect([...byId.keys()].sort()).toEqual([one.id("P1"), one.id("P2"), one.id("C3:"), one.id("M1:")].sort());
  expect(byId.get(one.id("M1:"))).toMatchObject({ bookmarked: true, wrong: true, verdict: "incorrect", contestId: one.contestId, explanation: expect.stringContaining("6.25"), time: null });
  expect(byId.get(one.id("P1"))).toMatchObject({ bookmarked: true, wrong: false, verdict: "correct" });
  expect(byId.get(one.id("C3:"))).toMatchObject({ bookmarked: false, wrong: true, verdict: "partial" });
  expect((await revision(one.a.cookie, "?show=wrong")).items.map((q: { id: string }) => q.id).sort()).toEqual([one.id("P2"), one.id("C3:"), one.id("M1:")].sort());
  expect((await revision(one.a.cookie, "?show=bookmarked")).items.map((q: { id: string }) => q.id).sort()).toEqual([one.id("P1"), one.id("M1:")].sort());
  // An unknown filter is all; a page past the end is empty, not an error.
  expect((await revision(one.a.cookie, "?show=nonsense")).counts).toEqual({ all: 4, bookmarked: 2, wrong: 3 });
  expect((await revision(one.a.cookie, "?page=99999999999")).items).toEqual([]);
  // A filter with nothing under it still says what the others hold.
  for (const q of [one.id("P1"), one.id("M1:")]) await mark(q, one.a.cookie, "remove");
  expect(await revision(one.a.cookie, "?show=bookmarked")).toMatchObject({ items: [], counts: { all: 3, bookmarked: 0, wrong: 3 } });

  // A second contest adds its own; each student sees only theirs.
  const two = await sitting();
  await closePaper(two.contestId);
  const both = await revision(two.a.cookie);
  expect(both.counts).toEqual({ all: 3, bookmarked: 0, wrong: 3 });
  expect(both.items.every((q: { contestId: string }) => q.contestId === two.contestId)).toBe(true);
  expect((await revision(one.b.cookie)).counts).toEqual(null);
});

test(`bookmarks are capped at ${BOOKMARK_CAP}: past it the form says so and nothing is written`, async () => {
  const { contestId, a, id } = await sitting();
  // Enough questions of the same paper for the cap, kept straight in the table.
  await db.execute(sql`
    INSERT INTO questions (contest_id, section_id, position, kind, question_text, options, correct_answer)
    SELECT ${contestId}, (SELECT id FROM contest_sections WHERE contest_id = ${contestId} AND position = 1), 100 + n, 'single', 'Extra ' || n, ARRAY['a','b','c','d'], 'a'
      FROM generate_series(1, ${BOOKMARK_CAP}) n`);
  await closePaper(contestId);
  await db.execute(sql`INSERT INTO question_bookmarks (user_id, question_id) SELECT ${a.userId}, id FROM questions WHERE contest_id = ${contestId} AND question_text LIKE 'Extra %'`);
  const full = await mark(id("P1"), a.cookie, "add", `/contest/${contestId}/results?tab=breakdown`);
  expect(full.status).toBe(302);
  expect(full.location).toBe(`/contest/${contestId}/results?tab=breakdown`);
  expect(full.headers.get("Set-Cookie")).toContain("__flash");
  expect(await kept(a.userId)).toHaveLength(BOOKMARK_CAP);
  expect(await kept(a.userId)).not.toContain(id("P1"));
  expect(PRACTICE_MESSAGES.bookmarkFull.values.cap).toBe(BOOKMARK_CAP);
  // Removing one makes room.
  const extra = (await kept(a.userId))[0]!;
  await mark(extra, a.cookie, "remove");
  await mark(id("P1"), a.cookie);
  expect(await kept(a.userId)).toContain(id("P1"));
});

test("bookmarks and practice are the student's data: in their download, gone with their account", async () => {
  const { contestId, a, id } = await sitting();
  await closePaper(contestId);
  await mark(id("P2"), a.cookie);
  await db.execute(sql`
    INSERT INTO practice_attempts (entry_id, user_id, contest_id, scope, question_ids, minutes)
    SELECT e.id, e.user_id, e.contest_id, 'all', ARRAY[${id("P2")}::uuid], 5 FROM user_contest_entries e WHERE e.user_id = ${a.userId} AND e.contest_id = ${contestId}`);
  const mine = (await exportPersonalData(db, a.userId, new Date())) as unknown as Record<string, Array<Record<string, unknown>>>;
  expect(mine.revision_bookmarks!.map((b) => b.question_id)).toEqual([id("P2")]);
  expect(mine.practice_attempts).toHaveLength(1);
  expect(await eraseAccountNow(db, a.userId, new Date())).toEqual({ ok: true });
  expect(await kept(a.userId)).toEqual([]);
  expect(rowsOf(await db.execute(sql`SELECT 1 FROM practice_attempts WHERE user_id = ${a.userId}`))).toEqual([]);
});
