import { z } from "zod";
import { CONTACT_SUBJECTS } from "~/utils/enums";
import { CONTACT_SENT, SUBJECT_LABELS } from "~/models/support/contact-copy";
import { isEmail } from "~/utils/email";

export { CONTACT_SENT, SUBJECT_LABELS };

const required = (message: string, max: number, tooLong: string) =>
  z
    .string({ required_error: message })
    .trim()
    .min(1, message)
    .max(max, tooLong);

export const ContactSchema = z.object({
  name: required("Please enter your name", 100, "Name must be at most 100 characters"),
  email: required("Please enter your email", 254, "Please enter a valid email address").refine(isEmail, "Please enter a valid email address"),
  subject: z.enum(CONTACT_SUBJECTS, { errorMap: () => ({ message: "Please choose a subject" }) }),
  message: required("Please enter your message", 5000, "Message must be at most 5000 characters"),
  privacy: z.literal("on", { errorMap: () => ({ message: "Please accept the privacy policy" }) }),
});
