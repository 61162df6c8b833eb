// Account rules: sign-up, login with rate limits, password reset. Every function
// takes the database and `now`, so tests run them against a real database and can
// step the clock past a rate-limit window.
import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { pgErrorCode, type Db, type DbOrTx } from "~/db/client.server";
import { sha256Hex } from "~/utils/hash.server";
import { password_reset_tokens, profiles, sessions, users } from "~/db/schema";
import { enqueueEmail, mailLocale, renderMail } from "~/services/email.server";
import { type Locale } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";
import { MAX_EMAIL_LENGTH, normalizeEmail } from "~/utils/email";
import { appUrl } from "~/utils/env.server";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "~/models/accounts/passwords/password.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_SCORE, passwordScore } from "~/models/accounts/passwords/password-strength";
import { createFairLimiter, QueueFull } from "~/utils/fair-queue";
import { askParent, awaitingParent, maskEmail, needsParent, remindParent, renewParentLinks } from "~/models/accounts/parents/parental-consent.server";
import { addressProven, mailProof, remindProof, startOver, startsOver, startsOverFor, type SignupDetails } from "~/models/accounts/address-proof.server";
import { recordAgreement } from "~/models/accounts/agreements/agreements.server";
import { clearHits, consume, consumeOrWait, LIMITS, releaseHit, type Limit } from "~/services/rate-limit.server";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;


// ---------------------------------------------------------------- sign-up

/**
 * `proving` set (the address, masked): a link went to it, and nothing signs in until it is opened
 * (address-proof.server.ts): a sign-up under 18, or one over an account whose address nobody proved.
 */
export type SignupResult = { ok: true; userId: string; proving: string | null } | { ok: false; reason: "taken" | "limited" | "parent-email" };

type NewAccount = { email: string; password: string; fullName: string; birthDate: string | null; parentEmail?: string | null; ip: string; now: Date; locale?: Locale };

export async function signup(db: Db, input: NewAccount): Promise<SignupResult> {
  const email = normalizeEmail(input.email);
  const parentEmail = needsParent(input.birthDate, input.now) ? input.parentEmail?.trim() : null;
  if (parentEmail === undefined || parentEmail === "") return { ok: false, reason: "parent-email" };
  // Per address (a flood) and per e-mail (probing whether an address is registered).
  if (
    (await consume(db, `signup:ip:${input.ip}`, LIMITS.signupPerIp, input.now)) ||
    (await consume(db, `signup:email:${sha256Hex(email)}`, LIMITS.signupPerEmail, input.now))
  ) {
    return { ok: false, reason: "limited" };
  }
  const passwordHash = await hashPassword(input.password, "signup");
  const locale = input.locale ?? "en";
  const details: SignupDetails = { passwordHash, fullName: input.fullName.trim(), birthDate: input.birthDate, parentEmail: parentEmail ? normalizeEmail(parentEmail) : null, locale };
  try {
    const userId = await db.transaction(async (tx) => {
      const [user] = await tx.insert(users).values({ email, password_hash: passwordHash, locale, birth_date: input.birthDate }).returning({ id: users.id });
      await tx.insert(profiles).values({ id: user!.id, email, full_name: details.fullName });
      // The sign-up form names the current terms and privacy policy: what this person agreed to, and when.
      await recordAgreement(tx, { userId: user!.id, now: input.now, via: "signup" });
      // Under 18, the child's own address first: the parent is asked once it is proven.
      if (parentEmail) await mailProof(tx, { userId: user!.id, email, restart: false, details, locale, now: input.now });
      return user!.id;
    });
    return { ok: true, userId, proving: parentEmail ? maskEmail(email) : null };
  } catch (error) {
    if (pgErrorCode(error) !== "23505") throw error;
  }
  // The address has an account. One under 18 whose address nobody proved never blocks it: the
  // address is mailed a link that starts it over with this sign-up (address-proof.server.ts).
  return db.transaction(async (tx): Promise<SignupResult> => {
    const [existing] = await tx.select({ id: users.id, provenAt: users.email_proven_at, birthDate: users.birth_date, erased: users.erased_at }).from(users).where(eq(users.email, email)).for("update");
    if (!existing || existing.erased || !startsOverFor(existing, input.now)) return { ok: false, reason: "taken" };
    await mailProof(tx, { userId: existing.id, email, restart: true, details, locale, now: input.now });
    return { ok: true, userId: existing.id, proving: maskEmail(email) };
  });
}

