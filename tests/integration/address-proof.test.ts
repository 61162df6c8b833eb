// Issue 65, point 2: an address belongs to whoever proves it. The squatter's sequence, both
// runs: a stranger signs up someone else's e-mail with a date of birth of 2013 and their own
// address as the "parent". Now nothing reaches the "parent" until the address's owner opens
// the link mailed to it; the owner's own sign-up or password reset starts the account over
// with their own date of birth; the stranger's links are void; and a consent given by the
// stranger (an account made before addresses were proven) can neither close nor erase the
// account once the owner has reset its password. Mails are read from the outbox. Both databases.
import { randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { address_proofs, email_outbox, parental_consents, profiles, sessions, users } from "~/db/schema";
import { attemptLogin, requestPasswordReset } from "~/models/accounts/account.server";
import { createSession } from "~/models/accounts/auth.server";
import { purgeExpired } from "~/models/accounts/housekeeping.server";
import { consentTextVersion } from "~/models/accounts/parents/parental-consent.server";
import { updateProfile } from "~/models/accounts/profile.server";
import * as confirmPage from "~/routes/confirm.$token";
import * as consentPage from "~/routes/consent.$token";
import * as resetPage from "~/routes/reset-password";
import * as signupPage from "~/routes/signup";
import { createUser } from "~/seed/factories.server";
import { sha256Hex } from "~/utils/hash.server";
import { call, cookieFrom, formRequest, getRequest } from "../support/remix";
import { verifyParent } from "../support/parent-verified";
import { english } from "../support/words";

const DAY = 24 * 60 * 60 * 1000;
const STRANGER_PASSWORD = "Squat@Pass-2026";
const OWNER_PASSWORD = "Owner#Pass-2026!";
const STRANGER_NAME = "Free Prizes Click Here";

const unique = () => randomBytes(4).toString("hex");
const bornYearsAgo = (years: number) => {
  const d = new Date(Date.now() - DAY);
  return `${d.getUTCFullYear() - years}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-${String(d.getUTCDate()).padStart(2, "0")}`;
};
const mailsTo = (address: string) => db.select().from(email_outbox).where(eq(email_outbox.to_address, address)).orderBy(desc(email_outbox.created_at));
const lastMailTo = async (address: string) => (await mailsTo(address))[0];
const proofIn = (text: string) => /\/confirm\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
const resetIn = (text: string) => /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
const account = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];

const signUp = (fields: Record<string, string>) => call(signupPage.action, formRequest("/signup", fields));
const viewProof = (token: string) => call(confirmPage.loader, getRequest(`/confirm/${token}`), { params: { token } });
const confirm = (token: string) => call(confirmPage.action, formRequest(`/confirm/${token}`, { intent: "confirm" }), { params: { token } });
const viewConsent = (token: string) => call(consentPage.loader, getRequest(`/consent/${token}`), { params: { token } });
const answer = (token: string, fields: Record<string, string>) => call(consentPage.action, formRequest(`/consent/${token}`, fields), { params: { token } });
const login = (email: string, password: string) => attemptLogin(db, { email, password, ip: `198.51.100.${Math.floor(Math.random() * 200)}`, device: null, now: new Date() });

/** The stranger signs up the owner's address as a child born in 2013, with their own address as the parent's. */
async function strangerSignsUp() {
  const owner = `owner-${unique()}@example.in`;
  const stranger = `stranger-${unique()}@example.in`;
  const res = await signUp({ fullName: STRANGER_NAME, email: owner, password: STRANGER_PASSWORD, birthDate: "2013-06-15", parentEmail: stranger });
  return { owner, stranger, res };
}

async function ownerResets(email: string, fields: Record<string, string>) {
  expect(await requestPasswordReset(db, { email, ip: "203.0.113.65", now: new Date() })).toBe("sent");
  const token = resetIn((await lastMailTo(email))!.text)!;
  const form = await call(resetPage.loader, getRequest(`/reset-password?token=${token}`));
  const res = await call(resetPage.action, formRequest("/reset-password", { token, password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD, ...fields }));
  return { form, res, token };
}

