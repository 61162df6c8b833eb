// The paper sealed before the start and the start as a key (docs/decisions/contests-shift-sealed-paper.md, docs/decisions/contests-shift-start-is-a-key.md),
// on a real database: the ciphertext opens, in the browser's own code, to exactly the paper,
// and the page's order is the server's; nothing gives the key before the start; each bad
// key request is answered clearly; the starts of a crowd are written together, each once.
import { eq, inArray } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, queriesDuring } from "~/db/client.server";
import { createContest, createEntry } from "~/seed/factories.server";
import { proctoring_events, user_contest_entries } from "~/db/schema";
import { buildPaper } from "~/models/contests/paper/paper.server";
import { forgetSeals } from "~/models/contests/paper/sealed-paper.server";
import { KEY_LINK_REFUSED, openSealed, type KeyReply } from "~/models/contests/paper/sealed-paper";
import { paperFor, type SealInfo } from "~/models/contests/paper/paper";
import { testApiReply, testKeyReply, testPaperReply } from "~/models/contests/sitting/test-api.server";
import { TEST_API_LIMIT } from "~/models/contests/sitting/test-traffic.server";
import { loader as sealedLoader } from "~/routes/api.contest.$id.sealed.$digest";
import { loader as keyLoader } from "~/routes/api.contest.$id.key.$entry.$expires.$signature";
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
/** A key link's parts, as the route's path gives them. */
function linkParams(link: string) {
  const [, , , id, , entry, expires, signature] = link.split("/");
  return { id, entry, expires, signature };
}
/** Asks with a key link, as the page does, at `now`. */
const askKey = (link: string, cookie: string, now: Date) => testKeyReply({ cookie, params: linkParams(link), now });

async function download(contestId: string, url: string) {
  const res = (await sealedLoader({ request: new Request(`http://localhost:3000${url}`), params: { id: contestId, digest: url.split("/").pop()! }, context: {} })) as Response;
  return { res, bytes: res.status === 200 ? await res.arrayBuffer() : null };
}

test("the sealed paper opens, in the browser's own code, to exactly the paper, and each student's page puts it in the order the server gives them", async () => {
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
  const keys = new Set<string>();
  for (const me of students) {
    const opened = await askKey((await waiting(contest.id, me.cookie)).seal.keyLink, me.cookie, new Date(start.getTime() + 1000));
    expect(opened.status).toBe(200);
    const key = opened.body as KeyReply;
    expect(key.url).toBe(url);
    const content = await openSealed(bytes!, key.key);
    expect(content).toEqual({ sections: paper.sections, questions: paper.questions, shuffle: true, hindi: paper.hindi });
    // The page's order, from the sealed paper and the entry's id, is the order the open paper gives the same student after the start.
    const open = (await testPaperReply({ cookie: me.cookie, contestId: contest.id, now: new Date(start.getTime() + 2000) })).body as { entryId: string; questions: unknown[] };
    expect(open.entryId).toBe(me.entryId);
    expect(paperFor(content, me.entryId)).toEqual(open.questions);
    expect(JSON.stringify(key).length).toBeLessThan(200);
    keys.add(JSON.stringify(key));
  }
  // The same reply for every student: what nginx keeps once for the contest.
  expect(keys.size).toBe(1);
});

