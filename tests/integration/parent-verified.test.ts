// Issue 67, point 2: a parent is verified by a route the DPDP Rules name before consenting. The whole OAuth dance
// runs against the built-in DigiLocker stand-in through the app's own routes (the consent page, the stand-in's
// page, the callback), the stand-in checking PKCE; we keep "18 or older", the hashed subject, the issuer and the
// time. Each refusal (a forged, replayed or other browser's callback, a cancelled sign-in, a minor, a consent no
// longer open, a sign-in past its 10 minutes) is said and writes nothing. The second route: a StudyArena account
// DigiLocker verified once consents from it. Both databases.
import { desc, eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, rowsOf } from "~/db/client.server";
import { consent_verifications, email_outbox, parental_consents, users } from "~/db/schema";
import { createSession } from "~/models/accounts/auth.server";
import { codeChallengeOf, DigiLockerRefusal, digiLocker, finishSignIn, standInCode, STAND_IN_ISSUER } from "~/models/accounts/parents/digilocker.server";
import { askParent } from "~/models/accounts/parents/parental-consent.server";
import { eraseAccountNow } from "~/models/accounts/personal-data.server";
import * as consentPage from "~/routes/consent.$token";
import * as standInPage from "~/routes/digilocker.stand-in";
import { createUser } from "~/seed/factories.server";
import { signInCookie } from "~/utils/cookies.server";
import { callBack, signInThroughStandIn } from "../support/parent-verified";
import { call, formRequest, getRequest } from "../support/remix";
import { english } from "../support/words";

const DAY = 24 * 60 * 60 * 1000;
let n = 0;

/** A child of 15 whose parent has been mailed a consent link: the link's token. */
async function childAsking() {
  const i = ++n;
  const birth = `${new Date().getUTCFullYear() - 15}-01-15`;
  const userId = await createUser(db, { email: `verified-child${i}@example.in`, passwordHash: "x", fullName: `Asha ${i}` });
  await db.update(users).set({ birth_date: birth }).where(eq(users.id, userId));
  const parentEmail = `verified-parent${i}@example.in`;
  await db.transaction((tx) => askParent(tx, { userId, childName: `Asha ${i}`, childEmail: `verified-child${i}@example.in`, parentEmail, locale: "en", now: new Date() }));
  const [mail] = await db.select().from(email_outbox).where(eq(email_outbox.to_address, parentEmail)).orderBy(desc(email_outbox.created_at)).limit(1);
  return { userId, token: /\/consent\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]! };
}

const consentOf = async (userId: string) => (await db.select().from(parental_consents).where(eq(parental_consents.user_id, userId)))[0]!;
const answer = (token: string, fields: Record<string, string>, cookie?: string) => call(consentPage.action, formRequest(`/consent/${token}`, fields, cookie), { params: { token } });
const view = (token: string, cookie?: string) => call(consentPage.loader, getRequest(`/consent/${token}`, cookie), { params: { token } });
const said = (outcome: { data: { said: string } }) => english({ id: outcome.data.said as never });
const unverified = { verified_by: null, verified_subject_hash: null, verified_issuer: null, verified_at: null, consented_at: null };

