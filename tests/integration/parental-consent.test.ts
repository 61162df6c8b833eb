// Issue 46, point 4: minors join with a parent's consent. Sign-up under 18 keeps only what
// asking needs and makes no session; the parent's link consents (recorded with its time
// and text version), refuses (the account goes) or withdraws (sessions end, the account is
// erased, or once its open money allows). Until consent the student is a guest everywhere:
// no page, payment or prize. A forged, lapsed or reused link writes nothing. Both databases.
import { desc, eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, rowsOf } from "~/db/client.server";
import { email_outbox, parental_consents, payouts, profiles, sessions, users } from "~/db/schema";
import { attemptLogin } from "~/models/accounts/account.server";
import { createSession } from "~/models/accounts/auth.server";
import { purgeExpired } from "~/models/accounts/housekeeping.server";
import { consentTextVersion, mayActSql, snapshotConsentSql } from "~/models/accounts/parents/parental-consent.server";
import { exportPersonalData } from "~/models/accounts/personal-data.server";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import { payoutGateway } from "~/models/payments/payout-gateway.server";
import { sendDuePayouts } from "~/models/payments/payout-sender.server";
import * as confirmPage from "~/routes/confirm.$token";
import * as consentPage from "~/routes/consent.$token";
import * as contestPage from "~/routes/contest.$id._index";
import * as payPage from "~/routes/contest.$id.pay";
import * as signupPage from "~/routes/signup";
import { createContest, createUser } from "~/seed/factories.server";
import { call, cookieFrom, formRequest, getRequest } from "../support/remix";
import { contestWithResults } from "../support/scenarios";
import { verifyParent } from "../support/parent-verified";
import { english } from "../support/words";

const PASSWORD = "Minor@Pass-2026";
const DAY = 24 * 60 * 60 * 1000;
let n = 0;

/** A date of birth `years` ago today (minus a day, so the birthday has passed). */
const bornYearsAgo = (years: number) => {
  const d = new Date(Date.now() - DAY);
  return `${d.getUTCFullYear() - years}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-${String(d.getUTCDate()).padStart(2, "0")}`;
};

const lastMailTo = async (address: string) =>
  (await db.select().from(email_outbox).where(eq(email_outbox.to_address, address)).orderBy(desc(email_outbox.created_at)).limit(1))[0];
const linkIn = (text: string) => /\/consent\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

const proofIn = (text: string) => /\/confirm\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
const confirm = (token: string) => call(confirmPage.action, formRequest(`/confirm/${token}`, { intent: "confirm" }), { params: { token } });

/** A minor signs up and (issue 65, point 2) opens the link mailed to their own address, which asks the parent. */
async function minorSignsUp(more: Record<string, string> = {}) {
  const i = ++n;
  const fields = { fullName: `Riya Sharma ${i}`, email: `riya${i}@example.in`, password: PASSWORD, birthDate: bornYearsAgo(16), parentEmail: `parent${i}@example.in`, ...more };
  const signedUp = await call(signupPage.action, formRequest("/signup", fields));
  const proof = proofIn((await lastMailTo(fields.email))!.text)!;
  const res = await confirm(proof);
  const [user] = await db.select().from(users).where(eq(users.email, fields.email));
  const mail = await lastMailTo(fields.parentEmail);
  return { signedUp, res, user, fields, token: mail ? linkIn(mail.text) : undefined };
}

/** A parent's answer; one who consents has first shown through the DigiLocker stand-in that they are an adult (issue 67, point 2). */
const answer = async (token: string, fields: Record<string, string>) => {
  if (fields.intent === "consent" && fields.declare === "on") await verifyParent(token);
  return call(consentPage.action, formRequest(`/consent/${token}`, fields), { params: { token } });
};
const view = (token: string) => call(consentPage.loader, getRequest(`/consent/${token}`), { params: { token } });