test("run 1: a minor's sign-up mails only the child's own address; the stranger's logins mail nobody else; the owner's sign-up starts the account over", async () => {
  const { owner, stranger, res } = await strangerSignsUp();
  expect(res.location).toBe(`/signup?${new URLSearchParams({ proving: `o•••@example.in` })}`);
  expect(cookieFrom(res.headers)).toBeUndefined();
  // The "check your e-mail" step, and nothing asked of the "parent".
  expect((await call(signupPage.loader, getRequest(res.location!))).data).toMatchObject({ screen: "proving", parent: "o•••@example.in" });
  expect(await mailsTo(stranger)).toEqual([]);
  expect(await db.select().from(parental_consents).where(eq(parental_consents.user_id, (await account(owner))!.id))).toEqual([]);
  const proofMail = (await lastMailTo(owner))!;
  // No word the signer chose in the subject; in the body, quoted.
  expect(proofMail.subject).toBe(english({ id: "mail.proof.subject" }));
  expect(proofMail.text).toContain(`“${STRANGER_NAME}”`);
  expect(proofMail.text).toContain(stranger);
  const strangersLink = proofIn(proofMail.text)!;

  // The stranger logs in again and again: told to confirm the address, which only the owner can; no session, no parent mail.
  for (let i = 0; i < 3; i++) expect(await login(owner, STRANGER_PASSWORD)).toEqual({ ok: false, reason: "awaiting-proof", email: "o•••@example.in" });
  expect(await mailsTo(stranger)).toEqual([]);
  expect(await db.select().from(sessions).where(eq(sessions.user_id, (await account(owner))!.id))).toEqual([]);

  // The owner's own sign-up (an adult) is not "already exists": a link to the address starts the account over.
  const mine = await signUp({ fullName: "Ananya Owner", email: owner, password: OWNER_PASSWORD, birthDate: bornYearsAgo(24) });
  expect(mine.status).toBe(302);
  expect(mine.location).toBe(`/signup?${new URLSearchParams({ proving: `o•••@example.in` })}`);
  expect(cookieFrom(mine.headers)).toBeUndefined();
  // Until the owner opens it, nothing changed.
  expect((await account(owner))!.email_proven_at).toBeNull();
  const ownersLink = proofIn((await lastMailTo(owner))!.text)!;
  expect((await viewProof(ownersLink)).data.view).toMatchObject({ status: "ready", restart: true, fullName: "Ananya Owner", parentEmail: null });
  // A GET (a mail scanner) confirms nothing.
  expect((await account(owner))!.email_proven_at).toBeNull();

  const opened = await confirm(ownersLink);
  expect(opened.location).toBe("/signup?created=1");
  expect(cookieFrom(opened.headers)).toBeDefined();
  const restarted = (await account(owner))!;
  expect(restarted).toMatchObject({ birth_date: bornYearsAgo(24) });
  expect(restarted.email_proven_at).not.toBeNull();
  expect((await db.select().from(profiles).where(eq(profiles.id, restarted.id)))[0]!.full_name).toBe("Ananya Owner");
  expect(await login(owner, STRANGER_PASSWORD)).toEqual({ ok: false, reason: "invalid" });
  expect((await login(owner, OWNER_PASSWORD)).ok).toBe(true);
  // The stranger's link is void, and the address is now the owner's: another sign-up says it exists.
  expect((await viewProof(strangersLink)).status).toBe(404);
  expect((await confirm(strangersLink)).status).toBe(404);
  const again = await signUp({ fullName: STRANGER_NAME, email: owner, password: STRANGER_PASSWORD, birthDate: "2013-06-15", parentEmail: stranger });
  expect(again.data.error.email).toEqual([english({ id: "auth.error.emailTaken" })]);
  expect(await mailsTo(stranger)).toEqual([]);
});

test("run 1, by a password reset: the owner's reset asks their own date of birth, voids the stranger's link, and the account is theirs", async () => {
  const { owner, stranger } = await strangerSignsUp();
  const strangersLink = proofIn((await lastMailTo(owner))!.text)!;
  const { form, token } = await ownerResets(owner, {});
  expect(form.data).toMatchObject({ state: "form", startOver: true });
  // Without a date of birth: said in the form, nothing written, the link still usable.
  const missing = await call(resetPage.action, formRequest("/reset-password", { token, password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD }));
  expect(missing.status).toBe(400);
  expect(missing.data.error.birthDate).toEqual([english({ id: "auth.error.birthDateRequired" })]);
  expect(await login(owner, STRANGER_PASSWORD)).toMatchObject({ reason: "awaiting-proof" });

  const done = await call(resetPage.action, formRequest("/reset-password", { token, password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD, birthDate: bornYearsAgo(30) }));
  expect(done.location).toBe("/reset-password?done=1");
  expect((await account(owner))!).toMatchObject({ birth_date: bornYearsAgo(30) });
  expect((await login(owner, OWNER_PASSWORD)).ok).toBe(true);
  expect((await viewProof(strangersLink)).status).toBe(404);
  expect(await db.select().from(address_proofs).where(eq(address_proofs.user_id, (await account(owner))!.id))).toEqual([]);
  expect(await mailsTo(stranger)).toEqual([]);
});

