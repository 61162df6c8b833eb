// The paper sealed before the start and the start as a key (docs/decisions/contests-a-shift-at-one-instant.md),
// on a real database: the ciphertext opens, in the browser's own code, to exactly the paper
// and the entry's own order; nothing gives the key before the start; each bad key request
// is answered clearly; the starts of a crowd are written together, each once.
import { eq, inArray } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, queriesDuring } from "~/db/client.server";
import { createContest, createEntry } from "~/seed/factories.server";
import { user_contest_entries } from "~/db/schema";
import { buildPaper } from "~/models/contests/paper/paper.server";
import { forgetSeals } from "~/models/contests/paper/sealed-paper.server";
import { inEntryOrder, openSealed, type KeyReply, type SealInfo } from "~/models/contests/paper/sealed-paper";
import { testApiReply, testPaperReply } from "~/models/contests/sitting/test-api.server";
import { TEST_API_LIMIT } from "~/models/contests/sitting/test-traffic.server";
import { loader as sealedLoader } from "~/routes/api.contest.$id.sealed.$digest";
import { signedInStudent } from "../support/scenarios";

const MINUTE = 60_000;
let n = 0;

const BANK: Array<[string, string[], string]> = [
  ["Capital of India?", ["Mumbai", "New Delhi", "Kolkata", "Chennai"], "New Delhi"],
  ["2 + 2?", ["3", "4", "5", "6"], "4"],
  ["Largest planet?", ["Jupiter", "Mars", "Earth", "Venus"], "Jupiter"],
  ["Smallest prime?", ["1", "2", "3", "5"], "2"],
];

/** A contest starting `inMinutes` from now (within the sealing time of 30 minutes by default). */
async function sealedContest(inMinutes = 10, shuffle = true) {
  const start = new Date(Date.now() + inMinutes * MINUTE);
  const contest = await createContest(db, { title: `Sealed Cup ${++n}`, subject: "General", start_time: start, end_time: new Date(start.getTime() + 60 * MINUTE), duration_minutes: 30, questions: BANK, shuffle });
  return { ...contest, start_time: start };
}

async function enrolled(contestId: string) {
  const me = await signedInStudent();
  const entryId = await createEntry(db, { userId: me.userId, contestId });
  return { ...me, entryId };
}

const waiting = async (contestId: string, cookie: string, now = new Date()) => {
  const reply = await testPaperReply({ cookie, contestId, now });
  expect(reply.status).toBe(200);
  return reply.body as { state: string; seal: SealInfo };
};
const askKey = (contestId: string, cookie: string, body: unknown, now: Date) => testApiReply({ cookie, contestId, now, readBody: async () => body });

async function download(contestId: string, url: string) {
  const res = (await sealedLoader({ request: new Request(`http://localhost:3000${url}`), params: { id: contestId, digest: url.split("/").pop()! }, context: {} })) as Response;
  return { res, bytes: res.status === 200 ? await res.arrayBuffer() : null };
}

test("the sealed paper opens, in the browser's own code, to exactly the paper, and the key's order gives each student their own paper", async () => {
  const contest = await sealedContest();
  const start = contest.start_time;
  const students = [await enrolled(contest.id), await enrolled(contest.id)];
  const urls = new Set<string>();
  for (const me of students) {
    const room = await waiting(contest.id, me.cookie);
    expect(room.state).toBe("waiting");
    expect(room.seal.url).toMatch(new RegExp(`^/api/contest/${contest.id}/sealed/[0-9a-f]{32}$`));
    // The download is spread over the waiting time: never after two minutes before the start.
    expect(Date.parse(room.seal.fetchAt)).toBeLessThanOrEqual(start.getTime() - 2 * MINUTE);
    urls.add(room.seal.url!);
  }
  // One ciphertext for the whole contest, public and kept for ever by any cache.
  expect(urls.size).toBe(1);
  const [url] = [...urls];
  const { res, bytes } = await download(contest.id, url!);
  expect(res.status).toBe(200);
  expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  expect(Buffer.from(bytes!).includes("Capital of India")).toBe(false);

  const paper = await buildPaper(contest.id);
  for (const me of students) {
    const opened = await askKey(contest.id, me.cookie, { intent: "key", ticket: (await waiting(contest.id, me.cookie)).seal.ticket }, new Date(start.getTime() + 1000));
    expect(opened.status).toBe(200);
    const key = opened.body as KeyReply;
    expect(key.url).toBe(url);
    const content = await openSealed(bytes!, key.key);
    expect(content).toEqual({ sections: paper.sections, questions: paper.questions, hindi: paper.hindi });
    // The entry's order from the key is the order the open paper gives the same student after the start.
    const open = (await testPaperReply({ cookie: me.cookie, contestId: contest.id, now: new Date(start.getTime() + 2000) })).body as { questions: unknown[] };
    expect(inEntryOrder(content.questions, key.order)).toEqual(open.questions);
    expect(JSON.stringify(key).length).toBeLessThan(600);
  }
});