test("under 18: the parent's e-mail is asked in the form, the input kept, nothing written", async () => {
  const email = `noparent${++n}@example.in`;
  const res = await call(signupPage.action, formRequest("/signup", { fullName: "Aarav", email, password: PASSWORD, birthDate: bornYearsAgo(15) }));
  expect(res.status).toBe(400);
  expect(res.data.error.parentEmail).toEqual([english({ id: "auth.error.parentEmailRequired" })]);
  expect(res.data.initialValue).toMatchObject({ fullName: "Aarav", email, birthDate: bornYearsAgo(15) });
  expect(res.data.initialValue.password).toBeUndefined();
  expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);

  for (const [birthDate, id] of [["2999-01-01", "auth.error.birthDateFuture"], [`${new Date().getUTCFullYear() - 150}-01-01`, "auth.error.birthDateTooOld"]] as const) {
    const bad = await call(signupPage.action, formRequest("/signup", { fullName: "Aarav", email, password: PASSWORD, birthDate, parentEmail: "p@example.in" }));
    expect(bad.status).toBe(400);
    expect(bad.data.error.birthDate).toEqual([english({ id })]);
  }
  expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
});

test("under 18: the account keeps only what asking needs, no session is made, the parent is mailed a link and the student told", async () => {
  const { signedUp, res, user, fields, token } = await minorSignsUp();
  expect(signedUp.location).toMatch(/^\/signup\?proving=r%E2%80%A2%E2%80%A2%E2%80%A2%40example\.in$/);
  expect(res.status).toBe(302);
  expect(res.location).toMatch(/^\/signup\?waiting=p%E2%80%A2%E2%80%A2%E2%80%A2%40example\.in$/);
  expect(cookieFrom(res.headers)).toBeUndefined();
  expect(await db.select().from(sessions).where(eq(sessions.user_id, user!.id))).toEqual([]);
  expect(user!.birth_date).toBe(fields.birthDate);
  const [consent] = await db.select().from(parental_consents).where(eq(parental_consents.user_id, user!.id));
  expect(consent).toMatchObject({ parent_email: fields.parentEmail, text_version: consentTextVersion(), consented_at: null, withdrawn_at: null });
  expect(consent!.expires_at.getTime() - consent!.asked_at.getTime()).toBe(7 * DAY);
  expect(token).toBeDefined();
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, user!.id));
  expect(profile).toMatchObject({ full_name: fields.fullName, phone: null, address: null, city: null });

  const waiting = await call(signupPage.loader, getRequest(res.location!));
  expect(waiting.data).toMatchObject({ screen: "waiting", parent: "p•••@example.in" });

  // Logging in is refused with the reason, and the parent is mailed again with a new link.
  const login = await attemptLogin(db, { email: fields.email, password: PASSWORD, ip: "198.51.100.9", device: null, now: new Date() });
  expect(login).toEqual({ ok: false, reason: "awaiting-parent", parentEmail: "p•••@example.in" });
  const reminder = linkIn((await lastMailTo(fields.parentEmail))!.text);
  expect(reminder).toBeDefined();
  expect(reminder).not.toBe(token);
  expect((await view(token!)).status).toBe(404);
  expect((await view(reminder!)).data.view).toMatchObject({ status: "asked", childName: fields.fullName, childEmail: fields.email, birthDate: fields.birthDate });
});

// A parent's pictures' box (MINORS_PROCTORING=institution only): tests/integration/minors-institution.test.ts.

