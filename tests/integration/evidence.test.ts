// Issue 47, point 3: evidence, small and private. A face check's flag is stored with its time,
// kind and duration, and with one small JPEG only where the student (an adult, on the camera
// check) agreed (under 18: tests/integration/minors-institution.test.ts and minors-not-filmed.test.ts). Only reviewers see a snapshot; the public media
// route refuses its key. Bad uploads are refused with nothing written. Snapshots leave the
// image store on the retention schedule and with an erased account. Both databases.
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { discarded_snapshots, images, user_contest_entries, users } from "~/db/schema";
import { purgeExpired } from "~/models/accounts/housekeeping.server";
import { eraseAccountNow } from "~/models/accounts/personal-data.server";
import { forgetDiscardedSnapshots, SNAPSHOTS_PER_ENTRY } from "~/models/contests/review/evidence.server";
import * as testApi from "~/routes/api.contest.$id.test";
import * as media from "~/routes/media.$key";
import * as snapshotRoute from "~/routes/contest.$id.review_.snapshot.$eventId";
import { call, getRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";
import { chooseSnapshots, enrolled, eventsOf, flag, jpeg, paper, runningContest } from "../support/proctoring";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

test("an adult's flag carries a snapshot only after they agree on the camera check; only a reviewer sees it", async () => {
  const contest = await runningContest();
  const me = await enrolled(contest.id);
  const snapshot = (await jpeg()).toString("base64");

  // Not agreed: the page takes no snapshot, and the server refuses one, writing nothing.
  expect((await paper(contest.id, me.cookie)).snapshots).toBe(false);
  const refused = await flag(contest.id, me.cookie, { kind: "no_face", durationMs: 6000, snapshot });
  expect(refused.status).toBe(403);
  expect(await eventsOf(me.entryId)).toEqual([]);

  // Agreed on the camera check (a plain form): the paper says so, and the flag is kept with its picture and duration.
  expect((await chooseSnapshots(contest.id, me.cookie, true)).status).toBe(200);
  expect((await paper(contest.id, me.cookie)).snapshots).toBe(true);
  const kept = await flag(contest.id, me.cookie, { kind: "multiple_faces", durationMs: 4500, snapshot, extra: "x".repeat(100) });
  expect(kept.status).toBe(200);
  expect(kept.data).not.toContain("extra");
  const [event] = await eventsOf(me.entryId);
  expect(event).toMatchObject({ kind: "multiple_faces", duration_ms: 4500 });
  const [image] = await db.select().from(images).where(eq(images.key, event!.snapshot_key!));
  expect(image!.content_type).toBe("image/jpeg");
  expect(image!.bytes.length).toBeLessThanOrEqual(20 * 1024);

  // Never public: the media route answers as if it did not exist.
  expect((await call(media.loader, getRequest(`/media/${event!.snapshot_key}`), { params: { key: event!.snapshot_key! } })).status).toBe(404);
  // A reviewer gets it, privately; the student, another contest's address and a forged id get 404.
  const reviewer = await signedInStudent();
  await db.update(users).set({ is_reviewer: true }).where(eq(users.id, reviewer.userId));
  const see = (who: string, contestId = contest.id, eventId = event!.id) => call(snapshotRoute.loader, getRequest(`/contest/${contestId}/review/snapshot/${eventId}`, who), { params: { id: contestId, eventId } });
  const seen = await see(reviewer.cookie);
  expect(seen.status).toBe(200);
  expect(seen.headers.get("Content-Type")).toBe("image/jpeg");
  expect(seen.headers.get("Cache-Control")).toBe("private, no-store");
  expect((await see(me.cookie)).status).toBe(404);
  expect((await see(reviewer.cookie, (await runningContest()).id)).status).toBe(404);
  expect((await see(reviewer.cookie, contest.id, "not-a-uuid")).status).toBe(404);

  // Withdrawn on the camera check: no more snapshots.
  await chooseSnapshots(contest.id, me.cookie, false);
  expect((await paper(contest.id, me.cookie)).snapshots).toBe(false);
  expect((await flag(contest.id, me.cookie, { kind: "no_face", durationMs: 6000, snapshot })).status).toBe(403);
  expect(await eventsOf(me.entryId)).toHaveLength(1);
});

test("a bad snapshot is refused with nothing written: not a JPEG, too many pixels, too many bytes, not base64, a kind the face check has not, past the entry's cap", async () => {
  const contest = await runningContest();
  const me = await enrolled(contest.id);
  await chooseSnapshots(contest.id, me.cookie, true);
  const body = async (over: Record<string, unknown>) => ({ kind: "no_face", durationMs: 6000, snapshot: (await jpeg()).toString("base64"), ...over });
  expect((await flag(contest.id, me.cookie, await body({ snapshot: (await jpeg(240, 180, "png")).toString("base64") }))).status).toBe(400);
  expect((await flag(contest.id, me.cookie, await body({ snapshot: (await jpeg(640, 120)).toString("base64") }))).status).toBe(400);
  expect((await flag(contest.id, me.cookie, await body({ snapshot: "not base64!" }))).status).toBe(400);
  expect((await flag(contest.id, me.cookie, await body({ kind: "tab_hidden" }))).status).toBe(400);
  expect((await flag(contest.id, me.cookie, await body({ durationMs: -1 }))).status).toBe(400);
  // A JPEG header on 30 KB of noise: over the body's limit before anything is decoded.
  const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(30 * 1024, 7)]).toString("base64");
  expect((await flag(contest.id, me.cookie, await body({ snapshot: big }))).status).toBe(413);
  // A JPEG's first bytes on garbage that fits: refused by the decoder.
  const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2000, 1)]).toString("base64");
  expect((await flag(contest.id, me.cookie, await body({ snapshot: fake }))).status).toBe(400);
  expect(await eventsOf(me.entryId)).toEqual([]);
  expect(await db.select().from(discarded_snapshots).where(sql`true`).then((rows) => rows.filter((r) => r.key.length !== 68))).toEqual([]);

  // The cap: once the entry holds SNAPSHOTS_PER_ENTRY, the next is refused (the page then records the flag without one).
  await db.execute(sql`
    INSERT INTO proctoring_events (entry_id, kind, snapshot_key)
    SELECT ${me.entryId}, 'no_face', lpad(to_hex(g), 64, '0') || '.jpg' FROM generate_series(1, ${SNAPSHOTS_PER_ENTRY}) g`);
  expect((await flag(contest.id, me.cookie, await body({}))).status).toBe(429);
  expect(await eventsOf(me.entryId)).toHaveLength(SNAPSHOTS_PER_ENTRY);

  // Someone not enrolled cannot send flags for this contest.
  const stranger = await signedInStudent();
  expect((await flag(contest.id, stranger.cookie, await body({}))).status).toBe(409);
  expect((await flag(contest.id, "__session=forged", await body({}))).status).toBe(401);
});

