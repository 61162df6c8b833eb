// A parent's consent for an account under 18 (issue 46, point 4; docs/decisions/privacy-personal-data.md, "Minors").
// Such an account is made at sign-up but cannot sign in until a parent, mailed a link,
// consents: until then the student browses as a guest, so they can neither take a test,
// pay nor win a prize, and nothing is kept beyond what asking needs (the name, the two
// e-mails, the date of birth). No answer in 7 days, or a refusal, erases the account; a
// parent who consented may withdraw from the same link, which closes and erases it.
import { randomBytes } from "node:crypto";
import { eq, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { pgErrorCode, rowsOf, type Db, type DbOrTx } from "~/db/client.server";
import { parental_consents, profiles, sessions, users } from "~/db/schema";
import { enqueueEmail, mailLocale, renderMail } from "~/services/email.server";
import { consume, LIMITS } from "~/services/rate-limit.server";
import { formatDate } from "~/utils/dates";
import { appUrl, minorsFilmed, parentalConsentRequired, parentVerified, supportEmail } from "~/utils/env.server";
import { formatINR } from "~/utils/money";
import { sha256Hex } from "~/utils/hash.server";
import { translator } from "~/utils/i18n.server";
import { ADULT_AGE, indiaDate, isMinor } from "~/models/accounts/age";
import { eraseAccountNow } from "~/models/accounts/personal-data.server";

/** The words a parent reads on /consent/{token}; a change to them gets a new version. */
export const consentTextVersion = () => (minorsFilmed() ? "2026-11-27.2" : "2026-12-07.1");
export const CONSENT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** A consent link is 32 random bytes, base64url: anything else is no link of ours. */
export const CONSENT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Whether a new account with this date of birth must wait for a parent. */
export const needsParent = (birthDate: string | null, now: Date) => parentalConsentRequired() && isMinor(birthDate, now);

/** "p•••@gmail.com": enough for the student to recognise the address they typed. */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*/, "$1•••");

/**
 * The SQL rule a signed-in session must pass (models/accounts/auth.server.ts): the user is
 * 18 or older, gave no date of birth (an account from before it was asked), or has a
 * parent's consent not withdrawn. With PARENTAL_CONSENT off every account passes.
 */
export function mayActSql(userId: SQL, now: Date): SQL {
  if (!parentalConsentRequired()) return sql`true`;
  const adultBornBy = adultBirthDateBy(now);
  return sql`NOT EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId} AND u.birth_date > ${adultBornBy}::date
     AND NOT EXISTS (SELECT 1 FROM parental_consents c WHERE c.user_id = u.id AND c.consented_at IS NOT NULL AND c.withdrawn_at IS NULL))`;
}

/**
 * Whether a proctoring snapshot of this user's entry may be kept (issue 47, point 3): an
 * adult's own agreement (`entryAgreedAt`, ticked on the camera check); for someone under 18
 * while PARENTAL_CONSENT is on, only their parent's, given on the consent page and not
 * withdrawn (the student's own tick does not count).
 */
export function snapshotConsentSql(userId: SQL, entryAgreedAt: SQL, now: SQL): SQL {
  // Never of someone the camera does not watch (filmedSql): under 18, unless the operator is an institution.
  if (!parentalConsentRequired()) return sql`(${filmedSql(userId, now)} AND ${entryAgreedAt} IS NOT NULL)`;
  return sql`(${filmedSql(userId, now)} AND CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId} AND u.birth_date > ${adultBornBySql(now)})
     THEN EXISTS (SELECT 1 FROM parental_consents c WHERE c.user_id = ${userId} AND c.consented_at IS NOT NULL AND c.withdrawn_at IS NULL AND c.evidence_agreed)
     ELSE ${entryAgreedAt} IS NOT NULL END)`;
}

/** Today in India less 18 years (29 February less 18 years is 28 February, as adultBirthDateBy). */
const adultBornBySql = (now: SQL) => sql`((${now}::timestamptz AT TIME ZONE 'Asia/Kolkata')::date - interval '${sql.raw(String(ADULT_AGE))} years')::date`;

/**
 * Whether the camera and the face check watch this user's test (issue 67, point 1;
 * docs/decisions/privacy-minors-not-filmed.md): an adult, or someone who gave no date of
 * birth, yes; someone under 18 only where the operator is an educational institution
 * (MINORS_PROCTORING=institution). The browser's events are noted for everyone.
 */
export function filmedSql(userId: SQL, now: SQL): SQL {
  if (minorsFilmed()) return sql`true`;
  return sql`(NOT EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId} AND u.birth_date > ${adultBornBySql(now)}))`;
}

