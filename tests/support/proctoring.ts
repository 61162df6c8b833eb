// A proctored test from the student's side, for the evidence and minors' tests: a running
// contest with a face check, an entry (of a minor with a parent's consent, if asked), and
// the test API's and the camera check's doors as the page calls them.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { db } from "~/db/client.server";
import { parental_consents, proctoring_events, users } from "~/db/schema";
import { consentTextVersion } from "~/models/accounts/parents/parental-consent.server";
import * as evidenceApi from "~/routes/api.contest.$id.evidence";
import * as testApi from "~/routes/api.contest.$id.test";
import * as entryPage from "~/routes/contest.$id.entry";
import { createContest, createEntry } from "~/seed/factories.server";
import { call, formRequest, getRequest } from "./remix";
import { ANSWER_BANK, signedInStudent } from "./scenarios";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let n = 0;

export const jpeg = (width = 240, height = 180, format: "jpeg" | "png" = "jpeg") => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 90, g: 120, b: 150 } } });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
};

export async function runningContest() {
  const start = new Date(Date.now() - 5 * MINUTE);
  return createContest(db, { title: `Evidence Cup ${++n}`, subject: "General", start_time: start, end_time: new Date(start.getTime() + 60 * MINUTE), questions: ANSWER_BANK, duration_minutes: 30 });
}

/** A signed-in student with an entry; `birthDate` makes them who they are, `parentAgreed` a minor's consent given (pictures or not). */
export async function enrolled(contestId: string, input: { birthDate?: string; parentAgreed?: { snapshots: boolean } } = {}) {
  const me = await signedInStudent();
  if (input.birthDate) await db.update(users).set({ birth_date: input.birthDate }).where(eq(users.id, me.userId));
  if (input.parentAgreed) {
    const now = new Date();
    await db.insert(parental_consents).values({ user_id: me.userId, parent_email: `parent${++n}@example.in`, token_hash: `proctoring-${n}-${me.userId}`, text_version: consentTextVersion(), asked_at: now, expires_at: new Date(now.getTime() + DAY), consented_at: now, evidence_agreed: input.parentAgreed.snapshots });
  }
  const entryId = await createEntry(db, { userId: me.userId, contestId });
  return { ...me, entryId };
}

export const flag = (contestId: string, cookie: string, body: unknown) =>
  call(evidenceApi.action, new Request(`http://localhost:3000/api/contest/${contestId}/evidence`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", Cookie: cookie } }), {
    params: { id: contestId },
  });
export const sendEvent = (contestId: string, cookie: string, body: unknown) =>
  call(testApi.action, new Request(`http://localhost:3000/api/contest/${contestId}/test`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", Cookie: cookie } }), {
    params: { id: contestId },
  });
export const paper = async (contestId: string, cookie: string) =>
  JSON.parse((await call(testApi.loader, getRequest(`/api/contest/${contestId}/test`, cookie), { params: { id: contestId } })).data as string) as { snapshots: boolean; warned: number; camera: boolean; contest: { faceDetection: boolean } };
export const chooseSnapshots = (contestId: string, cookie: string, agree: boolean) =>
  call(entryPage.action, formRequest(`/contest/${contestId}/entry`, { intent: "snapshots", ...(agree ? { snapshots: "on" } : {}) }, cookie), { params: { id: contestId } });
export const cameraCheck = (contestId: string, cookie: string) => call(entryPage.loader, getRequest(`/contest/${contestId}/entry`, cookie), { params: { id: contestId } });
export const eventsOf = (entryId: string) => db.select().from(proctoring_events).where(eq(proctoring_events.entry_id, entryId));
export const bornYearsAgo = (years: number) => `${new Date().getUTCFullYear() - years}-01-01`;
