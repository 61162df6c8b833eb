// Complaints on a clock (docs/decisions/support-complaints.md): the ticket number's form and
// the two clocks the Consumer Protection (E-Commerce) Rules, 2020 set, an acknowledgement
// within 48 hours and a resolution within one month of receipt. Pure, so the status page,
// support's register and the unit tests read the same rules; every clock takes `now`.
import type { COMPLAINT_KINDS } from "~/utils/enums";
import type { MessageId } from "~/utils/i18n";

export type ComplaintKind = (typeof COMPLAINT_KINDS)[number];

/** Hours within which a person must have heard from us (the mail at once; support's answer by then). */
// The footer states it on every page, so it lives with the policy the browser already has.
export { ACK_HOURS } from "~/models/support/policy";
import { ACK_HOURS } from "~/models/support/policy";

/** Crockford's base32: no I, L, O or U, so a number read aloud or typed from a mail is not mistaken. */
export const TICKET_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const TICKET_LENGTH = 10;
/** What the form accepts at most: `SA-` and ten characters, with some spaces or dashes a person may add. */
export const TICKET_TYPED_MAX = 40;

/** A ticket number as typed (any case, spaces and dashes, with or without `SA`, O for 0, I or L for 1) in its one form, or null. */
export function normalizeTicket(typed: string): string | null {
  let code = typed.toUpperCase().replace(/[\s\-_.]/g, "");
  if (code.length === TICKET_LENGTH + 2 && code.startsWith("SA")) code = code.slice(2);
  code = code.replace(/O/g, "0").replace(/[IL]/g, "1");
  if (code.length !== TICKET_LENGTH || [...code].some((c) => !TICKET_ALPHABET.includes(c))) return null;
  return `SA-${code}`;
}

/** India's offset: the month is counted on India's calendar (no daylight saving to mind). */
const INDIA_MS = 330 * 60_000;

/**
 * One calendar month after receipt, at the same time of day in India; a day the next month
 * lacks (31 January) becomes its last day (28 or 29 February), as PostgreSQL's
 * `+ interval '1 month'` does.
 */
export function complaintDueAt(receivedAt: Date): Date {
  const local = new Date(receivedAt.getTime() + INDIA_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 2, 0)).getUTCDate();
  const due = Date.UTC(year, month + 1, Math.min(local.getUTCDate(), lastDay), local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds(), local.getUTCMilliseconds());
  return new Date(due - INDIA_MS);
}

export type ComplaintTimes = { received_at: Date; due_at: Date; answered_at: Date | null; resolved_at: Date | null };

/** Where a complaint stands: received (acknowledged by mail), answered by support, or resolved. */
export function complaintState(c: Pick<ComplaintTimes, "answered_at" | "resolved_at">): "received" | "answered" | "resolved" {
  if (c.resolved_at) return "resolved";
  return c.answered_at ? "answered" : "received";
}

/** What support's register flags: no answer past 48 hours, and no resolution past the month. */
export function complaintClock(c: ComplaintTimes, now: Date) {
  const open = !c.resolved_at;
  return {
    unanswered: open && !c.answered_at && now.getTime() - c.received_at.getTime() > ACK_HOURS * 3_600_000,
    overdue: open && now.getTime() > c.due_at.getTime(),
  };
}

export const COMPLAINT_KIND_LABELS: Record<ComplaintKind, MessageId> = {
  contact: "pages.complaints.kind.contact",
  return_dispute: "pages.complaints.kind.return_dispute",
  appeal: "pages.complaints.kind.appeal",
};

export const COMPLAINT_STATE_LABELS: Record<ReturnType<typeof complaintState>, MessageId> = {
  received: "pages.complaints.state.received",
  answered: "pages.complaints.state.answered",
  resolved: "pages.complaints.state.resolved",
};
