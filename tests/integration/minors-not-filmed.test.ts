// Issue 67, point 1: children are not filmed by default (the DPDP Act, s.9(3);
// docs/decisions/privacy-minors-not-filmed.md). Under 18 the test runs without the camera,
// the face check and snapshots, whatever the contest or a crafted request asks; the
// browser's own events still count. Adults are unchanged. Both databases.
import { desc, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { email_outbox, parental_consents } from "~/db/schema";
import * as consentPage from "~/routes/consent.$token";
import * as contestPage from "~/routes/contest.$id._index";
import * as rulesPage from "~/routes/contest.$id.rules";
import * as privacyPage from "~/routes/privacy";
import { askParent } from "~/models/accounts/parents/parental-consent.server";
import { reviewBoard } from "~/models/contests/review/review-board.server";
import { call, formRequest, getRequest } from "../support/remix";
import { contestWithResults } from "../support/scenarios";
import { bornYearsAgo, cameraCheck, chooseSnapshots, enrolled, eventsOf, flag, jpeg, paper, runningContest, sendEvent } from "../support/proctoring";
import { verifyParent } from "../support/parent-verified";

test("a minor's test has no camera: the paper says so, camera reports and snapshots are refused, the browser's events count", async () => {
  const contest = await runningContest();
  // Even a parent who ticked "pictures" long ago films nothing now.
  const minor = await enrolled(contest.id, { birthDate: bornYearsAgo(15), parentAgreed: { snapshots: true } });
  const own = await paper(contest.id, minor.cookie);
  expect(own).toMatchObject({ camera: false, snapshots: false });

  for (const kind of ["camera_lost", "not_monitored", "no_face", "multiple_faces", "looking_away"]) {
    const refused = await sendEvent(contest.id, minor.cookie, { intent: "event", kind, durationMs: 6000 });
    expect(refused.status, kind).toBe(403);
    expect(refused.data).toContain("does not use the camera");
  }
  const snapshot = (await jpeg()).toString("base64");
  expect((await flag(contest.id, minor.cookie, { kind: "no_face", durationMs: 6000, snapshot })).status).toBe(403);
  expect(await eventsOf(minor.entryId)).toEqual([]);

  expect((await sendEvent(contest.id, minor.cookie, { intent: "event", kind: "tab_hidden" })).status).toBe(200);
  expect((await sendEvent(contest.id, minor.cookie, { intent: "event", kind: "fullscreen_exit" })).status).toBe(200);
  expect((await eventsOf(minor.entryId)).map((e) => e.kind).sort()).toEqual(["fullscreen_exit", "tab_hidden"]);
});

test("a minor's camera check asks for no camera and offers no picture choice; the choice posted anyway is refused", async () => {
  const contest = await runningContest();
  const minor = await enrolled(contest.id, { birthDate: bornYearsAgo(16), parentAgreed: { snapshots: false } });
  const check = await cameraCheck(contest.id, minor.cookie);
  expect(check.data).toMatchObject({ filmed: false, snapshots: null, contest: { faceDetection: false } });
  expect((await chooseSnapshots(contest.id, minor.cookie, true)).status).toBe(400);
});

test("an adult is filmed as before: the camera check, the paper and a camera report", async () => {
  const contest = await runningContest();
  const adult = await enrolled(contest.id, { birthDate: bornYearsAgo(19) });
  expect((await cameraCheck(contest.id, adult.cookie)).data).toMatchObject({ filmed: true, snapshots: { parentDecides: false, agreed: false }, contest: { faceDetection: true } });
  expect(await paper(contest.id, adult.cookie)).toMatchObject({ camera: true, contest: { faceDetection: true } });
  expect((await sendEvent(contest.id, adult.cookie, { intent: "event", kind: "camera_lost" })).status).toBe(200);
  expect((await eventsOf(adult.entryId)).map((e) => e.kind)).toEqual(["camera_lost"]);
  // No date of birth (an account from before it was asked) counts as an adult, as for consent.
  const older = await enrolled(contest.id);
  expect((await paper(contest.id, older.cookie)).camera).toBe(true);
});

test("the parent's consent page says no camera and asks nothing about pictures; a crafted tick keeps none", async () => {
  const contest = await runningContest();
  const minor = await enrolled(contest.id, { birthDate: bornYearsAgo(14) });
  await db.transaction((tx) => askParent(tx, { userId: minor.userId, childName: "Chhota Bheem", childEmail: minor.email, parentEmail: "no-camera-parent@example.in", locale: "en", now: new Date() }));
  const [mail] = await db.select().from(email_outbox).where(eq(email_outbox.to_address, "no-camera-parent@example.in")).orderBy(desc(email_outbox.created_at)).limit(1);
  const token = /\/consent\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  const view = await call(consentPage.loader, getRequest(`/consent/${token}`), { params: { token } });
  expect(view.data).toMatchObject({ filmed: false, version: "2026-12-07.1" });
  await verifyParent(token);
  const answered = await call(consentPage.action, formRequest(`/consent/${token}`, { intent: "consent", declare: "on", snapshots: "on" }), { params: { token } });
  expect(answered.status).toBe(302);
  const [consent] = await db.select().from(parental_consents).where(eq(parental_consents.user_id, minor.userId));
  expect(consent).toMatchObject({ evidence_agreed: false, text_version: "2026-12-07.1" });
});

test("the contest page, the rules sheet and the privacy policy say that under 18 the camera is not used", async () => {
  const contest = await runningContest();
  const page = await call(contestPage.loader, getRequest(`/contest/${contest.id}`), { params: { id: contest.id } });
  expect(page.data).toMatchObject({ minorsFilmed: false });
  expect((await call(rulesPage.loader, getRequest(`/contest/${contest.id}/rules`), { params: { id: contest.id } })).data).toMatchObject({ minorsFilmed: false });
  expect((await call(privacyPage.loader, getRequest("/privacy"))).data).toMatchObject({ minorsFilmed: false });
});

test("the review screen says which entries were a minor's, so unfilmed: their missing camera events are no signal", async () => {
  const start = new Date(Date.now() - 3 * 60 * 60_000);
  const minor = await enrolledUserOfAge(16);
  const adult = await enrolledUserOfAge(30);
  const { contestId } = await contestWithResults({ start, end: new Date(start.getTime() + 60 * 60_000), recordResults: true, students: [{ userId: minor, correct: 3, minutes: 20 }, { userId: adult, correct: 2, minutes: 25 }] });
  const board = await reviewBoard(db, contestId, new Date());
  expect(Object.fromEntries(board!.entries.map((e) => [e.user_id, e.unfilmed]))).toEqual({ [minor]: true, [adult]: false });
});

async function enrolledUserOfAge(years: number) {
  const contest = await runningContest();
  return (await enrolled(contest.id, { birthDate: bornYearsAgo(years) })).userId;
}
