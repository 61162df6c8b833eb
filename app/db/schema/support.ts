// Support, mail and analytics: contact requests, the e-mail outbox, first-party events.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { COMPLAINT_KINDS, CONTACT_SUBJECTS, EMAIL_STATUSES } from "../../utils/enums";
import { createdAt, id, oneOf, time } from "./columns";
import { users } from "./accounts";

export const contact_requests = pgTable(
  "contact_requests",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject", { enum: CONTACT_SUBJECTS }).notNull(),
    message: text("message").notNull(),
    user_id: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    check("contact_requests_subject", oneOf(t.subject, CONTACT_SUBJECTS)),
    index("contact_requests_created_idx").on(t.created_at),
  ],
);

// Complaints on a clock (docs/decisions/support-complaints.md): every complaint has a ticket number the
// person follows without signing in, an acknowledgement mailed at once, an answer owed within 48 hours
// and a resolution within a month (due_at). `ref` names what it is about (contact:<id>,
// order-line:<id>, appeal:<contest>:<user>), so the step that settles it can resolve it.
export const complaints = pgTable(
  "complaints",
  {
    id: id(),
    ticket: text("ticket").notNull(),
    kind: text("kind", { enum: COMPLAINT_KINDS }).notNull(),
    ref: text("ref").notNull(),
    user_id: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    received_at: time("received_at").notNull(),
    due_at: time("due_at").notNull(),
    answered_at: time("answered_at"),
    resolved_at: time("resolved_at"),
  },
  (t) => [
    uniqueIndex("complaints_ticket_idx").on(t.ticket),
    check("complaints_kind", oneOf(t.kind, COMPLAINT_KINDS)),
    check("complaints_ticket_form", sql`${t.ticket} ~ '^SA-[0-9A-HJKMNP-TV-Z]{10}$'`),
    check("complaints_clock", sql`${t.due_at} > ${t.received_at} AND (${t.answered_at} IS NULL OR ${t.answered_at} >= ${t.received_at}) AND (${t.resolved_at} IS NULL OR ${t.resolved_at} >= ${t.received_at})`),
    // Support's register: what is open, oldest first.
    index("complaints_open_idx").on(t.received_at).where(sql`${t.resolved_at} IS NULL`),
    index("complaints_ref_idx").on(t.ref),
    index("complaints_user_idx").on(t.user_id),
  ],
);

// Every mail is written here in the transaction that causes it, then delivered.
export const email_outbox = pgTable(
  "email_outbox",
  {
    id: id(),
    to_address: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    last_error: text("last_error"),
    next_attempt_at: time("next_attempt_at").notNull().defaultNow(),
    created_at: createdAt(),
    sent_at: time("sent_at"),
  },
  (t) => [index("email_outbox_due_idx").on(t.status, t.next_attempt_at), check("email_outbox_status", oneOf(t.status, EMAIL_STATUSES))],
);

// First-party analytics (no third-party script): e.g. 'Outbound click' labelled 'User'.
export const analytics_events = pgTable(
  "analytics_events",
  {
    id: id(),
    name: text("name").notNull(),
    label: text("label"),
    path: text("path"),
    target: text("target"),
    user_id: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [index("analytics_events_name_created_idx").on(t.name, t.created_at)],
);
