import { z } from "zod";
import { CONTACT_SUBJECTS } from "~/utils/enums";
import { CONTACT_MAX, CONTACT_SENT, SUBJECT_LABELS } from "~/models/support/contact-copy";
import { isEmail } from "~/utils/email";

export { CONTACT_MAX, CONTACT_SENT, SUBJECT_LABELS };

const required = (message: string, max: number, tooLong: string) =>
  z
    .string({ required_error: message })
    .trim()
    .min(1, message)
    .max(max, tooLong);

export const ContactSchema = z.object({
  name: required("Please enter your name", CONTACT_MAX.name, `Name must be at most ${CONTACT_MAX.name} characters`),
  email: required("Please enter your email", CONTACT_MAX.email, "Please enter a valid email address").refine(isEmail, "Please enter a valid email address"),
  subject: z.enum(CONTACT_SUBJECTS, { errorMap: () => ({ message: "Please choose a subject" }) }),
  message: required("Please enter your message", CONTACT_MAX.message, `Message must be at most ${CONTACT_MAX.message} characters`),
  privacy: z.literal("on", { errorMap: () => ({ message: "Please accept the privacy policy" }) }),
});
