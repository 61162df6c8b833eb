// /account (docs/product/design.md §7): a signed-in user's own details and password. The name is
// what the seller block and certificates show, and leaderboards as publicName says
// (app/models/accounts/public-name.ts); phone and address are read by the seller block
// and, later, by checkout's prefill.
import { and, eq, ne } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { profiles, sessions, users } from "~/db/schema";
import { hashPassword, verifyPassword } from "~/models/accounts/passwords/password.server";
import { QueueFull } from "~/utils/fair-queue";
import { mayShowFullName } from "~/models/accounts/public-name";
import { consume, LIMITS, releaseHit } from "~/services/rate-limit.server";

export async function getProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      full_name: profiles.full_name,
      public_full_name: profiles.public_full_name,
      birth_date: users.birth_date,
      phone: profiles.phone,
      address: profiles.address,
      city: profiles.city,
      pincode: profiles.pincode,
      created_at: users.created_at,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function updateProfile(db: DbOrTx, userId: string, input: { fullName: string; phone: string | null; address: string | null; city?: string | null; pincode?: string | null }) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  const fields = { full_name: input.fullName, phone: input.phone, address: input.address, ...(input.city === undefined ? {} : { city: input.city }), ...(input.pincode === undefined ? {} : { pincode: input.pincode }) };
  await db
    .insert(profiles)
    .values({ id: userId, email: user.email, ...fields })
    .onConflictDoUpdate({ target: profiles.id, set: fields });
  return true;
}

/**
 * The choice of the name public lists show (issue 67, point 5): the full name, or a first
 * name and an initial. Refused for a minor, whose full name is never public (publicName
 * would not show it anyway; the refusal tells them so rather than storing a choice that
 * does nothing). Choosing the short name is always allowed.
 */
export async function choosePublicName(db: DbOrTx, userId: string, showFullName: boolean, now: Date): Promise<"ok" | "minor" | "gone"> {
  const [user] = await db.select({ email: users.email, birth_date: users.birth_date }).from(users).where(eq(users.id, userId));
  if (!user) return "gone";
  if (showFullName && !mayShowFullName(user.birth_date, now)) return "minor";
  await db
    .insert(profiles)
    .values({ id: userId, email: user.email, public_full_name: showFullName })
    .onConflictDoUpdate({ target: profiles.id, set: { public_full_name: showFullName } });
  return "ok";
}

/**
 * A new password for a signed-in user who knows the current one. Attempts are counted
 * before the hash (a stolen session cannot guess the password at leisure); on success
 * every other session of the user ends, this one stays.
 */
export async function changePassword(
  db: Db,
  input: { userId: string; currentSessionId: string | null; currentPassword: string; password: string; now: Date },
): Promise<"ok" | "wrong" | "limited"> {
  const checked = await checkCurrentPassword(db, input.userId, input.currentPassword, input.now);
  if (checked !== "ok") return checked;
  let hash: string;
  try {
    hash = await hashPassword(input.password, "reset");
  } catch (error) {
    if (error instanceof QueueFull) return "limited";
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: hash }).where(eq(users.id, input.userId));
    await tx
      .delete(sessions)
      .where(input.currentSessionId ? and(eq(sessions.user_id, input.userId), ne(sessions.id, input.currentSessionId)) : eq(sessions.user_id, input.userId));
  });
  return "ok";
}

const passwordCheckKey = (userId: string) => `password-change:${userId}`;

/**
 * Whether a signed-in user knows their current password, before something only the owner
 * may do (a new password, new payout details). Attempts are counted before the hash, so
 * a stolen session cannot guess the password at leisure; a right answer is not counted.
 */
export async function checkCurrentPassword(db: Db, userId: string, password: string, now: Date): Promise<"ok" | "wrong" | "limited"> {
  const key = passwordCheckKey(userId);
  if (await consume(db, key, LIMITS.passwordChangesPerUser, now)) return "limited";
  const [user] = await db.select({ password_hash: users.password_hash }).from(users).where(eq(users.id, userId));
  if (!user) return "wrong";
  try {
    if (!(await verifyPassword(user.password_hash, password))) return "wrong";
  } catch (error) {
    if (error instanceof QueueFull) return "limited";
    throw error;
  }
  await releaseHit(db, key);
  return "ok";
}