test("consent needs the declaration; then it is recorded with its time and version, the student may log in, and consenting again writes nothing", async () => {
  const { user, fields, token } = await minorSignsUp();
  const undeclared = await answer(token!, { intent: "consent" });
  expect(undeclared.status).toBe(400);
  expect(undeclared.data.error.declare).toEqual([english({ id: "consent.declareRequired" })]);
  expect((await db.select().from(parental_consents).where(eq(parental_consents.user_id, user!.id)))[0]!.consented_at).toBeNull();

  const before = Date.now();
  const yes = await answer(token!, { intent: "consent", declare: "on" });
  expect(yes.location).toBe(`/consent/${token}`);
  const [consent] = await db.select().from(parental_consents).where(eq(parental_consents.user_id, user!.id));
  expect(consent!.consented_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  expect(consent!.text_version).toBe(consentTextVersion());
  // Pictures with proctoring flags are a choice of their own, off unless ticked (issue 47, point 3).
  expect(consent!.evidence_agreed).toBe(false);
  expect((await lastMailTo(fields.email))!.subject).toBe("Your parent has consented");
  expect((await view(token!)).data.view).toMatchObject({ status: "consented", childName: fields.fullName, textVersion: consentTextVersion(), snapshots: false });

  const login = await attemptLogin(db, { email: fields.email, password: PASSWORD, ip: "198.51.100.10", device: null, now: new Date() });
  expect(login.ok).toBe(true);

  const again = await answer(token!, { intent: "consent", declare: "on" });
  expect(again.status).toBe(409);
  expect(again.data.error[""]).toEqual([english({ id: "consent.alreadyConsented" })]);
  expect((await db.select().from(parental_consents).where(eq(parental_consents.user_id, user!.id)))[0]!.consented_at).toEqual(consent!.consented_at);

  // The student's download holds the consent, without the link's hash.
  const data = (await exportPersonalData(db, user!.id, new Date())) as { consents?: unknown };
  expect(data.consents).toEqual([expect.objectContaining({ parent_email: fields.parentEmail, text_version: consentTextVersion() })]);
  expect(JSON.stringify(data.consents)).not.toContain("token_hash");
});

test("a refusal erases the account whole; the link then says it is not valid and writes nothing", async () => {
  const { user, fields, token } = await minorSignsUp();
  const no = await answer(token!, { intent: "refuse" });
  expect(no.status).toBe(200);
  expect(no.data).toEqual({ refused: true });
  expect(await db.select().from(users).where(eq(users.id, user!.id))).toEqual([]);
  expect(await db.select().from(parental_consents).where(eq(parental_consents.user_id, user!.id))).toEqual([]);
  expect((await lastMailTo(fields.email))!.subject).toBe("Your parent did not consent");

  const reused = await answer(token!, { intent: "consent", declare: "on" });
  expect(reused.status).toBe(404);
  expect((await view(token!)).status).toBe(404);
  // The address is free to sign up again.
  expect((await minorSignsUp({ email: fields.email })).res.status).toBe(302);
});

test("withdrawal ends the sessions and erases the account; with a payout still open, the account stays closed and housekeeping erases it once paid", async () => {
  const { user, fields, token } = await minorSignsUp();
  await answer(token!, { intent: "consent", declare: "on" });
  await createSession(db, user!.id);
  const unconfirmed = await answer(token!, { intent: "withdraw" });
  expect(unconfirmed.status).toBe(400);
  expect(unconfirmed.data.error.understand).toEqual([english({ id: "consent.withdrawConfirmRequired" })]);
  expect(await db.select().from(sessions).where(eq(sessions.user_id, user!.id))).toHaveLength(1);

  expect((await answer(token!, { intent: "withdraw", understand: "on" })).location).toBe(`/consent/${token}`);
  expect(await db.select().from(sessions).where(eq(sessions.user_id, user!.id))).toEqual([]);
  const [erased] = await db.select().from(users).where(eq(users.id, user!.id));
  expect(erased!.erased_at).not.toBeNull();
  expect(erased!.birth_date).toBeNull();
  const [kept] = await db.select().from(parental_consents).where(eq(parental_consents.user_id, user!.id));
  expect(kept!.parent_email).not.toContain(fields.parentEmail);
  expect(kept!.withdrawn_at).not.toBeNull();
  expect((await view(token!)).data.view).toMatchObject({ status: "withdrawn", erased: true });
  const again = await answer(token!, { intent: "withdraw", understand: "on" });
  expect(again.status).toBe(409);
  expect(again.data.error[""]).toEqual([english({ id: "consent.alreadyWithdrawn" })]);

  // A second minor who won a prize: withdrawal closes the account but the payout holds erasure.
  const second = await minorSignsUp();
  await answer(second.token!, { intent: "consent", declare: "on" });
  const made = await contestWithResults({
    start: new Date(Date.now() - 3 * 3_600_000),
    end: new Date(Date.now() - 2 * 3_600_000),
    prizePool: { first: 300 },
    students: [{ userId: second.user!.id, correct: 4, minutes: 10 }, { correct: 1, minutes: 10 }],
  });
  expect(await finalizeContest(db, made.contestId, new Date())).toBe("finalized");
  await answer(second.token!, { intent: "withdraw", understand: "on" });
  expect((await db.select().from(users).where(eq(users.id, second.user!.id)))[0]!.erased_at).toBeNull();
  expect((await view(second.token!)).data.view).toMatchObject({ status: "withdrawn", erased: false });
  const login = await attemptLogin(db, { email: second.fields.email, password: PASSWORD, ip: "198.51.100.11", device: null, now: new Date() });
  expect(login).toMatchObject({ ok: false, reason: "awaiting-parent" });
  await purgeExpired(db, new Date());
  expect((await db.select().from(users).where(eq(users.id, second.user!.id)))[0]!.erased_at).toBeNull();
  await db.update(payouts).set({ status: "paid", paid_at: new Date(), bank_reference: "UTR-CONSENT-1" }).where(eq(payouts.user_id, second.user!.id));
  expect(await purgeExpired(db, new Date())).toMatchObject({ withdrawnErased: 1 });
  expect((await db.select().from(users).where(eq(users.id, second.user!.id)))[0]!.erased_at).not.toBeNull();
});

test("a forged or malformed link is 404 and writes nothing; a lapsed one is 410, refuses an answer, and housekeeping erases its account", async () => {
  const forged = "A".repeat(43);
  expect((await view(forged)).status).toBe(404);
  expect((await answer(forged, { intent: "consent", declare: "on" })).status).toBe(404);
  expect((await view("not-a-token")).status).toBe(404);
  expect((await answer("x".repeat(5000), { intent: "refuse" })).status).toBe(404);
  expect((await answer(forged, { intent: "delete-everything" })).status).toBe(400);

  const { user, token } = await minorSignsUp();
  await db.update(parental_consents).set({ asked_at: new Date(Date.now() - 8 * DAY), expires_at: new Date(Date.now() - DAY) }).where(eq(parental_consents.user_id, user!.id));
  expect((await view(token!)).status).toBe(410);
  const late = await answer(token!, { intent: "consent", declare: "on" });
  expect(late.status).toBe(409);
  expect((await db.select().from(parental_consents).where(eq(parental_consents.user_id, user!.id)))[0]!.consented_at).toBeNull();
  const swept = await purgeExpired(db, new Date());
  expect(swept.lapsedAccounts).toBeGreaterThanOrEqual(1);
  expect(await db.select().from(users).where(eq(users.id, user!.id))).toEqual([]);
});

test("until a parent consents, a session of a minor is a guest's: no pay page, and a prize waits; consent lets both through", async () => {
  // A minor with a session from before the consent was asked (e.g. PARENTAL_CONSENT turned on later).
  const userId = await createUser(db, { email: `early${++n}@example.in`, passwordHash: "x", fullName: "Early Minor" });
  await db.update(users).set({ birth_date: bornYearsAgo(17) }).where(eq(users.id, userId));
  const cookie = cookieFrom(new Headers({ "Set-Cookie": await createSession(db, userId) }))!;
  const { id: contestId } = await createContest(db, { title: "Consent Pay Contest", subject: "Physics", start_time: new Date(Date.now() + DAY), end_time: new Date(Date.now() + 2 * DAY) });
  const pay = await call(payPage.loader, getRequest(`/contest/${contestId}/pay`, cookie), { params: { id: contestId } });
  expect(pay.location).toMatch(/^\/login\?redirectTo=/);

  const made = await contestWithResults({
    start: new Date(Date.now() - 3 * 3_600_000),
    end: new Date(Date.now() - 2 * 3_600_000),
    prizePool: { first: 500 },
    students: [{ userId, correct: 4, minutes: 10 }, { correct: 1, minutes: 10 }],
  });
  expect(await finalizeContest(db, made.contestId, new Date())).toBe("finalized");
  await db.execute(sql`INSERT INTO payout_details (user_id, method, upi_id) VALUES (${userId}, 'upi', 'early@okaxis')`);
  await db.update(payouts).set({ status: "queued" }).where(eq(payouts.user_id, userId));
  const sent = await sendDuePayouts(db, payoutGateway()!, new Date(Date.now() + 2 * DAY), 500);
  expect(sent.map((s) => s.id)).not.toContain((await db.select().from(payouts).where(eq(payouts.user_id, userId)))[0]!.id);

  await db.insert(parental_consents).values({ user_id: userId, parent_email: "mum@example.in", token_hash: `h${n}`, text_version: consentTextVersion(), asked_at: new Date(), expires_at: new Date(Date.now() + DAY), consented_at: new Date() });
  expect((await call(payPage.loader, getRequest(`/contest/${contestId}/pay`, cookie), { params: { id: contestId } })).location).toBeNull();
  const after = await sendDuePayouts(db, payoutGateway()!, new Date(Date.now() + 2 * DAY), 500);
  expect(after.map((s) => s.id)).toContain((await db.select().from(payouts).where(eq(payouts.user_id, userId)))[0]!.id);
});

test("the contest page's sign-up asks the date of birth for a new account, and under 18 waits for the parent with no session", async () => {
  const { id: contestId } = await createContest(db, { title: "Inline Join Contest", subject: "Physics", start_time: new Date(Date.now() + DAY), end_time: new Date(Date.now() + 2 * DAY) });
  const join = (fields: Record<string, string>) => call(contestPage.action, formRequest(`/contest/${contestId}`, fields), { params: { id: contestId } });
  const email = `inline${++n}@example.in`;
  const noDate = await join({ fullName: "Inline Student", email, password: PASSWORD });
  expect(noDate.status).toBe(400);
  expect(noDate.data.error[""]).toEqual([english({ id: "contest.join.needBirthDate" })]);
  const noParent = await join({ fullName: "Inline Student", email, password: PASSWORD, birthDate: bornYearsAgo(16) });
  expect(noParent.data.error.parentEmail).toEqual([english({ id: "auth.error.parentEmailRequired" })]);
  expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);

  const minor = await join({ fullName: "Inline Student", email, password: PASSWORD, birthDate: bornYearsAgo(16), parentEmail: `inlineparent${n}@example.in` });
  expect(minor.status).toBe(403);
  // The student's own address first (issue 65, point 2): nothing goes to the parent until its link is opened.
  expect(minor.data.error[""]).toEqual([english({ id: "auth.error.awaitingProof", values: { email: "i•••@example.in" } })]);
  expect(cookieFrom(minor.headers)).toBeUndefined();
  expect(await lastMailTo(`inlineparent${n}@example.in`)).toBeUndefined();
  expect((await confirm(proofIn((await lastMailTo(email))!.text)!)).location).toMatch(/^\/signup\?waiting=/);
  expect(linkIn((await lastMailTo(`inlineparent${n}@example.in`))!.text)).toBeDefined();

  const adult = await join({ fullName: "Inline Adult", email: `adult${n}@example.in`, password: PASSWORD, birthDate: bornYearsAgo(19) });
  expect(adult.location).toBe(`/contest/${contestId}/pay`);
  expect(cookieFrom(adult.headers)).toBeDefined();
});

test("on 29 February the 18-year bound is the 28th, in JavaScript and in SQL: born the 28th is an adult, born 1 March is not", async () => {
  const leapDay = new Date("2028-02-29T06:00:00Z");
  const born = async (date: string) => {
    const id = await createUser(db, { email: `leap${date}.${Date.now()}@example.in`, passwordHash: "x" });
    await db.update(users).set({ birth_date: date }).where(eq(users.id, id));
    return id;
  };
  const adult = await born("2010-02-28");
  const minor = await born("2010-03-01");
  const rules = async (userId: string) =>
    rowsOf<{ may: boolean; snaps: boolean }>(
      await db.execute(sql`
        SELECT ${mayActSql(sql`${userId}::uuid`, leapDay)} AS may,
               ${snapshotConsentSql(sql`${userId}::uuid`, sql`now()`, sql`${leapDay.toISOString()}`)} AS snaps`),
    )[0];
  expect(await rules(adult)).toEqual({ may: true, snaps: true });
  expect(await rules(minor)).toEqual({ may: false, snaps: false });
});