test("the test page's warnings go on counting after a reload: the paper says how many were given", async () => {
  const contest = await runningContest();
  const me = await enrolled(contest.id);
  const event = (body: unknown) =>
    call(testApi.action, new Request(`http://localhost:3000/api/contest/${contest.id}/test`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", Cookie: me.cookie } }), {
      params: { id: contest.id },
    });
  await event({ intent: "event", kind: "tab_hidden" });
  await event({ intent: "event", kind: "no_face", durationMs: 7500 });
  // Not warnings: the camera stopping, a device that cannot run the check.
  await event({ intent: "event", kind: "camera_lost" });
  await event({ intent: "event", kind: "not_monitored" });
  expect((await paper(contest.id, me.cookie)).warned).toBe(2);
  expect((await eventsOf(me.entryId)).find((e) => e.kind === "no_face")!.duration_ms).toBe(7500);
});

test("snapshots leave the image store on the retention schedule, and with an erased account", async () => {
  const contest = await runningContest();
  const kept = await enrolled(contest.id);
  const erased = await enrolled(contest.id);
  for (const me of [kept, erased]) {
    await chooseSnapshots(contest.id, me.cookie, true);
    const picture = (await jpeg(200 + (me === kept ? 0 : 20), 150)).toString("base64");
    expect((await flag(contest.id, me.cookie, { kind: "no_face", durationMs: 6000, snapshot: picture })).status).toBe(200);
  }
  const keyOf = async (entryId: string) => (await eventsOf(entryId))[0]!.snapshot_key!;
  const [keptKey, erasedKey] = [await keyOf(kept.entryId), await keyOf(erased.entryId)];
  const stored = async (key: string) => (await db.select({ key: images.key }).from(images).where(eq(images.key, key))).length === 1;

  // An erased account's snapshot goes at once with its events.
  await db.update(user_contest_entries).set({ has_submitted: true, submitted_at: new Date(), status: true, started_at: new Date() }).where(eq(user_contest_entries.id, erased.entryId));
  await eraseAccountNow(db, erased.userId, new Date());
  await forgetDiscardedSnapshots(db);
  expect(await stored(erasedKey)).toBe(false);
  expect(await stored(keptKey)).toBe(true);

  // Kept while results may change; gone PROCTORING_EVIDENCE_DAYS after they became final.
  const finalizedAt = new Date(Date.now() - 10 * DAY);
  await db.execute(sql`UPDATE contests SET finalized_at = ${finalizedAt.toISOString()}::timestamptz WHERE id = ${contest.id}`);
  await purgeExpired(db, new Date(), { proctoringEvidenceDays: 30 });
  await forgetDiscardedSnapshots(db);
  expect(await stored(keptKey)).toBe(true);
  await purgeExpired(db, new Date(finalizedAt.getTime() + 31 * DAY), { proctoringEvidenceDays: 30 });
  expect(await eventsOf(kept.entryId)).toEqual([]);
  expect(await forgetDiscardedSnapshots(db)).toBeGreaterThanOrEqual(1);
  expect(await stored(keptKey)).toBe(false);
  expect(await db.select().from(discarded_snapshots).where(eq(discarded_snapshots.key, keptKey))).toEqual([]);
});
