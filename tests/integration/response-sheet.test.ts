// Issue 48, point 4: a response sheet as NTA gives it. After the close each entrant reads
// (and downloads) question and option ids in the order they saw them, the response by
// id, the palette's status and the key's ids; a draft is not a response; nothing before
// the close, and nobody else's.
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, rowsOf } from "~/db/client.server";
import * as resultsRoute from "~/routes/contest.$id.results";
import * as csvRoute from "~/routes/contest.$id.response-sheet[.]csv";
import { answerPaper, closePaper, enrolled, get, jeePaper, post, type Shown } from "../support/papers";
import { call, formRequest, getRequest } from "../support/remix";
import { english } from "../support/words";
import { question_challenges } from "~/db/schema";
import { CHALLENGE_MESSAGES } from "~/models/contests/challenges/challenges";
import { signedInStudent } from "../support/scenarios";
import type { SheetRow } from "~/models/contests/results/response-sheet";

const view = async (contestId: string, cookie: string) =>
  (await call(resultsRoute.loader, getRequest(`/contest/${contestId}/results?tab=sheet`, cookie), { params: { id: contestId } })).data;
const csv = (contestId: string, cookie: string) => call(csvRoute.loader, getRequest(`/contest/${contestId}/response-sheet.csv`, cookie), { params: { id: contestId } });
const submit = (contestId: string, cookie: string) => post(contestId, { intent: "submit", reason: "manual" }, cookie);

async function publicIds(contestId: string) {
  const rows = rowsOf<{ id: string; public_id: string }>(await db.execute(sql`SELECT id, public_id::text FROM questions WHERE contest_id = ${contestId}`));
  return new Map(rows.map((r) => [r.id, Number(r.public_id)]));
}

/** A sat paper: `a` answered four questions, left a draft on P2 and never saw P3; `b` answered nothing. */
async function satPaper() {
  const contestId = await jeePaper(new Date());
  const [a, b] = [await enrolled(contestId), await enrolled(contestId)];
  const shownToA = (await get(contestId, a.cookie)).questions as Shown[];
  const shownToB = (await get(contestId, b.cookie)).questions as Shown[];
  await answerPaper(contestId, a.cookie, { P1: { pick: ["6"], marked: true }, "C3:": { pick: ["Fe", "O"] }, "M1:": { value: "2.50" }, P4: { pick: [] } });
  const p2 = shownToA.find((q) => q.html.startsWith("P2"))!;
  expect((await post(contestId, { intent: "answer", questionId: p2.id, draft: { options: [1] } }, a.cookie)).status).toBe(200);
  for (const s of [a, b]) expect((await submit(contestId, s.cookie)).status).toBe(200);
  return { contestId, a, b, shownToA, shownToB };
}

test("after the close: question and option ids in the order the student saw, the response by id, NTA's status, the key's ids", async () => {
  const { contestId, a, b, shownToA, shownToB } = await satPaper();
  expect((await view(contestId, a.cookie)).sheet).toBeNull(); // not before the close
  // A question dropped after a challenge (before the results are final) says so instead of a key.
  await db.execute(sql`UPDATE questions SET dropped = true WHERE contest_id = ${contestId} AND question_text = 'P2'`);
  await closePaper(contestId);
  const ids = await publicIds(contestId);
  const rows = (await view(contestId, a.cookie)).sheet.rows as SheetRow[];

  // In A's own order, numbered as A saw them; an option's id is its question's id and its number in two digits.
  expect(rows.map((r) => r.questionId)).toEqual(shownToA.map((q) => String(ids.get(q.id))));
  expect(rows.map((r) => r.number)).toEqual(shownToA.map((_, i) => i + 1));
  const row = (start: string) => {
    const q = shownToA.find((x) => x.html.startsWith(start))!;
    const id = ids.get(q.id)!;
    const r = rows.find((x) => x.questionId === String(id))!;
    expect(r.optionIds).toEqual(q.options.map((o) => String(id * 100 + o.n)));
    return { r, id };
  };
  const p1 = row("P1");
  expect(p1.r).toMatchObject({ chosen: [`${p1.id * 100 + 2}`], typed: null, status: "answered-marked", key: { ids: [`${p1.id * 100 + 2}`] } });
  const c3 = row("C3:");
  expect(c3.r).toMatchObject({ chosen: [`${c3.id * 100 + 1}`, `${c3.id * 100 + 2}`], status: "answered", key: { ids: [`${c3.id * 100 + 1}`, `${c3.id * 100 + 3}`] } });
  expect(row("M1:").r).toMatchObject({ optionIds: [], chosen: [], typed: "2.50", status: "answered", key: { min: "2.49", max: "2.51" } });
  // A draft is not a response: P2 stays Not Answered. P4 was visited and cleared; P3 never seen.
  expect(row("P2").r).toMatchObject({ chosen: [], typed: null, status: "not-answered", key: { dropped: true } });
  expect(row("P4").r).toMatchObject({ chosen: [], status: "not-answered" });
  expect(row("P3").r).toMatchObject({ status: "not-visited" });

  // B's sheet is B's own order: the same questions and ids, shown differently.
  const rowsB = (await view(contestId, b.cookie)).sheet.rows as SheetRow[];
  expect(rowsB.map((r) => r.questionId)).toEqual(shownToB.map((q) => String(ids.get(q.id))));
  expect(rowsB.map((r) => r.optionIds.join())).not.toEqual(rows.map((r) => r.optionIds.join()));
  expect(rowsB.every((r) => r.status === "not-visited")).toBe(true);
});