test("the parent signs in through the stand-in (PKCE checked), is recorded as an adult with only a hashed subject, the issuer and the time, then consents", async () => {
  expect(digiLocker()?.kind).toBe("stand-in");
  const { userId, token } = await childAsking();
  expect((await view(token)).data.verification).toMatchObject({ verifiedBy: null, available: true, signedIn: null });

  // Consenting first is refused, and nothing is written.
  const early = await answer(token, { intent: "consent", declare: "on" });
  expect(early.status).toBe(409);
  expect(early.data.error[""]).toEqual([english({ id: "consent.notVerified" })]);
  expect(await consentOf(userId)).toMatchObject(unverified);

  const before = Date.now();
  const run = await signInThroughStandIn(token);
  // OAuth's authorisation request: our client, our callback, a state and an S256 challenge.
  expect(run.authorize!.pathname).toBe("/digilocker/stand-in");
  expect(Object.fromEntries(run.authorize!.searchParams)).toMatchObject({ response_type: "code", redirect_uri: "http://localhost:3000/consent/digilocker", code_challenge_method: "S256" });
  expect(run.page!.status).toBe(200);
  expect(run.callback!.searchParams.get("state")).toBe(run.authorize!.searchParams.get("state"));
  expect(run.done!.location).toBe(`/consent/${token}`);
  const c = await consentOf(userId);
  expect(c).toMatchObject({ verified_by: "digilocker", verified_issuer: STAND_IN_ISSUER, consented_at: null });
  expect(c.verified_subject_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(c.verified_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  // The state is used up; no date of birth or name is anywhere in the row.
  expect(await db.select().from(consent_verifications).where(eq(consent_verifications.consent_id, c.id))).toEqual([]);
  expect(JSON.stringify(c)).not.toMatch(/1990|Asha/);
  expect((await view(token)).data.verification).toMatchObject({ verifiedBy: "digilocker" });

  expect((await answer(token, { intent: "consent", declare: "on" })).location).toBe(`/consent/${token}`);
  expect((await consentOf(userId)).consented_at).not.toBeNull();
  expect((await view(token)).data.view).toMatchObject({ status: "consented", verifiedBy: "digilocker" });
});

test("a replayed callback, a forged state, another browser's, a code made for another challenge: each said, nothing written", async () => {
  const { userId, token } = await childAsking();
  const first = await signInThroughStandIn(token, { who: "adult" });
  const verifiedAt = (await consentOf(userId)).verified_at;
  // Replayed: the state was used once.
  const replay = await callBack(first.callback!, first.browser);
  expect([replay.status, said(replay)]).toEqual([400, english({ id: "consent.callback.forged" })]);
  expect((await consentOf(userId)).verified_at).toEqual(verifiedAt);

  const other = await childAsking();
  // A state of ours that was never issued.
  const forged = new URL(first.callback!);
  forged.searchParams.set("state", "B".repeat(43));
  expect(said(await callBack(forged, first.browser))).toBe(english({ id: "consent.callback.forged" }));
  // Another browser: the state is real, the cookie is not the one that started it (or there is none).
  const started = await call(consentPage.action, formRequest(`/consent/${other.token}`, { intent: "digilocker" }), { params: { token: other.token } });
  const request = Object.fromEntries(new URL(started.location!, "http://localhost:3000").searchParams);
  const back = await call(standInPage.action, formRequest("/digilocker/stand-in", { ...request, who: "adult" }));
  const stolen = await callBack(back.location!, first.browser);
  expect([stolen.status, said(stolen)]).toEqual([400, english({ id: "consent.callback.otherBrowser" })]);
  expect(await consentOf(other.userId)).toMatchObject(unverified);

  // A code the stand-in made for another challenge: PKCE fails at the token exchange.
  const run = await call(consentPage.action, formRequest(`/consent/${other.token}`, { intent: "digilocker" }), { params: { token: other.token } });
  const browser = run.headers.getSetCookie()[0]!.split(";")[0]!;
  const params = new URL(run.location!, "http://localhost:3000").searchParams;
  const code = standInCode({ subject: "someone", dob: "01011980", codeChallenge: codeChallengeOf("C".repeat(43)), redirectUri: params.get("redirect_uri")!, now: new Date() });
  const mismatched = await callBack(`/consent/digilocker?${new URLSearchParams({ state: params.get("state")!, code })}`, browser);
  expect(said(mismatched)).toBe(english({ id: "consent.callback.refused" }));
  // A code the stand-in never signed.
  await expect(digiLocker()!.exchange({ code: `${code.split(".")[0]}.forged`, codeVerifier: "C".repeat(43), redirectUri: params.get("redirect_uri")!, now: new Date() })).rejects.toBeInstanceOf(DigiLockerRefusal);
  expect(await consentOf(other.userId)).toMatchObject(unverified);
});

test("someone under 18, a cancelled sign-in, a consent that expired meanwhile, a sign-in past 10 minutes: each said, nothing written", async () => {
  const { userId, token } = await childAsking();
  const minor = await signInThroughStandIn(token, { who: "minor" });
  expect([minor.done!.status, said(minor.done!)]).toEqual([400, english({ id: "consent.callback.minor" })]);
  expect(minor.done!.data.back).toBe(`/consent/${token}`);
  const cancelled = await signInThroughStandIn(token, { who: "cancel" });
  expect(cancelled.callback!.searchParams.get("error")).toBe("access_denied");
  expect(said(cancelled.done!)).toBe(english({ id: "consent.callback.cancelled" }));
  expect(await consentOf(userId)).toMatchObject(unverified);

  // The parent is at DigiLocker when the 7 days run out.
  const start = await call(consentPage.action, formRequest(`/consent/${token}`, { intent: "digilocker" }), { params: { token } });
  const browser = start.headers.getSetCookie()[0]!.split(";")[0]!;
  const back = await call(standInPage.action, formRequest("/digilocker/stand-in", { ...Object.fromEntries(new URL(start.location!, "http://localhost:3000").searchParams), who: "adult" }));
  await db.update(parental_consents).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(parental_consents.user_id, userId));
  expect(said(await callBack(back.location!, browser))).toBe(english({ id: "consent.callback.closed" }));
  expect(await consentOf(userId)).toMatchObject(unverified);
  // A lapsed link cannot start a sign-in either.
  expect((await answer(token, { intent: "digilocker" })).data.error[""]).toEqual([english({ id: "consent.lapsed" })]);

  // Past the sign-in's 10 minutes (the clock passed in).
  await db.update(parental_consents).set({ expires_at: new Date(Date.now() + DAY) }).where(eq(parental_consents.user_id, userId));
  const late = await call(consentPage.action, formRequest(`/consent/${token}`, { intent: "digilocker" }), { params: { token } });
  const cookie = late.headers.getSetCookie()[0]!.split(";")[0]!;
  const lateBack = new URL((await call(standInPage.action, formRequest("/digilocker/stand-in", { ...Object.fromEntries(new URL(late.location!, "http://localhost:3000").searchParams), who: "adult" }))).location!);
  const { k } = (await signInCookie().parse(cookie)) as { k: string };
  const now = new Date(Date.now() + 11 * 60_000);
  expect(await finishSignIn(db, { state: lateBack.searchParams.get("state")!, code: lateBack.searchParams.get("code"), error: null, browserKey: k, now })).toEqual({ ok: false, reason: "expired" });
  expect(await consentOf(userId)).toMatchObject(unverified);
});

test("a parent signed in here while verifying gets a verified account, and consents for a second child from it; an unverified account cannot", async () => {
  const parentId = await createUser(db, { email: `verified-adult${++n}@example.in`, passwordHash: "x", fullName: "Meena" });
  const session = (await createSession(db, parentId)).split(";")[0]!;
  const first = await childAsking();
  expect((await view(first.token, session)).data.verification.signedIn).toMatchObject({ verifiedAt: null });
  await signInThroughStandIn(first.token, { cookie: session });
  const [parent] = await db.select().from(users).where(eq(users.id, parentId));
  expect(parent!.adult_verified_at).not.toBeNull();
  expect(parent!.adult_subject_hash).toBe((await consentOf(first.userId)).verified_subject_hash);

  const second = await childAsking();
  expect((await view(second.token, session)).data.verification.signedIn.verifiedAt).not.toBeNull();
  expect((await answer(second.token, { intent: "account" }, session)).location).toBe(`/consent/${second.token}`);
  expect(await consentOf(second.userId)).toMatchObject({ verified_by: "account", verified_issuer: "studyarena", verified_subject_hash: parent!.adult_subject_hash });
  expect((await answer(second.token, { intent: "consent", declare: "on" })).location).toBe(`/consent/${second.token}`);
  expect((await consentOf(second.userId)).consented_at).not.toBeNull();

  // Not signed in: to the login, coming back here. Signed in to an account DigiLocker never verified: refused.
  const third = await childAsking();
  expect((await answer(third.token, { intent: "account" })).location).toBe(`/login?redirectTo=${encodeURIComponent(`/consent/${third.token}`)}`);
  const strangerId = await createUser(db, { email: `unverified-adult${++n}@example.in`, passwordHash: "x" });
  const stranger = (await createSession(db, strangerId)).split(";")[0]!;
  const refused = await answer(third.token, { intent: "account" }, stranger);
  expect([refused.status, refused.data.error[""]]).toEqual([409, [english({ id: "consent.notVerifiedAccount" })]]);
  expect(await consentOf(third.userId)).toMatchObject(unverified);

  // The parent's erasure takes the mark with it; the child's blanks the parent's subject on the consent, keeping the route.
  expect((await eraseAccountNow(db, parentId, new Date())).ok).toBe(true);
  expect((await db.select().from(users).where(eq(users.id, parentId)))[0]).toMatchObject({ adult_verified_at: null, adult_subject_hash: null });
  expect((await eraseAccountNow(db, second.userId, new Date())).ok).toBe(true);
  expect(await consentOf(second.userId)).toMatchObject({ verified_by: "account", verified_subject_hash: null });
});

test("hostile requests to the stand-in and the callback get a 4xx and write nothing", async () => {
  const { userId, token } = await childAsking();
  expect((await call(standInPage.loader, getRequest("/digilocker/stand-in"))).status).toBe(400);
  expect((await call(standInPage.loader, getRequest(`/digilocker/stand-in?redirect_uri=https://evil.example/&state=${"A".repeat(43)}`))).status).toBe(400);
  expect((await call(standInPage.action, formRequest("/digilocker/stand-in", { who: "adult", "x[99999999]": "1" }))).status).toBe(400);
  expect((await call(standInPage.action, formRequest("/digilocker/stand-in", { who: "adult\u0000" }))).status).toBe(400);
  expect((await callBack(`/consent/digilocker?state=${"A".repeat(43)}&code=${"x".repeat(5000)}`)).status).toBe(400);
  expect((await callBack("/consent/digilocker")).status).toBe(400);
  expect((await answer(token, { intent: "digilocker", "x[99999999]": "1" })).status).toBeLessThan(500);
  const rows = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM consent_verifications c JOIN parental_consents p ON p.id = c.consent_id WHERE p.user_id = ${userId}`));
  expect(rows[0]!.n).toBeLessThanOrEqual(1);
  expect(await consentOf(userId)).toMatchObject(unverified);
});
