// An address belongs to whoever proves it (issue 65, point 2; docs/decisions/privacy-personal-data.md,
// "Whose address it is"). A sign-up under 18 first mails its own address a link: only once it
// is opened is the parent asked. An account under 18 whose address nobody has proven never
// blocks it: a later sign-up with it mails the address a link that starts the account over
// with that sign-up's details, and the owner's password reset starts it over too (account.server.ts);
// either voids every consent asked for it. Opening a link is a POST from its page, so a mail
// scanner that fetches links proves nothing.
import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { type Db, type DbOrTx } from "~/db/client.server";
import { address_proofs, parental_consents, password_reset_tokens, policy_agreements, profiles, sessions, users } from "~/db/schema";
import { enqueueEmail, mailLocale, renderMail } from "~/services/email.server";
import { consume, LIMITS } from "~/services/rate-limit.server";
import { formatDate } from "~/utils/dates";
import { appUrl } from "~/utils/env.server";
import { sha256Hex } from "~/utils/hash.server";
import { type Locale } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";
import { askParent, maskEmail, needsParent } from "~/models/accounts/parents/parental-consent.server";
import { recordAgreement } from "~/models/accounts/agreements/agreements.server";

/** A link to prove an address works for 7 days, as a parent's does; an account under 18 never proven goes then. */
export const PROOF_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
export const PROOF_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What a sign-up asked for, kept with its link until the address's owner opens it. */
export type SignupDetails = { passwordHash: string; fullName: string; birthDate: string | null; parentEmail: string | null; locale: Locale };
/** A link for an account's own first sign-up may carry no password: it proves the account as it is. */
type ProofDetails = Omit<SignupDetails, "passwordHash"> & { passwordHash?: string };

/** Whether this account's address was ever proven (a link opened, or a reset). */
export async function addressProven(db: DbOrTx, userId: string) {
  const [row] = await db.select({ at: users.email_proven_at }).from(users).where(eq(users.id, userId));
  return Boolean(row?.at);
}

/**
 * Whether the owner's sign-up or reset starts this account over: it says it is under 18
 * (so it waits for a parent, PARENTAL_CONSENT on) and nobody has proven its address. An
 * adult's account signs in from its sign-up, and its owner's reset takes it back as
 * before (docs/decisions/privacy-personal-data.md, "Whose address it is").
 */
export const startsOverFor = (row: { provenAt: Date | null; birthDate: string | null }, now: Date) => !row.provenAt && needsParent(row.birthDate, now);

export async function startsOver(db: DbOrTx, userId: string, now: Date) {
  const [row] = await db.select({ provenAt: users.email_proven_at, birthDate: users.birth_date }).from(users).where(eq(users.id, userId));
  return Boolean(row && startsOverFor(row, now));
}

/**
 * Mails `email` a link to prove it. `restart`: a later sign-up over an unproven account,
 * which the link starts over; it replaces any earlier such link. In the caller's transaction.
 */
export async function mailProof(tx: DbOrTx, input: { userId: string; email: string; restart: boolean; details: ProofDetails | null; locale: string; now: Date }) {
  if (input.restart) await tx.delete(address_proofs).where(and(eq(address_proofs.user_id, input.userId), eq(address_proofs.restart, true)));
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(input.now.getTime() + PROOF_WINDOW_MS);
  const d = input.details;
  await tx.insert(address_proofs).values({
    user_id: input.userId,
    token_hash: sha256Hex(token),
    restart: input.restart,
    password_hash: d?.passwordHash ?? null,
    full_name: d?.fullName ?? null,
    birth_date: d?.birthDate ?? null,
    parent_email: d?.parentEmail ?? null,
    locale: mailLocale(input.locale),
    expires_at: expiresAt,
  });
  await sendProofMail(tx, { token, email: input.email, restart: input.restart, details: d, locale: input.locale, expiresAt });
}

