// What the contact page says, without Zod (contact-schema.ts checks the form on the server).
import type { CONTACT_SUBJECTS } from "~/utils/enums";

/** The contact form's field lengths, written once: the inputs' maxLength and the schema read them. */
export const CONTACT_MAX = { name: 100, email: 254, message: 5000 } as const;

export const CONTACT_SENT = "Your message has been sent! We'll get back to you soon.";

export const SUBJECT_LABELS: Record<(typeof CONTACT_SUBJECTS)[number], string> = {
  payment: "Payment",
  contest: "Contest",
  technical: "Technical issue",
  account: "Account",
  other: "Other",
};
