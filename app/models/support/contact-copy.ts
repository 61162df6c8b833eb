// What the contact page says, without Zod (contact-schema.ts checks the form on the server).
import type { CONTACT_SUBJECTS } from "~/utils/enums";

export const CONTACT_SENT = "Your message has been sent! We'll get back to you soon.";

export const SUBJECT_LABELS: Record<(typeof CONTACT_SUBJECTS)[number], string> = {
  payment: "Payment",
  contest: "Contest",
  technical: "Technical issue",
  account: "Account",
  other: "Other",
};