test("an owner under 18 who starts the account over names their own parent, asked only then, by a mail whose subject carries no word the signer chose", async () => {
  const { owner, stranger } = await strangerSignsUp();
  const parent = `real-parent-${unique()}@example.in`;
  await signUp({ fullName: "Kabir Owner", email: owner, password: OWNER_PASSWORD, birthDate: bornYearsAgo(15), parentEmail: parent });
  expect(await mailsTo(parent)).toEqual([]);
  const opened = await confirm(proofIn((await lastMailTo(owner))!.text)!);
  expect(opened.location).toBe(`/signup?${new URLSearchParams({ waiting: "r•••@example.in" })}`);
  expect(cookieFrom(opened.headers)).toBeUndefined();
  const [asked] = await mailsTo(parent);
  expect(asked!.subject).toBe(english({ id: "mail.consent.subject" }));
  expect(asked!.subject).not.toContain("Kabir");
  expect(asked!.text).toContain("“Kabir Owner”");
  expect(asked!.text).toContain(owner);
  expect(await mailsTo(stranger)).toEqual([]);
  // The address is proven: a login now reminds the owner's parent, never the stranger.
  expect(await login(owner, OWNER_PASSWORD)).toMatchObject({ ok: false, reason: "awaiting-parent", parentEmail: "r•••@example.in" });
  expect(await mailsTo(stranger)).toEqual([]);
});

test("a stranger's sign-up nobody confirms lapses in 7 days: housekeeping erases it and the address is free", async () => {
  const { owner } = await strangerSignsUp();
  const id = (await account(owner))!.id;
  await purgeExpired(db, new Date(Date.now() + 6 * DAY));
  expect(await account(owner)).toBeDefined();
  expect(await purgeExpired(db, new Date(Date.now() + 8 * DAY))).toMatchObject({ unprovenAccounts: 1 });
  expect(await db.select().from(users).where(eq(users.id, id))).toEqual([]);
  const mine = await signUp({ fullName: "Ananya Owner", email: owner, password: OWNER_PASSWORD, birthDate: bornYearsAgo(24) });
  expect(mine.location).toBe("/signup?created=1");
});

test("run 2: an account made before addresses were proven, consented by the stranger; the owner's reset voids the consent link, which can then neither close nor erase it", async () => {
  // As the old sign-up left it: the stranger's date of birth, the stranger's consent as "parent", a session, and the address never proven.
  const owner = `owner-${unique()}@example.in`;
  const userId = await createUser(db, { email: owner, password: STRANGER_PASSWORD, fullName: STRANGER_NAME });
  await db.update(users).set({ birth_date: "2013-06-15" }).where(eq(users.id, userId));
  const consentToken = randomBytes(32).toString("base64url");
  await db.insert(parental_consents).values({
    user_id: userId,
    parent_email: `stranger-${unique()}@example.in`,
    token_hash: sha256Hex(consentToken),
    text_version: consentTextVersion(),
    asked_at: new Date(Date.now() - 2 * DAY),
    expires_at: new Date(Date.now() + 5 * DAY),
    consented_at: new Date(Date.now() - DAY),
  });
  await createSession(db, userId);
  expect((await login(owner, STRANGER_PASSWORD)).ok).toBe(true);

  // The owner resets the password with their own date of birth, and uses the account.
  const { form, res } = await ownerResets(owner, { birthDate: bornYearsAgo(22) });
  expect(form.data).toMatchObject({ startOver: true });
  expect(res.location).toBe("/reset-password?done=1");
  expect(await db.select().from(sessions).where(eq(sessions.user_id, userId))).toEqual([]);
  expect(await login(owner, STRANGER_PASSWORD)).toEqual({ ok: false, reason: "invalid" });
  expect((await login(owner, OWNER_PASSWORD)).ok).toBe(true);
  await updateProfile(db, userId, { fullName: "Ananya Owner", phone: "9876543210", address: "12 MG Road", city: "Pune" });

  // The stranger's link: not valid, and neither withdrawing nor refusing touches the account.
  expect((await viewConsent(consentToken)).status).toBe(404);
  expect((await answer(consentToken, { intent: "withdraw", understand: "on" })).status).toBe(404);
  expect((await answer(consentToken, { intent: "refuse" })).status).toBe(404);
  const kept = (await account(owner))!;
  expect(kept.erased_at).toBeNull();
  expect(kept.birth_date).toBe(bornYearsAgo(22));
  expect((await db.select().from(profiles).where(eq(profiles.id, userId)))[0]).toMatchObject({ full_name: "Ananya Owner", city: "Pune" });
  expect((await login(owner, OWNER_PASSWORD)).ok).toBe(true);
  // A reset of an address already proven asks nothing more.
  const second = await ownerResets(owner, {});
  expect(second.form.data).toMatchObject({ startOver: false });
  expect(second.res.location).toBe("/reset-password?done=1");
});