async function sendProofMail(tx: DbOrTx, input: { token: string; email: string; restart: boolean; details: Pick<SignupDetails, "fullName" | "birthDate" | "parentEmail"> | null; locale: string; expiresAt: Date }) {
  const locale = mailLocale(input.locale);
  const t = translator(locale);
  const d = input.details;
  const date = formatDate(input.expiresAt, locale);
  // The words the signer chose stay in the body, quoted, never in the subject.
  const who = d ? [t("mail.proof.who", { name: d.fullName, born: d.birthDate ? formatDate(new Date(`${d.birthDate}T12:00:00Z`), locale) : "—" })] : [];
  const parent = d?.parentEmail ? [t("mail.proof.parent", { parent: d.parentEmail })] : [];
  await enqueueEmail(tx, {
    to: input.email,
    subject: t("mail.proof.subject"),
    ...renderMail({
      heading: t("mail.proof.heading"),
      paragraphs: [
        ...(input.restart ? [t("mail.proof.again")] : []),
        ...who,
        ...parent,
        t(input.restart ? "mail.proof.restart" : d?.parentEmail ? "mail.proof.thenParent" : "mail.proof.confirm"),
        t(input.restart ? "mail.proof.notYouRestart" : "mail.proof.notYou", { date }),
      ],
      action: { label: t("mail.proof.action"), url: `${appUrl()}/confirm/${input.token}` },
      locale,
    }),
  });
}

/**
 * The student of an account under 18 tried to sign in before proving its address: its own
 * address is mailed again (a new link; the old one stops working), at most three times a
 * day, never the parent. An account from before addresses were proven gets its first link
 * here, to ask the parent it named once its address is proven.
 */
export async function remindProof(db: Db, userId: string, now: Date) {
  if (await consume(db, `proof:remind:${userId}`, LIMITS.consentRemindersPerUser, now)) return;
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    const [who] = await tx.select({ email: users.email, locale: users.locale, name: profiles.full_name, birthDate: users.birth_date }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, userId));
    if (!who) return;
    const [open] = await tx
      .update(address_proofs)
      .set({ token_hash: sha256Hex(token) })
      .where(sql`${address_proofs.user_id} = ${userId} AND NOT ${address_proofs.restart} AND ${address_proofs.expires_at} > ${now.toISOString()}::timestamptz`)
      .returning();
    if (open) {
      const details = { fullName: open.full_name ?? who.name ?? "", birthDate: open.birth_date ?? who.birthDate, parentEmail: open.parent_email };
      await sendProofMail(tx, { token, email: who.email, restart: false, details, locale: who.locale, expiresAt: open.expires_at });
      return;
    }
    const [asked] = await tx.select({ parentEmail: parental_consents.parent_email }).from(parental_consents).where(and(eq(parental_consents.user_id, userId), isNull(parental_consents.consented_at)));
    const details = { fullName: who.name ?? "", birthDate: who.birthDate, parentEmail: asked?.parentEmail ?? null, locale: mailLocale(who.locale) };
    await mailProof(tx, { userId, email: who.email, restart: false, details, locale: who.locale, now });
  });
}

export type ProofView =
  | { status: "unknown" }
  | { status: "lapsed" }
  | { status: "ready"; restart: boolean; email: string; fullName: string; birthDate: string | null; parentEmail: string | null };

async function findProof(db: DbOrTx, token: string, lock: boolean) {
  if (!PROOF_TOKEN.test(token)) return undefined;
  const query = db
    .select({ proof: address_proofs, email: users.email, name: profiles.full_name, birthDate: users.birth_date, erasedAt: users.erased_at })
    .from(address_proofs)
    .innerJoin(users, eq(users.id, address_proofs.user_id))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(address_proofs.token_hash, sha256Hex(token)));
  const [row] = lock ? await query.for("update", { of: address_proofs }) : await query;
  return row && !row.erasedAt ? row : undefined;
}

/** What the link's page shows: the sign-up it confirms, as the signer typed it. */
export async function proofByToken(db: DbOrTx, token: string, now: Date): Promise<ProofView> {
  const row = await findProof(db, token, false);
  if (!row) return { status: "unknown" };
  if (row.proof.expires_at <= now) return { status: "lapsed" };
  const p = row.proof;
  return { status: "ready", restart: p.restart, email: row.email, fullName: p.full_name ?? row.name ?? "", birthDate: p.birth_date ?? row.birthDate, parentEmail: p.parent_email };
}

export type ProofResult =
  | { ok: true; userId: string; parentEmail: string | null }
  | { ok: false; reason: "unknown" | "lapsed" | "limited" };

/**
 * The address's owner opened the link: the address is proven, a restart applies its
 * sign-up's details over the account (sessions, reset links, consents and other links
 * of it end), and under 18 the parent is asked now (`parentEmail`, masked). Once only.
 */