/** filmedSql as text for the test API's hot statement: the user and the time as numbered parameters. */
export const filmedText = (userColumn: string, nowParam: string) => new PgDialect().sqlToQuery(filmedSql(sql.raw(userColumn), sql.raw(nowParam))).sql;

/** filmedSql for one user now: the camera check's page asks it. */
export async function isFilmed(db: DbOrTx, userId: string, now: Date) {
  const [row] = rowsOf<{ filmed: boolean }>(await db.execute(sql`SELECT ${filmedSql(sql`${userId}::uuid`, sql`${now.toISOString()}`)} AS filmed`));
  return row?.filmed === true;
}

/** Whether the user is under 18 today and so needs their parent's word (PARENTAL_CONSENT on). */
export async function parentDecides(db: DbOrTx, userId: string, now: Date) {
  if (!parentalConsentRequired()) return false;
  const [row] = await db.select({ birthDate: users.birth_date }).from(users).where(eq(users.id, userId));
  return isMinor(row?.birthDate ?? null, now);
}

/** The latest date of birth of someone who is 18 today in India. */
function adultBirthDateBy(now: Date) {
  const [y, m, d] = indiaDate(now).split("-");
  const year = Number(y) - ADULT_AGE;
  // On 29 February the date 18 years before may not exist: it is then the 28th (PostgreSQL would refuse the 29th).
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return `${year}-${m}-${m === "02" && d === "29" && !leap ? "28" : d}`;
}

/**
 * Mails the parent a link and records the question; in the caller's transaction. Only once the
 * child's own address is proven (address-proof.server.ts), so no stranger's sign-up reaches a parent.
 */
export async function askParent(tx: DbOrTx, input: { userId: string; childName: string; childEmail: string; parentEmail: string; locale: string; now: Date }) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(input.now.getTime() + CONSENT_WINDOW_MS);
  await tx.insert(parental_consents).values({
    user_id: input.userId,
    parent_email: input.parentEmail,
    token_hash: sha256Hex(token),
    text_version: consentTextVersion(),
    asked_at: input.now,
    expires_at: expiresAt,
  });
  await mailParent(tx, { token, childName: input.childName, childEmail: input.childEmail, parentEmail: input.parentEmail, locale: input.locale, expiresAt });
}

/**
 * The student tried to sign in while the parent has not answered: the parent is mailed
 * again (a new link; the old one stops working), at most three times a day, and the
 * account still lapses 7 days after it was made.
 */
export async function remindParent(db: Db, userId: string, now: Date) {
  if (await consume(db, `consent:remind:${userId}`, LIMITS.consentRemindersPerUser, now)) return;
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(parental_consents)
      .set({ token_hash: sha256Hex(token) })
      .where(sql`${parental_consents.user_id} = ${userId} AND ${parental_consents.consented_at} IS NULL AND ${parental_consents.expires_at} > ${now.toISOString()}::timestamptz`)
      .returning({ parentEmail: parental_consents.parent_email, expiresAt: parental_consents.expires_at });
    if (!row) return;
    const [who] = await tx.select({ name: profiles.full_name, locale: users.locale, email: users.email }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, userId));
    await mailParent(tx, { token, childName: who?.name ?? "", childEmail: who?.email ?? "", parentEmail: row.parentEmail, locale: who?.locale ?? "en", expiresAt: row.expiresAt });
  });
}

/**
 * The address's owner reset the password (account.server.ts): every link a parent holds for
 * this account stops working, so no link from before the reset can close or erase it
 * (issue 65, point 2). The parent the owner named keeps their say: a consent given stands
 * and its parent is mailed the new link; a question not yet answered is asked again with it.
 * In the reset's transaction.
 */
