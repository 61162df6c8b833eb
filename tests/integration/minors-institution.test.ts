// Issue 67, point 1: an operator that is an educational institution (the DPDP Act's Fourth
// Schedule) turns the camera back on for minors with MINORS_PROCTORING=institution: then, as
// before, the parent decides on pictures (issue 47, point 3), never the student's own tick.
// (The environment is read once per test file: this file sets it before the first read.)
import { desc, eq } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { email_outbox, parental_consents } from "~/db/schema";
import { askParent, consentTextVersion } from "~/models/accounts/parents/parental-consent.server";
import * as consentPage from "~/routes/consent.$token";
import { call, formRequest, getRequest } from "../support/remix";
import { bornYearsAgo, cameraCheck, chooseSnapshots, enrolled, eventsOf, flag, jpeg, paper, runningContest, sendEvent } from "../support/proctoring";
import { verifyParent } from "../support/parent-verified";

const before = process.env.MINORS_PROCTORING;
process.env.MINORS_PROCTORING = "institution";
afterAll(() => {
  if (before === undefined) delete process.env.MINORS_PROCTORING;
  else process.env.MINORS_PROCTORING = before;
});

test("under 18 the camera watches again, and the parent decides on pictures: their tick on the consent page, not the student's", async () => {
  const contest = await runningContest();
  const snapshot = (await jpeg()).toString("base64");
  const minor = await enrolled(contest.id, { birthDate: bornYearsAgo(15), parentAgreed: { snapshots: false } });
  expect((await cameraCheck(contest.id, minor.cookie)).data).toMatchObject({ filmed: true, snapshots: { parentDecides: true, agreed: false } });
  expect((await chooseSnapshots(contest.id, minor.cookie, true)).status).toBe(403);
  expect(await paper(contest.id, minor.cookie)).toMatchObject({ camera: true, snapshots: false });
  expect((await flag(contest.id, minor.cookie, { kind: "no_face", durationMs: 6000, snapshot })).status).toBe(403);
  expect(await eventsOf(minor.entryId)).toEqual([]);

  await db.update(parental_consents).set({ evidence_agreed: true }).where(eq(parental_consents.user_id, minor.userId));
  expect((await paper(contest.id, minor.cookie)).snapshots).toBe(true);
  expect((await flag(contest.id, minor.cookie, { kind: "looking_away", durationMs: 6000, snapshot })).status).toBe(200);
  expect((await sendEvent(contest.id, minor.cookie, { intent: "event", kind: "camera_lost" })).status).toBe(200);
  expect((await eventsOf(minor.entryId)).map((e) => e.kind).sort()).toEqual(["camera_lost", "looking_away"]);
  expect(consentTextVersion()).toBe("2026-11-27.2");
});

test("the consent page asks the parent about pictures again, and their tick is kept", async () => {
  const contest = await runningContest();
  const minor = await enrolled(contest.id, { birthDate: bornYearsAgo(14) });
  await db.transaction((tx) => askParent(tx, { userId: minor.userId, childName: "Meera", childEmail: minor.email, parentEmail: "institution-parent@example.in", locale: "en", now: new Date() }));
  const [mail] = await db.select().from(email_outbox).where(eq(email_outbox.to_address, "institution-parent@example.in")).orderBy(desc(email_outbox.created_at)).limit(1);
  const token = /\/consent\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  expect((await call(consentPage.loader, getRequest(`/consent/${token}`), { params: { token } })).data).toMatchObject({ filmed: true });
  await verifyParent(token);
  expect((await call(consentPage.action, formRequest(`/consent/${token}`, { intent: "consent", declare: "on", snapshots: "on" }), { params: { token } })).status).toBe(302);
  const [consent] = await db.select().from(parental_consents).where(eq(parental_consents.user_id, minor.userId));
  expect(consent).toMatchObject({ evidence_agreed: true, text_version: "2026-11-27.2" });
  expect((await call(consentPage.loader, getRequest(`/consent/${token}`), { params: { token } })).data).toMatchObject({ view: { status: "consented", snapshots: true } });
});
