// What the contact page says, without Zod (contact-schema.ts checks the form on the server).
import type { CONTACT_SUBJECTS } from "~/utils/enums";
import type { MessageId, Msg } from "~/utils/i18n";

/** The contact form's field lengths, written once: the inputs' maxLength and the schema read them. */
export const CONTACT_MAX = { name: 100, email: 254, message: 5000 } as const;

export const CONTACT_SENT: Msg = { id: "pages.contact.sent" };
/** The flash after a message is sent: the spec's sentence, then its ticket number (issue 67, point 4). */
export const contactSentWithTicket = (ticket: string): Msg => ({ id: "pages.contact.sentTicket", values: { ticket } });

/** Each subject's label (its message id; the support team's mail names it in English). */
export const SUBJECT_LABELS: Record<(typeof CONTACT_SUBJECTS)[number], MessageId> = {
  payment: "pages.contact.subject.payment",
  contest: "pages.contact.subject.contest",
  technical: "pages.contact.subject.technical",
  account: "pages.contact.subject.account",
  other: "pages.contact.subject.other",
};
