// Account rules: sign-up, login with rate limits, password reset. Every function
// takes the database and `now`, so tests run them against a real database and can
// step the clock past a rate-limit window.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { pgErrorCode, type Db, type DbOrTx } from "~/db/client.server";
import { password_reset_tokens, profiles, sessions, users } from "~/db/schema";
import { enqueueEmail, renderMail } from "~/utils/email.server";
import { normalizeEmail } from "~/utils/email";
import { appUrl } from "~/utils/env.server";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "~/utils/password.server";
import { MAX_PASSWORD_LENGTH } from "~/utils/password-strength";
import { clearHits, consume, isLimited, LIMITS, recordHit } from "~/utils/rate-limit.server";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

// ---------------------------------------------------------------- sign-up

export type SignupResult = { ok: true; userId: string } | { ok: false; reason: "taken" | "limited" };

export async function signup(
  db: Db,
  input: { email: string; password: string; fullName: string; ip: string; now: Date },
): Promise<SignupResult> {
  const email = normalizeEmail(input.email);
  // Per address (a flood) and per e-mail (probing whether an address is registered).
  if (
    (await consume(db, `signup:ip:${input.ip}`, LIMITS.signupPerIp, input.now)) ||
    (await consume(db, `signup:email:${email}`, LIMITS.signupPerEmail, input.now))
  ) {
    return { ok: false, reason: "limited" };
  }
  const passwordHash = await hashPassword(input.password);
  try {
    const userId = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, password_hash: passwordHash })
        .returning({ id: users.id });
      await tx.insert(profiles).values({ id: user!.id, email, full_name: input.fullName.trim() });
      return user!.id;
    });
    return { ok: true, userId };
  } catch (error) {
    if (pgErrorCode(error) === "23505") return { ok: false, reason: "taken" };
    throw error;
  }
}

// ---------------------------------------------------------------- login

export type LoginResult =
  | { ok: true; userId: string }
  | { ok: false; reason: "invalid" | "limited" };

/**
 * Checks credentials under two limits on failures: per client address (a flood from
 * one place) and per account (a slow guess from many places). A success clears the
 * account's count; an unknown e-mail costs as much time as a known one.
 */
export async function attemptLogin(
  db: Db,
  input: { email: string; password: string; ip: string; now: Date },
): Promise<LoginResult> {
  const email = normalizeEmail(input.email);
  const ipKey = `login:ip:${input.ip}`;
  const accountKey = `login:account:${email}`;
  if (
    (await isLimited(db, ipKey, LIMITS.loginFailuresPerIp, input.now)) ||
    (await isLimited(db, accountKey, LIMITS.loginFailuresPerAccount, input.now))
  ) {
    return { ok: false, reason: "limited" };
  }
  const [user] = await db
    .select({ id: users.id, password_hash: users.password_hash })
    .from(users)
    .where(eq(users.email, email));
  const tooLong = input.password.length > MAX_PASSWORD_LENGTH;
  const valid = user && !tooLong
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstNothing(tooLong ? "" : input.password);
  if (!user || !valid) {
    await recordHit(db, ipKey, LIMITS.loginFailuresPerIp, input.now);
    await recordHit(db, accountKey, LIMITS.loginFailuresPerAccount, input.now);
    return { ok: false, reason: "invalid" };
  }
  await clearHits(db, accountKey);
  return { ok: true, userId: user.id };
}

// ---------------------------------------------------------------- password reset

/**
 * Mails a single-use link valid for one hour. Always answers the same way whether
 * or not the address has an account, so accounts cannot be probed; only a flood
 * from one client address is refused openly.
 */
export async function requestPasswordReset(
  db: Db,
  input: { email: string; ip: string; now: Date },
): Promise<"sent" | "limited"> {
  if (await consume(db, `reset:ip:${input.ip}`, LIMITS.resetRequestsPerIp, input.now)) return "limited";
  const email = normalizeEmail(input.email);
  if (await consume(db, `reset:email:${email}`, LIMITS.resetRequestsPerEmail, input.now)) return "sent";
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) return "sent";

  const token = randomBytes(32).toString("base64url");
  const link = `${appUrl()}/reset-password?${new URLSearchParams({ token })}`;
  await db.transaction(async (tx) => {
    await tx.insert(password_reset_tokens).values({
      user_id: user.id,
      token_hash: sha256(token),
      expires_at: new Date(input.now.getTime() + RESET_TOKEN_TTL_MS),
    });
    await enqueueEmail(tx, {
      to: email,
      subject: "Reset your StudyArena password",
      ...renderMail({
        heading: "Reset your password",
        paragraphs: [
          "Someone (hopefully you) asked to reset the password of your StudyArena account.",
          "The link works once and expires in one hour. If you did not ask for it, ignore this mail: your password stays as it is.",
        ],
        action: { label: "Choose a new password", url: link },
      }),
    });
  });
  return "sent";
}

async function findUsableToken(db: DbOrTx, token: string, now: Date) {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select({ id: password_reset_tokens.id, user_id: password_reset_tokens.user_id })
    .from(password_reset_tokens)
    .where(
      and(
        eq(password_reset_tokens.token_hash, sha256(token)),
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
 * Sets the new password, spends the token (and every other open token of the
 * user) and ends all of the user's sessions, in one transaction.
 */
export async function resetPassword(
  db: Db,
  input: { token: string; password: string; now: Date },
): Promise<"ok" | "invalid"> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
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
    await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.id, row.user_id));
    await tx.delete(sessions).where(eq(sessions.user_id, row.user_id));
    return "ok";
  });
}