export async function renewParentLinks(tx: DbOrTx, input: { userId: string; now: Date }) {
  const rows = await tx
    .select({ id: parental_consents.id, parentEmail: parental_consents.parent_email, consentedAt: parental_consents.consented_at, expiresAt: parental_consents.expires_at })
    .from(parental_consents)
    .where(sql`${parental_consents.user_id} = ${input.userId} AND ${parental_consents.withdrawn_at} IS NULL AND (${parental_consents.consented_at} IS NOT NULL OR ${parental_consents.expires_at} > ${input.now.toISOString()}::timestamptz)`);
  if (rows.length === 0) return;
  const [who] = await tx.select({ name: profiles.full_name, locale: users.locale, email: users.email }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, input.userId));
  const child = { childName: who?.name ?? "", childEmail: who?.email ?? "", locale: who?.locale ?? "en" };
  for (const row of rows) {
    const token = randomBytes(32).toString("base64url");
    await tx.update(parental_consents).set({ token_hash: sha256Hex(token) }).where(eq(parental_consents.id, row.id));
    if (!row.consentedAt) {
      await mailParent(tx, { token, ...child, parentEmail: row.parentEmail, expiresAt: row.expiresAt });
      continue;
    }
    const locale = mailLocale(child.locale);
    const t = translator(locale);
    await enqueueEmail(tx, {
      to: row.parentEmail,
      subject: t("mail.consent.renewed.subject"),
      ...renderMail({
        heading: t("mail.consent.renewed.subject"),
        paragraphs: [t("mail.consent.renewed.body", { name: child.childName, email: child.childEmail })],
        action: { label: t("mail.consent.renewed.action"), url: `${appUrl()}/consent/${token}` },
        locale,
      }),
    });
  }
}

async function mailParent(tx: DbOrTx, input: { token: string; childName: string; childEmail: string; parentEmail: string; locale: string; expiresAt: Date }) {
  const locale = mailLocale(input.locale);
  const t = translator(locale);
  const values = { name: input.childName, email: input.childEmail, date: formatDate(input.expiresAt, locale) };
  await enqueueEmail(tx, {
    to: input.parentEmail,
    // No word the signer chose goes in the subject (issue 65, point 2): the name is in the body, quoted, beside its address.
    subject: t("mail.consent.subject"),
    ...renderMail({
      heading: t("mail.consent.heading"),
      paragraphs: [t("mail.consent.asked", values), t("mail.consent.until"), t("mail.consent.lapse", values)],
      action: { label: t("mail.consent.action"), url: `${appUrl()}/consent/${input.token}` },
      locale,
    }),
  });
}

/** Why a signed-in session is refused for this account, if it is: the parent has not answered (or withdrew). */
export async function awaitingParent(db: DbOrTx, userId: string, now: Date) {
  if (!parentalConsentRequired()) return null;
  const [row] = await db
    .select({ birthDate: users.birth_date, parentEmail: parental_consents.parent_email, consentedAt: parental_consents.consented_at, withdrawnAt: parental_consents.withdrawn_at })
    .from(users)
    .leftJoin(parental_consents, eq(parental_consents.user_id, users.id))
    .where(eq(users.id, userId));
  if (!row || !isMinor(row.birthDate, now) || (row.consentedAt && !row.withdrawnAt)) return null;
  // `answered`: the parent consented once (and withdrew): no link of any kind is mailed again.
  return { parentEmail: row.parentEmail ? maskEmail(row.parentEmail) : null, answered: row.consentedAt !== null };
}

/** Which route showed the parent to be an adult (models/accounts/parents/digilocker.server.ts). */
export type VerifiedBy = "digilocker" | "account" | "off";

export type ConsentView =
  | { status: "unknown" }
  | { status: "lapsed" }
  | { status: "asked"; childName: string; childEmail: string; birthDate: string; expiresAt: Date; childId: string; verifiedBy: VerifiedBy | null; verifiedAt: Date | null }
  | { status: "consented"; childName: string; consentedAt: Date; textVersion: string; snapshots: boolean; verifiedBy: VerifiedBy | null }
  | { status: "withdrawn"; withdrawnAt: Date; erased: boolean };

/** What the link's page shows: who asks, and where the answer stands. */
export async function consentByToken(db: DbOrTx, token: string, now: Date): Promise<ConsentView> {
  if (!CONSENT_TOKEN.test(token)) return { status: "unknown" };
  const [row] = await db
    .select({
      consent: parental_consents,
      childName: profiles.full_name,
      childEmail: users.email,
      birthDate: users.birth_date,
      erasedAt: users.erased_at,
    })
    .from(parental_consents)
    .innerJoin(users, eq(users.id, parental_consents.user_id))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(parental_consents.token_hash, sha256Hex(token)));
  if (!row) return { status: "unknown" };
  const c = row.consent;
  if (c.withdrawn_at) return { status: "withdrawn", withdrawnAt: c.withdrawn_at, erased: row.erasedAt !== null };
  const verifiedBy = c.verified_by as VerifiedBy | null;
  if (c.consented_at) return { status: "consented", childName: row.childName ?? "", consentedAt: c.consented_at, textVersion: c.text_version, snapshots: c.evidence_agreed, verifiedBy };
  if (c.expires_at <= now) return { status: "lapsed" };
  return { status: "asked", childName: row.childName ?? "", childEmail: row.childEmail, birthDate: row.birthDate ?? "", expiresAt: c.expires_at, childId: c.user_id, verifiedBy, verifiedAt: c.verified_at };
}