test("no route gives the key before the start: the key request is refused and the waiting room and the ciphertext never carry it", async () => {
  const contest = await sealedContest(5);
  const start = contest.start_time;
  const me = await enrolled(contest.id);
  const before = new Date(start.getTime() - 1000);
  const room = await waiting(contest.id, me.cookie, before);
  const early = await askKey(room.seal.keyLink, me.cookie, before);
  expect(early.status).toBe(403);
  expect(early.body).toEqual({ error: "The paper opens at the start.", startsAt: start.toISOString() });
  const { bytes } = await download(contest.id, room.seal.url!);

  const key = (await askKey(room.seal.keyLink, me.cookie, start)).body as KeyReply;
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
  const key = (await askKey(room.seal.keyLink, me.cookie, new Date(contest.start_time.getTime() + 1))).body as KeyReply;
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

test("a key link of another contest, another account's, a forged one, a malformed one, or a flood is answered clearly", async () => {
  const contest = await sealedContest();
  const other = await sealedContest();
  const me = await enrolled(contest.id);
  const friend = await enrolled(contest.id);
  const stranger = await signedInStudent(); // enrolled nowhere: the waiting room gives them no link
  const at = new Date(contest.start_time.getTime() + 1000);
  const link = (await waiting(contest.id, me.cookie)).seal.keyLink;
  const refused = { error: KEY_LINK_REFUSED };

  expect((await testPaperReply({ cookie: stranger.cookie, contestId: contest.id, now: new Date() })).status).toBe(409);
  expect(await askKey(link, me.cookie, at)).toMatchObject({ status: 200 });
  // My link at another contest's address: the signature covers the path.
  expect(await askKey(link.replace(contest.id, other.id), me.cookie, at)).toMatchObject({ status: 403, body: refused });
  // Replayed from another sign-in, or with no cookie: the signature covers the session cookie as sent.
  expect(await askKey(link, friend.cookie, at)).toMatchObject({ status: 403, body: refused });
  expect(await askKey(link, stranger.cookie, at)).toMatchObject({ status: 403, body: refused });
  expect(await askKey(link, "", at)).toMatchObject({ status: 403, body: refused });
  // Another entry's id, or a later expiry, in a link signed for mine.
  expect(await askKey(link.replace(me.entryId, friend.entryId), me.cookie, at)).toMatchObject({ status: 403, body: refused });
  const [expires] = link.split("/").slice(-2);
  expect(await askKey(link.replace(`/${expires}/`, `/${Number(expires) + 3600}/`), me.cookie, at)).toMatchObject({ status: 403, body: refused });
  // Malformed parts: the same refusal, never a 500; a malformed contest id is not found.
  for (const bad of [`${link}x`, link.replace(/\/[^/]+$/, "/" + "x".repeat(5000)), link.replace(me.entryId, "nope")]) {
    expect(await askKey(bad, me.cookie, at)).toMatchObject({ status: 403, body: refused });
  }
  expect((await askKey(link.replace(contest.id, "nope"), me.cookie, at)).status).toBe(404);
  const afterDeadline = new Date(contest.start_time.getTime() + 31 * MINUTE);
  expect(await askKey(link, me.cookie, afterDeadline)).toMatchObject({ status: 403, body: { error: "The time for this test is over." } });

  // A flood: the test API's allowance per session and contest holds before any work, and a stranger's flood spends none of mine.
  const flood = await Promise.all(Array.from({ length: TEST_API_LIMIT.burst + 20 }, () => askKey(link, friend.cookie, at)));
  expect(flood.filter((r) => r.status === 429).length).toBeGreaterThan(0);
  expect(flood.filter((r) => r.status === 429).every((r) => r.headers["Retry-After"])).toBe(true);
  expect((await askKey(link, me.cookie, at)).status).toBe(200);
});

test("the route: the key for nginx to keep, with its time; a refusal kept by nobody", async () => {
  const contest = await sealedContest();
  const me = await enrolled(contest.id);
  const link = (await waiting(contest.id, me.cookie)).seal.keyLink;
  const request = new Request(`http://localhost:3000${link}`, { headers: { Cookie: me.cookie } });
  // Before the start (the route's clock is today's; the contest starts in 10 minutes).
  const early = await keyLoader({ request, params: linkParams(link), context: {} });
  expect(early.status).toBe(403);
  expect(early.headers.get("X-Accel-Expires")).toBeNull();
  expect(early.headers.get("Cache-Control")).toBe("private, no-store");
  const now = await askKey(link, me.cookie, new Date(contest.start_time.getTime() + 1000));
  expect(now.headers).toMatchObject({ "X-Accel-Expires": "300" });
  const { res: sealed } = await download(contest.id, (await waiting(contest.id, me.cookie)).seal.url!);
  expect(sealed.status).toBe(200);
});

test("the key is answered without reading the database once the seal is in memory", async () => {
  const contest = await sealedContest();
  const me = await enrolled(contest.id);
  const link = (await waiting(contest.id, me.cookie)).seal.keyLink;
  const at = new Date(contest.start_time.getTime() + 1000);
  await askKey(link, me.cookie, at); // seals at the start, once for this instance
  let status = 0;
  const queries = await queriesDuring(async () => {
    status = (await askKey(link, me.cookie, at)).status;
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
  // Two starts of one entry in the same crowd: on a pool either may reach the batch first,
  // but only one is written, so the row and its events agree (one event iff Fullscreen was missing).
  const twice = rows.find((r) => r.id === crowd[0]!.entryId)!;
  const noted = await db.select().from(proctoring_events).where(eq(proctoring_events.entry_id, twice.id));
  expect(noted.length).toBe(twice.fullscreen_unavailable ? 1 : 0);
  // A start after the first changes nothing it recorded.
  const again = await testApiReply({ cookie: crowd[2]!.cookie, contestId: contest.id, now: new Date(now.getTime() + 5000), readBody: async () => ({ intent: "start", fullscreen: false }) });
  expect(again.status).toBe(200);
  const [kept] = await db.select().from(user_contest_entries).where(eq(user_contest_entries.id, crowd[2]!.entryId));
  expect(kept!.started_at?.getTime()).toBe(now.getTime());
  expect(kept!.fullscreen_unavailable).toBe(false);
  expect(await db.select().from(proctoring_events).where(eq(proctoring_events.entry_id, kept!.id))).toEqual([]);

  // Refused starts say why: before the start, and not enrolled.
  const later = await sealedContest(10);
  const early = await enrolled(later.id);
  const refused = await testApiReply({ cookie: early.cookie, contestId: later.id, now, readBody: async () => ({ intent: "start", fullscreen: true }) });
  expect(refused.status).toBe(409);
  expect(refused.body).toEqual({ redirect: "/dashboard" });
});