export async function confirmAddress(db: Db, input: { token: string; ip: string; now: Date }): Promise<ProofResult> {
  if (await consume(db, `proof:ip:${input.ip}`, LIMITS.consentAnswersPerIp, input.now)) return { ok: false, reason: "limited" };
  return db.transaction(async (tx): Promise<ProofResult> => {
    const row = await findProof(tx, input.token, true);
    if (!row) return { ok: false, reason: "unknown" };
    const p = row.proof;
    if (p.expires_at <= input.now) return { ok: false, reason: "lapsed" };
    const details = p.restart && p.password_hash ? { passwordHash: p.password_hash, fullName: p.full_name ?? "", birthDate: p.birth_date, locale: mailLocale(p.locale) } : null;
    await startOver(tx, { userId: p.user_id, details, now: input.now, voidConsents: p.restart });
    const parentEmail = p.parent_email ?? (await askedParent(tx, p.user_id));
    const birthDate = p.restart ? p.birth_date : row.birthDate;
    if (!needsParent(birthDate, input.now)) return { ok: true, userId: p.user_id, parentEmail: null };
    if (!parentEmail) return { ok: true, userId: p.user_id, parentEmail: null };
    await tx.delete(parental_consents).where(eq(parental_consents.user_id, p.user_id));
    await askParent(tx, { userId: p.user_id, childName: details?.fullName ?? row.name ?? "", childEmail: row.email, parentEmail, locale: p.locale, now: input.now });
    return { ok: true, userId: p.user_id, parentEmail: maskEmail(parentEmail) };
  });
}

async function askedParent(tx: DbOrTx, userId: string) {
  const [row] = await tx.select({ parentEmail: parental_consents.parent_email }).from(parental_consents).where(and(eq(parental_consents.user_id, userId), isNull(parental_consents.consented_at)));
  return row?.parentEmail ?? null;
}

/**
 * Marks the address proven and, for a restart (a later sign-up's link, or the owner's reset
 * of an account never proven), puts the new details in place and voids what the earlier
 * signer set going: sessions, reset links, other proofs, and every consent asked for it
 * (its link then finds nothing, so it can neither close nor erase the account).
 */
export async function startOver(tx: DbOrTx, input: { userId: string; details: Omit<SignupDetails, "parentEmail"> | null; now: Date; voidConsents: boolean }) {
  const d = input.details;
  await tx
    .update(users)
    .set({ email_proven_at: input.now, ...(d ? { password_hash: d.passwordHash, birth_date: d.birthDate, locale: d.locale } : {}) })
    .where(eq(users.id, input.userId));
  if (d) await tx.update(profiles).set({ full_name: d.fullName }).where(eq(profiles.id, input.userId));
  await tx.delete(address_proofs).where(eq(address_proofs.user_id, input.userId));
  if (!input.voidConsents) return;
  await tx.delete(sessions).where(eq(sessions.user_id, input.userId));
  await tx.delete(password_reset_tokens).where(and(eq(password_reset_tokens.user_id, input.userId), isNull(password_reset_tokens.used_at)));
  await tx.delete(parental_consents).where(eq(parental_consents.user_id, input.userId));
  // What the earlier signer agreed to is not the owner's: a restarted sign-up agreed to the
  // current versions; a reset agreed to nothing, so its owner is asked before they enrol or pay.
  await tx.delete(policy_agreements).where(eq(policy_agreements.user_id, input.userId));
  if (d) await recordAgreement(tx, { userId: input.userId, now: input.now, via: "signup" });
}

/**
 * Housekeeping (housekeeping.server.ts): an account under 18 whose own first link lapsed
 * unopened goes whole (nothing was kept but the sign-up); lapsed links go a day later.
 */
export async function sweepAddressProofs(db: Db, now: Date) {
  const lapsed = await db
    .delete(users)
    .where(
      sql`${users.email_proven_at} IS NULL AND ${users.id} IN (SELECT user_id FROM address_proofs WHERE NOT restart AND expires_at <= ${now.toISOString()}::timestamptz)
          AND NOT EXISTS (SELECT 1 FROM parental_consents c WHERE c.user_id = ${users.id})
          AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = ${users.id})`,
    )
    .returning({ id: users.id });
  await db.delete(address_proofs).where(sql`${address_proofs.expires_at} <= ${new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString()}::timestamptz`);
  return { unprovenAccounts: lapsed.length };
}