test("the CSV download: the same sheet, every field quoted, in the reader's language; only the student's own, only after the close", async () => {
  const { contestId, a, shownToA } = await satPaper();
  expect((await csv(contestId, a.cookie)).status).toBe(404);
  await closePaper(contestId);
  const ids = await publicIds(contestId);

  const res = await csv(contestId, a.cookie);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="response-sheet-[0-9a-f]{8}\.csv"$/);
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  const lines = (res.data as string).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
  expect(lines).toHaveLength(1 + 12);
  expect(lines[0]).toBe('"Q. No.","Section","Question ID","Option IDs","Your response","Status","Answer key"');
  const m1 = shownToA.findIndex((q) => q.html.startsWith("M1:"));
  const m1Id = ids.get(shownToA[m1]!.id)!;
  expect(lines[m1 + 1]).toBe(`"${m1 + 1}","Mathematics","${m1Id}","","2.50","Answered","2.49 – 2.51"`);

  const hindi = await csv(contestId, `${a.cookie}; lang=hi`);
  const hiLines = (hindi.data as string).replace(/^\uFEFF/, "").split("\r\n");
  expect(hiLines[0]).toBe('"प्रश्न सं.","खंड","प्रश्न ID","विकल्प ID","आपका उत्तर","स्थिति","उत्तर कुंजी"');
  expect(hiLines[m1 + 1]).toContain('"गणित"');

  // Someone with no entry, a guest and a malformed id get nothing.
  const stranger = await signedInStudent();
  expect((await csv(contestId, stranger.cookie)).status).not.toBe(200);
  expect((await csv(contestId, "")).status).not.toBe(200);
  expect((await csv("not-a-uuid", a.cookie)).status).toBe(404);
});

test("the breakdown names each option by the letter the student saw and its id; a challenge says which option it claims, checked against the question", async () => {
  const { contestId, a, shownToA } = await satPaper();
  await db.execute(sql`UPDATE contests SET challenge_window_hours = 24 WHERE id = ${contestId}`);
  await closePaper(contestId);
  const ids = await publicIds(contestId);
  const p3 = shownToA.find((q) => q.html.startsWith("P3"))!;
  const code = ids.get(p3.id)!;
  const breakdown = (await call(resultsRoute.loader, getRequest(`/contest/${contestId}/results?tab=breakdown`, a.cookie), { params: { id: contestId } })).data.breakdown;
  const shown = breakdown.find((q: { id: string }) => q.id === p3.id);
  expect(shown.code).toBe(String(code));
  // With each option's text beside its id, as the test showed it (issue 65, point 7).
  expect(shown.options).toEqual(p3.options.map((o, i) => ({ n: o.n, letter: "ABCD"[i], id: String(code * 100 + o.n), html: o.html })));

  const post = (fields: Record<string, string | string[]>) => call(resultsRoute.action as never, formRequest(`/contest/${contestId}/results?tab=breakdown`, fields, a.cookie), { params: { id: contestId } });
  const beyond = await post({ questionId: p3.id, reason: "b is right", claimed: ["2", "5"] });
  expect([beyond.status, beyond.data.reply.error[""]]).toEqual([400, [english(CHALLENGE_MESSAGES.badOption)]]);
  expect(beyond.data.reply.initialValue).toMatchObject({ reason: "b is right", claimed: ["2", "5"] });
  expect((await post({ questionId: p3.id, reason: "b is right", claimed: "0" })).status).toBe(400);
  // A stranger's worst: not a number, more options than any question has: a 4xx, nothing echoed or written.
  // (A field under a huge index is dropped, and control bytes stripped, before Conform sees them: forms.server.ts.)
  for (const fields of [{ claimed: "abc" }, { claimed: Array.from({ length: 27 }, () => "1") }]) {
    const res = await post({ questionId: p3.id, reason: "b is right", ...fields });
    expect(res.status, JSON.stringify(fields).slice(0, 40)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(JSON.stringify(res.data ?? "").length).toBeLessThan(2000);
  }
  expect(await db.$count(question_challenges, eq(question_challenges.contest_id, contestId))).toBe(0);

  expect((await post({ questionId: p3.id, reason: "b is right", claimed: ["3", "2", "2"] })).status).toBe(302);
  const [stored] = await db.select().from(question_challenges).where(eq(question_challenges.contest_id, contestId));
  expect(stored!.claimed_options).toEqual([2, 3]);
  // What an admin reads (docs/admin-sql.md): the claimed options by their ids.
  const [read] = rowsOf<{ claimed: string[] }>(
    await db.execute(sql`SELECT ARRAY(SELECT (q.public_id * 100 + n)::text FROM unnest(c.claimed_options) n) AS claimed FROM question_challenges c JOIN questions q ON q.id = c.question_id WHERE c.id = ${stored!.id}`),
  );
  expect(read!.claimed).toEqual([String(code * 100 + 2), String(code * 100 + 3)]);
});