export type ConsentAnswer = "consent" | "refuse" | "withdraw";
export type AnswerResult =
  | { ok: true; answer: ConsentAnswer; erased: boolean }
  | { ok: false; reason: "unknown" | "lapsed" | "already-consented" | "not-consented" | "withdrawn" | "limited" | "not-verified" };

/**
 * The parent's answer, once: consent (recorded with its time and the text's version),
 * refuse (the account is erased at once), or, after consenting, withdraw (sessions end at
 * once; the account is erased, or as soon as its open money and orders allow). A link
 * that is forged, lapsed or already answered that way writes nothing.
 */
export async function answerConsent(db: Db, input: { token: string; answer: ConsentAnswer; ip: string; now: Date; snapshots?: boolean }): Promise<AnswerResult> {
  if (await consume(db, `consent:ip:${input.ip}`, LIMITS.consentAnswersPerIp, input.now)) return { ok: false, reason: "limited" };
  if (!CONSENT_TOKEN.test(input.token)) return { ok: false, reason: "unknown" };
  const result = await db.transaction(async (tx): Promise<AnswerResult & { userId?: string; locale?: string; childEmail?: string }> => {
    const [row] = await tx
      .select({ consent: parental_consents, locale: users.locale, childEmail: users.email, erasedAt: users.erased_at })
      .from(parental_consents)
      .innerJoin(users, eq(users.id, parental_consents.user_id))
      .where(eq(parental_consents.token_hash, sha256Hex(input.token)))
      .for("update");
    if (!row) return { ok: false, reason: "unknown" };
    const c = row.consent;
    if (c.withdrawn_at) return { ok: false, reason: "withdrawn" };
    const who = { userId: c.user_id, locale: row.locale, childEmail: row.childEmail };
    if (input.answer === "withdraw") {
      if (!c.consented_at) return { ok: false, reason: "not-consented" };
      await tx.update(parental_consents).set({ withdrawn_at: input.now }).where(eq(parental_consents.id, c.id));
      await tx.delete(sessions).where(eq(sessions.user_id, c.user_id));
      return { ok: true, answer: "withdraw", erased: false, ...who };
    }
    if (c.consented_at) return { ok: false, reason: "already-consented" };
    if (c.expires_at <= input.now) return { ok: false, reason: "lapsed" };
    if (input.answer === "refuse") {
      // Nothing but the question was ever kept: the account goes whole. One its owner started over
      // (address-proof.server.ts) may hold records the law keeps: it is erased below instead.
      const deleted = await tx
        .transaction(async (sp) => (await sp.delete(users).where(eq(users.id, c.user_id)), true))
        .catch((error: unknown) => {
          if (pgErrorCode(error) !== "23503") throw error;
          return false;
        });
      return { ok: true, answer: "refuse", erased: deleted, ...who };
    }
    // Only a parent shown to be an adult consents (issue 67, point 2): through DigiLocker or a verified account first;
    // where the operator turned verification off (outside India), the record says so.
    if (parentVerified() && !c.verified_by) return { ok: false, reason: "not-verified" };
    const unverified = c.verified_by ? {} : { verified_by: "off", verified_at: input.now };
    await tx
      .update(parental_consents)
      // Pictures only where the camera watches a minor at all (MINORS_PROCTORING=institution): a crafted tick keeps none.
      .set({ consented_at: input.now, text_version: consentTextVersion(), evidence_agreed: minorsFilmed() && input.snapshots === true, ...unverified })
      .where(eq(parental_consents.id, c.id));
    return { ok: true, answer: "consent", erased: false, ...who };
  });
  if (!result.ok) return result;
  const { userId, locale, childEmail, ...answered } = result;
  if (answered.answer === "refuse" && !answered.erased) answered.erased = (await eraseAccountNow(db, userId!, input.now)).ok;
  if (answered.answer === "withdraw") {
    const erasure = await eraseAccountNow(db, userId!, input.now);
    answered.erased = erasure.ok;
    // What is still open waits for a person (issue 65, point 4): the account is closed and its payouts are
    // held by mayActSql, but only support can settle a prize owed to a minor whose parent said no.
    if (!erasure.ok) await tellSupportOfWithdrawal(db, { userId: userId!, email: childEmail!, reason: erasure.reason, now: input.now });
  }
  await tellStudent(db, answered.answer, childEmail!, locale!);
  return answered;
}