/** The language a user last chose, for their mails: set when they log in or switch (a no-op when unchanged). */
export async function rememberLocale(db: DbOrTx, userId: string, locale: Locale) {
  await db.update(users).set({ locale }).where(and(eq(users.id, userId), ne(users.locale, locale)));
}

// ---------------------------------------------------------------- login

/** A browser that signed in to this account before (OWASP's device cookie): it keeps an allowance of its own. */
export type LoginDevice = { userId: string; nonce: string };

export type LoginResult =
  | { ok: true; userId: string; device: LoginDevice }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "awaiting-parent"; parentEmail: string | null }
  | { ok: false; reason: "awaiting-proof"; email: string }
  | { ok: false; reason: "limited"; retryAfterS: number };

/** How long a login refused because the hashing queue is full asks the client to wait. */
export const BUSY_RETRY_AFTER_S = 10;

/**
 * Checks credentials. Every attempt is counted, atomically and before the password
 * is hashed, under the first of these limits that it hits: a browser that signed in
 * to this account before has its own allowance, so guessers elsewhere cannot lock
 * its owner out; any other client is limited per (account, address), per address
 * (high: a campus shares one) and per account. A success gives its counts back.
 * An unknown e-mail costs as much time as a known one.
 */
type LoginInput = { email: string; password: string; ip: string; device?: LoginDevice | null; now: Date };

// Logins in progress at once (their queries and their hash). A burst of hundreds would
// otherwise send four queries each into the connection pool at the same moment, and a
// student's autosave would wait behind all of them; the hash queue lets only two hash
// at a time anyway. A class signing in together at a contest's start waits a few seconds
// rather than being refused; past 500 waiting (some 10 s of hashing), a login is
// refused before any query.
export const LOGINS_AT_ONCE = 4;
export const LOGINS_WAITING = 500;
const loginAttempts = createFairLimiter<"login">({ concurrency: LOGINS_AT_ONCE, kinds: ["login"], maxWaitingPerKind: LOGINS_WAITING });

export async function attemptLogin(db: Db, input: LoginInput): Promise<LoginResult> {
  try {
    return await loginAttempts.run("login", () => attemptLoginNow(db, input));
  } catch (error) {
    if (error instanceof QueueFull) return { ok: false, reason: "limited", retryAfterS: BUSY_RETRY_AFTER_S };
    throw error;
  }
}

async function attemptLoginNow(db: Db, input: LoginInput): Promise<LoginResult> {
  const email = normalizeEmail(input.email);
  const plausible = email.length <= MAX_EMAIL_LENGTH && input.password.length <= MAX_PASSWORD_LENGTH;
  const [user] = plausible
    ? await db.select({ id: users.id, password_hash: users.password_hash, birth_date: users.birth_date }).from(users).where(eq(users.email, email))
    : [];
  const trusted = user && input.device?.userId === user.id ? input.device : null;
  const account = sha256Hex(email);
  const limits: Array<[string, Limit]> = trusted
    ? [[`login:device:${sha256Hex(trusted.nonce)}`, LIMITS.loginPerDevice]]
    : [
        [`login:pair:${account}:${input.ip}`, LIMITS.loginPerAccountAndIp],
        [`login:ip:${input.ip}`, LIMITS.loginPerIp],
        [`login:account:${account}`, LIMITS.loginPerAccount],
      ];
  const counted: string[] = [];
  for (const [key, limit] of limits) {
    counted.push(key);
    const retryAfterS = await consumeOrWait(db, key, limit, input.now);
    if (retryAfterS !== null) return { ok: false, reason: "limited", retryAfterS };
  }

  let valid: boolean;
  try {
    valid = user && plausible ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstNothing(input.password.slice(0, MAX_PASSWORD_LENGTH));
  } catch (error) {
    if (error instanceof QueueFull) return { ok: false, reason: "limited", retryAfterS: BUSY_RETRY_AFTER_S };
    throw error;
  }
  if (!user || !valid) return { ok: false, reason: "invalid" };
  await Promise.all(counted.map((key) => releaseHit(db, key)));
  // Under 18 without a parent's consent: no session; the parent is reminded. (An adult's login reads nothing more.)
  const waiting = needsParent(user.birth_date, input.now) ? await awaitingParent(db, user.id, input.now) : null;
  if (waiting) {
    // Until the child's own address is proven, only that address is mailed (issue 65, point 2).
    if (!waiting.answered && !(await addressProven(db, user.id))) {
      await remindProof(db, user.id, input.now);
      return { ok: false, reason: "awaiting-proof", email: maskEmail(email) };
    }
    await remindParent(db, user.id, input.now);
    return { ok: false, reason: "awaiting-parent", parentEmail: waiting.parentEmail };
  }
  return { ok: true, userId: user.id, device: trusted ?? { userId: user.id, nonce: randomBytes(18).toString("base64url") } };
}

