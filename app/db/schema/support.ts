// Support, mail and analytics: contact requests, the e-mail outbox, first-party events.
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { CONTACT_SUBJECTS, EMAIL_STATUSES } from "../../utils/enums";
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