test("no route gives the key before the start: the key request is refused and the waiting room and the ciphertext never carry it", async () => {
  const contest = await sealedContest(5);
  const start = contest.start_time;
  const me = await enrolled(contest.id);
  const before = new Date(start.getTime() - 1000);
  const room = await waiting(contest.id, me.cookie, before);
  const early = await askKey(contest.id, me.cookie, { intent: "key", ticket: room.seal.ticket }, before);
  expect(early.status).toBe(403);
  expect(early.body).toEqual({ error: "The paper opens at the start.", startsAt: start.toISOString() });
  const { bytes } = await download(contest.id, room.seal.url!);

  const key = (await askKey(contest.id, me.cookie, { intent: "key", ticket: room.seal.ticket }, start)).body as KeyReply;
  expect(key.key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  const seen = [JSON.stringify(room), JSON.stringify(early.body), Buffer.from(bytes!).toString("latin1"), Buffer.from(bytes!).toString("base64")];
  for (const text of seen) expect(text.includes(key.key)).toBe(false);
  expect(seen.join("").includes(Buffer.from(key.key, "base64").toString("hex"))).toBe(false);
});

test("a changed ciphertext does not open; a changed paper gets another address and the old one is gone", async () => {
  const contest = await sealedContest();
  const me = await enrolled(contest.id);
  const room = await waiting(contest.id, me.cookie);
  const { bytes } = await download(contest.id, room.seal.url!);
  const key = (await askKey(contest.id, me.cookie, { intent: "key", ticket: room.seal.ticket }, new Date(contest.start_time.getTime() + 1))).body as KeyReply;
  const tampered = new Uint8Array(bytes!.slice(0));
  tampered[tampered.length - 20]! ^= 1;
  await expect(openSealed(tampered.buffer, key.key)).rejects.toThrow();
  await expect(openSealed(bytes!, key.key)).resolves.toBeTruthy();

  const { questions } = await import("~/db/schema");
  await db.update(questions).set({ question_text: "Capital of Bharat?" }).where(eq(questions.id, contest.questions[0]!.id));
  forgetSeals();
  const again = await waiting(contest.id, me.cookie);
  expect(again.seal.url).not.toBe(room.seal.url);
  expect((await download(contest.id, room.seal.url!)).res.status).toBe(404);
  expect((await download(contest.id, again.seal.url!)).res.status).toBe(200);
  expect((await download(contest.id, `/api/contest/${contest.id}/sealed/not-a-digest`)).res.status).toBe(404);
  const malformed = await sealedLoader({ request: new Request("http://localhost:3000/x"), params: { id: "nope", digest: "0".repeat(32) }, context: {} }).catch((r: Response) => r);
  expect((malformed as Response).status).toBe(404);
});

test("a key request with another contest's ticket, another account's, a forged one, an overlong one, or a flood is answered clearly", async () => {
  const contest = await sealedContest();
  const other = await sealedContest();
  const me = await enrolled(contest.id);
  const friend = await enrolled(contest.id);
  const stranger = await signedInStudent(); // enrolled nowhere: the waiting room gives them no ticket
  const at = new Date(contest.start_time.getTime() + 1000);
  const { ticket } = (await waiting(contest.id, me.cookie)).seal;

  expect((await testPaperReply({ cookie: stranger.cookie, contestId: contest.id, now: new Date() })).status).toBe(409);
  expect((await askKey(other.id, me.cookie, { intent: "key", ticket }, at)).body).toEqual({ error: "This ticket is for another contest." });
  const replayed = await askKey(contest.id, friend.cookie, { intent: "key", ticket }, at);
  expect([replayed.status, replayed.body]).toEqual([403, { error: "This ticket belongs to another sign-in. Please reload the page." }]);
  expect((await askKey(contest.id, stranger.cookie, { intent: "key", ticket }, at)).status).toBe(403);
  // Another entry's id in a ticket signed for mine: the signature no longer matches.
  const forged = ticket.replace(me.entryId, friend.entryId);
  expect((await askKey(contest.id, me.cookie, { intent: "key", ticket: forged }, at)).body).toEqual({ error: "This ticket is not valid. Please reload the page." });
  expect((await askKey(contest.id, me.cookie, { intent: "key", ticket: "x".repeat(5000) }, at)).status).toBe(400);
  const afterDeadline = new Date(contest.start_time.getTime() + 31 * MINUTE);
  expect((await askKey(contest.id, me.cookie, { intent: "key", ticket }, afterDeadline)).body).toEqual({ error: "The time for this test is over." });

  // A flood: the test API's allowance per session and contest holds before any work.
  const flood = await Promise.all(Array.from({ length: TEST_API_LIMIT.burst + 20 }, () => askKey(contest.id, friend.cookie, { intent: "key", ticket }, at)));
  expect(flood.filter((r) => r.status === 429).length).toBeGreaterThan(0);
  expect(flood.filter((r) => r.status === 429).every((r) => r.headers["Retry-After"])).toBe(true);
});

test("the key is answered without reading the database once the seal is in memory", async () => {
  const contest = await sealedContest();
  const me = await enrolled(contest.id);
  const { ticket } = (await waiting(contest.id, me.cookie)).seal;
  const at = new Date(contest.start_time.getTime() + 1000);
  await askKey(contest.id, me.cookie, { intent: "key", ticket }, at); // seals at the start, once for this instance
  let status = 0;
  const queries = await queriesDuring(async () => {
    status = (await askKey(contest.id, me.cookie, { intent: "key", ticket }, at)).status;
  });
  expect(status).toBe(200);
  expect(queries).toEqual([]);
});

test("a crowd's starts are written together, each entry started once at its first start", async () => {
  const contest = await sealedContest(-1);
  const crowd = await Promise.all(Array.from({ length: 24 }, () => enrolled(contest.id)));
  const now = new Date();
  const start = (me: { cookie: string }, fullscreen = true) => testApiReply({ cookie: me.cookie, contestId: contest.id, now, readBody: async () => ({ intent: "start", fullscreen }) });
  let replies: Array<{ status: number }> = [];
  const queries = await queriesDuring(async () => {
    replies = await Promise.all([...crowd.map((me) => start(me)), start(crowd[0]!, false), start(crowd[1]!)]);
  });
  expect(replies.every((r) => r.status === 200)).toBe(true);
  // 26 starts in far fewer statements than one transaction each.
  expect(queries.filter((q) => /user_contest_entries/i.test(q)).length).toBeLessThan(10);
  const rows = await db.select().from(user_contest_entries).where(inArray(user_contest_entries.id, crowd.map((c) => c.entryId)));
  expect(rows.every((r) => r.status && r.started_at?.getTime() === now.getTime())).toBe(true);
  // A second start in the same batch changed nothing its first recorded.
  expect(rows.find((r) => r.id === crowd[0]!.entryId)!.fullscreen_unavailable).toBe(false);

  // Refused starts say why: before the start, and not enrolled.
  const later = await sealedContest(10);
  const early = await enrolled(later.id);
  const refused = await testApiReply({ cookie: early.cookie, contestId: later.id, now, readBody: async () => ({ intent: "start", fullscreen: true }) });
  expect(refused.status).toBe(409);
  expect(refused.body).toEqual({ redirect: "/dashboard" });
});