// ---------------------------------------------------------------- the contest page's sign-up

export type JoinResult =
  | { ok: true; userId: string; device?: LoginDevice }
  | { ok: false; reason: "invalid" | "limited" | "weak" | "name" | "birth-date" | "parent-email" }
  | { ok: false; reason: "awaiting-parent"; parentEmail: string | null }
  | { ok: false; reason: "awaiting-proof"; email: string };

/**
 * The contest page's one form for guests (docs/product/contests.md §5): e-mail and password sign
 * in to an existing account, or create one (its name the part of the e-mail before
 * the @) when the address has none.
 */
export async function signInOrSignUp(db: Db, input: NewAccount & { device: LoginDevice | null }): Promise<JoinResult> {
  const login = await attemptLogin(db, input);
  if (login.ok || login.reason !== "invalid") return login;
  const email = normalizeEmail(input.email);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return { ok: false, reason: "invalid" };
  // A new account carries the student's real name: it is what leaderboards and the home page show.
  if (!input.fullName) return { ok: false, reason: "name" };
  if (passwordScore(input.password) < MIN_PASSWORD_SCORE) return { ok: false, reason: "weak" };
  if (!input.birthDate) return { ok: false, reason: "birth-date" };
  const created = await signup(db, { ...input, email });
  if (created.ok) return created.proving ? { ok: false, reason: "awaiting-proof", email: created.proving } : { ok: true, userId: created.userId };
  return { ok: false, reason: created.reason === "taken" ? "invalid" : created.reason };
}

// ---------------------------------------------------------------- password reset

/**
 * The part of a reset request that is answered openly: a flood from one client
 * address is refused. Everything about the e-mail happens in `mailResetLink`, which
 * the route runs after answering, so the answer takes as long for an address with an
 * account as for one without.
 */
export async function admitResetRequest(db: DbOrTx, input: { ip: string; now: Date }) {
  return !(await consume(db, `reset:ip:${input.ip}`, LIMITS.resetRequestsPerIp, input.now));
}

/**
 * Mails a single-use link valid for one hour, when the address has an account and
 * has not had three links this hour (silently: accounts cannot be probed).
 */
export async function mailResetLink(db: Db, input: { email: string; now: Date }) {
  const email = normalizeEmail(input.email);
  if (await consume(db, `reset:email:${sha256Hex(email)}`, LIMITS.resetRequestsPerEmail, input.now)) return;
  const [user] = await db.select({ id: users.id, locale: users.locale }).from(users).where(eq(users.email, email));
  if (!user) return;
  const locale = mailLocale(user.locale);
  const t = translator(locale);

  const token = randomBytes(32).toString("base64url");
  const link = `${appUrl()}/reset-password?${new URLSearchParams({ token })}`;
  await db.transaction(async (tx) => {
    await tx.insert(password_reset_tokens).values({
      user_id: user.id,
      token_hash: sha256Hex(token),
      expires_at: new Date(input.now.getTime() + RESET_TOKEN_TTL_MS),
    });
    await enqueueEmail(tx, {
      to: email,
      subject: t("mail.reset.subject"),
      ...renderMail({
        heading: t("mail.reset.heading"),
        paragraphs: [t("mail.reset.asked"), t("mail.reset.once")],
        action: { label: t("mail.reset.action"), url: link },
        locale,
      }),
    });
  });
}

/** Both steps, awaited: the same answer whether or not the address has an account. */
export async function requestPasswordReset(db: Db, input: { email: string; ip: string; now: Date }): Promise<"sent" | "limited"> {
  if (!(await admitResetRequest(db, input))) return "limited";
  await mailResetLink(db, input);
  return "sent";
}

async function findUsableToken(db: DbOrTx, token: string, now: Date) {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select({ id: password_reset_tokens.id, user_id: password_reset_tokens.user_id })
    .from(password_reset_tokens)
    .where(
      and(
        eq(password_reset_tokens.token_hash, sha256Hex(token)),
        isNull(password_reset_tokens.used_at),
        gt(password_reset_tokens.expires_at, now),
      ),
    );
  return row;
}

