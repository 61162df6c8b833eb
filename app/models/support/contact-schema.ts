import { z } from "zod";
import { CONTACT_SUBJECTS } from "~/utils/enums";
import { CONTACT_MAX, CONTACT_SENT, SUBJECT_LABELS } from "~/models/support/contact-copy";
import { isEmail } from "~/utils/email";
import { msgText, type MessageId } from "~/utils/i18n";

export { CONTACT_MAX, CONTACT_SENT, SUBJECT_LABELS };

const required = (message: MessageId, max: number, tooLong: MessageId) =>
  z
    .string({ required_error: msgText({ id: message }) })
    .trim()
    .min(1, msgText({ id: message }))
    .max(max, msgText({ id: tooLong, values: { max } }));

export const ContactSchema = z.object({
  name: required("pages.contact.error.name", CONTACT_MAX.name, "pages.contact.error.nameLong"),
  email: required("pages.contact.error.email", CONTACT_MAX.email, "pages.contact.error.emailBad").refine(isEmail, msgText({ id: "pages.contact.error.emailBad" })),
  subject: z.enum(CONTACT_SUBJECTS, { errorMap: () => ({ message: msgText({ id: "pages.contact.error.subject" }) }) }),
  message: required("pages.contact.error.message", CONTACT_MAX.message, "pages.contact.error.messageLong"),
  privacy: z.literal("on", { errorMap: () => ({ message: msgText({ id: "pages.contact.error.privacy" }) }) }),
});
