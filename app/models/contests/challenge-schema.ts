// The challenge form's schema (./challenges.ts has its rules), apart so that only the
// route's action imports Zod: the page itself never ships it (app/utils/use-schema-form.ts).
import { z } from "zod";
import { CHALLENGE_REASON_MAX, CHALLENGE_SOURCE_MAX } from "~/models/contests/challenges";

/** A challenge as the form sends it. The question is named by its id; the rest is the student's words. */
export const ChallengeSchema = z.object({
  questionId: z.string().uuid("Choose a question to challenge."),
  reason: z
    .string({ required_error: "Say why you think the key is wrong." })
    .trim()
    .min(1, "Say why you think the key is wrong.")
    .max(CHALLENGE_REASON_MAX, `Keep the reason to ${CHALLENGE_REASON_MAX} characters or fewer.`),
  source: z
    .string()
    .trim()
    .max(CHALLENGE_SOURCE_MAX, `Keep the link to ${CHALLENGE_SOURCE_MAX} characters or fewer.`)
    .regex(/^https?:\/\/\S+$/, "Give a link that starts with http:// or https://, or leave it empty.")
    .optional(),
});
export type Challenge = z.infer<typeof ChallengeSchema>;