async function tellStudent(db: DbOrTx, answer: ConsentAnswer, email: string, userLocale: string) {
  const locale = mailLocale(userLocale);
  const t = translator(locale);
  const [subject, body] = (
    {
      consent: ["mail.consent.consented.subject", "mail.consent.consented.body"],
      refuse: ["mail.consent.refused.subject", "mail.consent.refused.body"],
      withdraw: ["mail.consent.withdrawn.subject", "mail.consent.withdrawn.body"],
    } as const
  )[answer];
  await enqueueEmail(db, {
    to: email,
    subject: t(subject),
    ...renderMail({
      heading: t(subject),
      paragraphs: [t(body)],
      action: answer === "consent" ? { label: t("mail.consent.consented.action"), url: `${appUrl()}/login` } : undefined,
      locale,
    }),
  });
}

const STILL_OPEN: Record<string, string> = {
  "open-payout": "a prize or earnings payout not yet paid",
  "open-refund": "a refund not yet sent",
  "open-order": "an order line not yet done",
};

/**
 * Support's notice that a withdrawal left an account closed but not erased, in English
 * (contact.server.ts, like every mail to support), with each payout not yet paid: a queued
 * one is never sent now, one already on its way cannot be called back.
 */
async function tellSupportOfWithdrawal(db: DbOrTx, input: { userId: string; email: string; reason: string; now: Date }) {
  const open = rowsOf<{ id: string; net: number; status: string; title: string | null }>(
    await db.execute(sql`SELECT p.id, p.net, p.status, c.title FROM payouts p LEFT JOIN contests c ON c.id = p.contest_id
                          WHERE p.user_id = ${input.userId} AND p.status <> 'paid' ORDER BY p.created_at`),
  );
  await enqueueEmail(db, {
    to: supportEmail(),
    subject: `[Consent withdrawn] Account ${input.userId} is closed with money or an order open`,
    ...renderMail({
      heading: "A parent withdrew consent while something was still open",
      paragraphs: [
        `The parent of ${input.email} (account ${input.userId}, under 18) withdrew consent on ${input.now.toISOString()}. The account is closed: no login, no session, and none of its payouts is sent. It could not be erased yet: ${STILL_OPEN[input.reason] ?? input.reason}.`,
        ...open.map((p) => `Payout ${p.id}: ${formatINR(p.net)}${p.title ? ` (prize of ${p.title})` : " (earnings)"}, ${p.status === "processing" ? "already sent to the gateway before the withdrawal" : `${p.status}, held`}.`),
        "Please settle it with the parent (docs/decisions/privacy-personal-data.md, \"A withdrawn consent stops money\"): a payout paid by hand is recorded as paid with the bank's reference. Housekeeping erases the account once nothing is open.",
      ],
    }),
  });
}

/**
 * Housekeeping (models/accounts/housekeeping.server.ts): an account whose parent did not
 * answer within 7 days goes whole; one whose consent was withdrawn while money or an
 * order was still open is erased once they have finished.
 */
export async function sweepParentalConsents(db: Db, now: Date) {
  // DigiLocker sign-ins never finished (models/accounts/parents/digilocker.server.ts): their state and verifier go after 10 minutes.
  await db.execute(sql`DELETE FROM consent_verifications WHERE expires_at <= ${now.toISOString()}::timestamptz`);
  const lapsed = rowsOf<{ user_id: string }>(
    await db.execute(sql`SELECT c.user_id FROM parental_consents c JOIN users u ON u.id = c.user_id
                          WHERE c.consented_at IS NULL AND c.expires_at <= ${now.toISOString()}::timestamptz AND u.erased_at IS NULL LIMIT 100`),
  );
  let lapsedAccounts = 0;
  for (const { user_id } of lapsed) {
    // An account started over by its owner (address-proof.server.ts) may hold records the law keeps: it is erased, not deleted.
    const gone = await db
      .transaction(async (tx) => (await tx.delete(users).where(eq(users.id, user_id)).returning({ id: users.id })).length > 0)
      .catch(async (error: unknown) => {
        if (pgErrorCode(error) !== "23503") throw error;
        return (await eraseAccountNow(db, user_id, now)).ok;
      });
    if (gone) lapsedAccounts++;
  }
  const waiting = rowsOf<{ user_id: string }>(
    await db.execute(sql`SELECT c.user_id FROM parental_consents c JOIN users u ON u.id = c.user_id WHERE c.withdrawn_at IS NOT NULL AND u.erased_at IS NULL LIMIT 100`),
  );
  let erased = 0;
  for (const { user_id } of waiting) if ((await eraseAccountNow(db, user_id, now)).ok) erased++;
  return { lapsedAccounts, withdrawnErased: erased };
}
