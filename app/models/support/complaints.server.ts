// Complaints on a clock (issue 67, point 4; docs/decisions/support-complaints.md). Each
// complaint, wherever it starts (the contact form, a seller's return dispute, a student's
// appeal), is opened in the transaction that records it: a ticket number, the
// acknowledgement mailed at once and a resolution due in a month. Anyone holding the number
// follows it without signing in (nothing personal in the answer; guesses counted per
// address); support's register lists what is open, oldest first, with the two clocks.
import { randomInt } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { complaints } from "~/db/schema";
import { enqueueEmail, renderMail } from "~/services/email.server";
import { LIMITS, lookUpCountingMisses } from "~/services/rate-limit.server";
import { formatDateTime } from "~/utils/dates";
import { appUrl, operatorDetails } from "~/utils/env.server";
import type { Locale, Msg } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";
import { ACK_HOURS, COMPLAINT_KIND_LABELS, complaintClock, complaintDueAt, normalizeTicket, TICKET_ALPHABET, TICKET_LENGTH, type ComplaintKind } from "~/models/support/complaints";

/** A new ticket number: `SA-` and ten random base32 characters (50 bits), not a count anyone could step through. */
export function newTicket(): string {
  let code = "";
  for (let i = 0; i < TICKET_LENGTH; i++) code += TICKET_ALPHABET[randomInt(TICKET_ALPHABET.length)];
  return `SA-${code}`;
}

export type Reader = { email: string; locale: Locale };

/**
 * Opens a complaint inside the caller's transaction: the row, and its acknowledgement to
 * the person who made it (and to `alsoTell`, the other party a case is about), each in
 * their language. Answers the ticket number for the screen that confirms it.
 */
export async function openComplaint(
  tx: DbOrTx,
  input: { kind: ComplaintKind; ref: string; userId: string | null; from: Reader; alsoTell?: Reader[]; now: Date },
): Promise<{ ticket: string; dueAt: Date }> {
  const dueAt = complaintDueAt(input.now);
  let ticket = "";
  // Fifty random bits: a collision is a freak, so another draw rather than an error.
  for (let attempt = 0; attempt < 5 && !ticket; attempt++) {
    const candidate = newTicket();
    const [row] = await tx
      .insert(complaints)
      .values({ ticket: candidate, kind: input.kind, ref: input.ref, user_id: input.userId, email: input.from.email, received_at: input.now, due_at: dueAt })
      .onConflictDoNothing()
      .returning({ ticket: complaints.ticket });
    if (row) ticket = row.ticket;
  }
  if (!ticket) throw new Error("no free ticket number after five draws");
  for (const reader of [input.from, ...(input.alsoTell ?? [])]) await enqueueEmail(tx, acknowledgement(reader, { ticket, kind: input.kind, receivedAt: input.now, dueAt }));
  return { ticket, dueAt };
}

/** The acknowledgement: the number, what it is about, the two clocks, where to follow it and whom to escalate to. */
export function acknowledgement(to: Reader, c: { ticket: string; kind: ComplaintKind; receivedAt: Date; dueAt: Date }) {
  const t = translator(to.locale);
  const officer = operatorDetails().grievanceOfficer;
  const url = statusUrl(c.ticket);
  return {
    to: to.email,
    subject: t("mail.complaint.subject", { ticket: c.ticket }),
    ...renderMail({
      locale: to.locale,
      heading: t("mail.complaint.heading", { ticket: c.ticket }),
      paragraphs: [
        t("mail.complaint.received", { kind: t(COMPLAINT_KIND_LABELS[c.kind]), when: formatDateTime(c.receivedAt, to.locale), ticket: c.ticket }),
        t("mail.complaint.clock", { hours: ACK_HOURS, due: formatDateTime(c.dueAt, to.locale) }),
        t("mail.complaint.follow", { url }),
        t("mail.complaint.officer", { name: officer.name, email: officer.email, phone: officer.phone }),
      ],
      action: { label: t("mail.complaint.action"), url },
    }),
  };
}

export const statusUrl = (ticket: string) => `${appUrl()}/complaints?ticket=${encodeURIComponent(ticket)}`;

/** The complaints about one thing are resolved (an appeal decided, a disputed return settled). */
export async function resolveComplaintsAbout(tx: DbOrTx, ref: string, now: Date) {
  await tx
    .update(complaints)
    .set({ resolved_at: sql`GREATEST(${complaints.received_at}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(complaints.ref, ref), isNull(complaints.resolved_at)));
}

export type ComplaintLookup =
  | { kind: "found"; complaint: { ticket: string; kind: ComplaintKind; received_at: Date; due_at: Date; answered_at: Date | null; resolved_at: Date | null } }
  | { kind: "malformed" }
  | { kind: "unknown" }
  | { kind: "limited"; retryAfterS: number };

/** What an address told to wait reads, in minutes (the window is an hour). */
export const complaintLimitedMessage = (retryAfterS: number): Msg => ({ id: "pages.complaints.limited", values: { minutes: Math.ceil(retryAfterS / 60) } });

/**
 * A ticket looked up for someone at this address, its misses counted as a certificate's
 * code's are (lookUpCountingMisses in app/services/rate-limit.server.ts). A malformed
 * number is never looked up. The answer
 * holds no name, address or words: only where the complaint stands.
 */
export async function lookUpComplaint(db: DbOrTx, input: { typed: string; ip: string; now: Date }): Promise<ComplaintLookup> {
  const ticket = normalizeTicket(input.typed);
  if (!ticket) return { kind: "malformed" };
  const looked = await lookUpCountingMisses(db, { key: `complaints:ip:${input.ip}`, limit: LIMITS.complaintMissesPerIp, now: input.now }, async () => {
    const [complaint] = await db
      .select({ ticket: complaints.ticket, kind: complaints.kind, received_at: complaints.received_at, due_at: complaints.due_at, answered_at: complaints.answered_at, resolved_at: complaints.resolved_at })
      .from(complaints)
      .where(eq(complaints.ticket, ticket));
    return complaint;
  });
  return looked.kind === "found" ? { kind: "found", complaint: looked.value } : looked;
}

/**
 * Support's register (docs/admin-sql.md, "Complaints", reads the same): every open
 * complaint, oldest first, with whether it is past 48 hours without an answer and past
 * its month without a resolution at `now`.
 */
export async function complaintRegister(db: DbOrTx, now: Date, limit = 200) {
  const rows = await db
    .select({
      ticket: complaints.ticket,
      kind: complaints.kind,
      ref: complaints.ref,
      email: complaints.email,
      received_at: complaints.received_at,
      due_at: complaints.due_at,
      answered_at: complaints.answered_at,
      resolved_at: complaints.resolved_at,
    })
    .from(complaints)
    .where(isNull(complaints.resolved_at))
    .orderBy(asc(complaints.received_at), asc(complaints.ticket))
    .limit(limit);
  return rows.map((row) => ({ ...row, ...complaintClock(row, now) }));
}