export async function isResetTokenUsable(db: DbOrTx, token: string, now: Date) {
  return Boolean(await findUsableToken(db, token, now));
}

/**
 * What the reset form must ask: null for a link that does not work; `startOver` when nobody
 * has proven the account's address yet, so the reset proves it and starts the account over
 * with the owner's own date of birth (and, under 18, their parent's e-mail).
 */
export async function resetFormFor(db: DbOrTx, token: string, now: Date) {
  const row = await findUsableToken(db, token, now);
  if (!row) return null;
  return { startOver: await startsOver(db, row.user_id, now) };
}

class NeedsBirthDate extends Error {}

export type ResetOutcome = "ok" | "invalid" | "limited" | "birth-date" | "parent-email";

/**
 * Sets the new password, spends the token (and every other open token of the
 * user) and ends all of the user's sessions, in one transaction. The token is
 * checked before the password is hashed, and submissions are limited per address,
 * so bogus posts cost a lookup, not a hash. A reset proves the address: an account
 * nobody had proven starts over (address-proof.server.ts), with the date of birth
 * given here, and every consent asked for it before is void.
 */
export async function resetPassword(
  db: Db,
  input: { token: string; password: string; ip: string; now: Date; birthDate?: string | null; parentEmail?: string | null },
): Promise<ResetOutcome> {
  if (await consume(db, `reset-submit:ip:${input.ip}`, LIMITS.resetSubmitsPerIp, input.now)) return "limited";
  const found = await findUsableToken(db, input.token, input.now);
  if (!found) return "invalid";
  const restart = await startsOver(db, found.user_id, input.now);
  const birthDate = input.birthDate ?? null;
  const parentEmail = restart && needsParent(birthDate, input.now) ? input.parentEmail?.trim() || null : null;
  if (restart && !birthDate) return "birth-date";
  if (restart && needsParent(birthDate, input.now) && !parentEmail) return "parent-email";
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(input.password, "reset");
  } catch (error) {
    if (error instanceof QueueFull) return "limited";
    throw error;
  }
  const outcome = db.transaction(async (tx): Promise<ResetOutcome> => {
    const row = await findUsableToken(tx, input.token, input.now);
    if (!row) return "invalid";
    // Spend it first and check we were the one who did: two tabs racing get one winner.
    const spent = await tx
      .update(password_reset_tokens)
      .set({ used_at: input.now })
      .where(and(eq(password_reset_tokens.id, row.id), isNull(password_reset_tokens.used_at)))
      .returning({ id: password_reset_tokens.id });
    if (spent.length === 0) return "invalid";
    await tx
      .update(password_reset_tokens)
      .set({ used_at: input.now })
      .where(and(eq(password_reset_tokens.user_id, row.user_id), isNull(password_reset_tokens.used_at)));
    const [before] = await tx.select({ provenAt: users.email_proven_at, birthDate: users.birth_date }).from(users).where(eq(users.id, row.user_id)).for("update");
    const [user] = await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.id, row.user_id)).returning({ email: users.email, locale: users.locale });
    await tx.delete(sessions).where(eq(sessions.user_id, row.user_id));
    if (startsOverFor(before!, input.now)) {
      // Checked before the hash, but the account may have changed since: nothing is written without the owner's date of birth.
      if (!birthDate) throw new NeedsBirthDate();
      const [profile] = await tx.select({ name: profiles.full_name }).from(profiles).where(eq(profiles.id, row.user_id));
      const fullName = profile?.name ?? "";
      await startOver(tx, { userId: row.user_id, details: { passwordHash, fullName, birthDate, locale: mailLocale(user!.locale) }, now: input.now, voidConsents: true });
      if (parentEmail) await askParent(tx, { userId: row.user_id, childName: fullName, childEmail: user!.email, parentEmail: normalizeEmail(parentEmail), locale: user!.locale, now: input.now });
    } else {
      // A proven owner's reset: no parent's link from before it can close or erase the account (issue 65, point 2).
      await renewParentLinks(tx, { userId: row.user_id, now: input.now });
    }
    // The owner has proved they read the account's mail: guessers no longer keep them out.
    await clearHits(tx, `login:account:${sha256Hex(user!.email)}`);
    return "ok";
  });
  return outcome.catch((error: unknown) => {
    if (error instanceof NeedsBirthDate) return "birth-date" as const;
    throw error;
  });
}