test("a proven minor's reset: the parent's link from before it stops working, and the parent the owner named is mailed a new one", async () => {
  // The owner signed up at 16, proved the address, and their parent consented.
  const owner = `proven-${unique()}@example.in`;
  const parent = `parent-${unique()}@example.in`;
  await signUp({ fullName: "Kabir Owner", email: owner, password: OWNER_PASSWORD, birthDate: bornYearsAgo(16), parentEmail: parent });
  await confirm(proofIn((await lastMailTo(owner))!.text)!);
  const before = /\/consent\/([A-Za-z0-9_-]{43})/.exec((await lastMailTo(parent))!.text)![1]!;
  await verifyParent(before);
  expect((await answer(before, { intent: "consent", declare: "on" })).status).toBe(302);

  const { form, res } = await ownerResets(owner, {});
  expect(form.data).toMatchObject({ startOver: false });
  expect(res.location).toBe("/reset-password?done=1");
  // The link from before the reset can neither close nor erase the account.
  expect((await viewConsent(before)).status).toBe(404);
  expect((await answer(before, { intent: "withdraw", understand: "on" })).status).toBe(404);
  expect((await account(owner))!.erased_at).toBeNull();
  expect((await login(owner, OWNER_PASSWORD)).ok).toBe(true);
  // The parent keeps their say, from the new link.
  const mail = (await lastMailTo(parent))!;
  expect(mail.subject).toBe("Your StudyArena consent link has changed");
  expect(mail.text).toContain(owner);
  const after = /\/consent\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
  expect(after).not.toBe(before);
  expect((await viewConsent(after)).data).toMatchObject({ view: { status: "consented", childName: "Kabir Owner" } });
});

test("hostile bodies to the link's page and the reset's new fields: never a 5xx, nothing written; a malformed link is 404", async () => {
  const { owner } = await strangerSignsUp();
  const token = proofIn((await lastMailTo(owner))!.text)!;
  const post = (body: BodyInit, type = "application/x-www-form-urlencoded", to = token) =>
    call(confirmPage.action, new Request(`http://localhost:3000/confirm/${to}`, { method: "POST", body, headers: { "Content-Type": type } }), { params: { token: to } });
  for (const [body, type] of [
    ["", undefined],
    ["intent=" + "x".repeat(2 * 1024 * 1024), undefined],
    ["x[99999999]=1", undefined],
    [JSON.stringify({ intent: "confirm" }), "application/json"],
    ["intent=\u0000", undefined],
  ] as const) {
    const res = await post(body, type);
    expect(res.status, body.slice(0, 30)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  }
  expect((await account(owner))!.email_proven_at).toBeNull();
  for (const bad of ["not-a-token", "A".repeat(43), "x".repeat(5000)]) {
    expect((await viewProof(bad)).status).toBe(404);
    expect((await confirm(bad)).status).toBe(404);
  }

  expect(await requestPasswordReset(db, { email: owner, ip: "203.0.113.66", now: new Date() })).toBe("sent");
  const reset = resetIn((await lastMailTo(owner))!.text)!;
  const bodies: Array<Record<string, string>> = [
    { birthDate: "2999-01-01" },
    { birthDate: "not a date\u0000" },
    { birthDate: bornYearsAgo(15) },
    { birthDate: bornYearsAgo(15), parentEmail: "not-an-address" },
  ];
  for (const fields of bodies) {
    const res = await call(resetPage.action, formRequest("/reset-password", { token: reset, password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD, ...fields }));
    expect(res.status).toBe(400);
    expect(res.data.initialValue.birthDate).toBe(fields.birthDate!.replace("\u0000", ""));
  }
  // Nothing written: the stranger's password and sign-up still stand, the link still works.
  expect((await account(owner))!.email_proven_at).toBeNull();
  expect(await login(owner, STRANGER_PASSWORD)).toMatchObject({ reason: "awaiting-proof" });
});
