// The challenge form's schema (./challenges.ts has its rules), apart so that only the
// route's action imports Zod: the page itself never ships it (app/utils/use-schema-form.ts).
import { z } from "zod";
import { msgText } from "~/utils/i18n";
import { CHALLENGE_REASON_MAX, CHALLENGE_SOURCE_MAX } from "~/models/contests/challenges/challenges";

/** A challenge as the form sends it. The question is named by its id; the rest is the student's words. */
export const ChallengeSchema = z.object({
  questionId: z.string().uuid(msgText({ id: "results.challenge.noQuestion" })),
  reason: z
    .string({ required_error: msgText({ id: "results.challenge.needReason" }) })
    .trim()
    .min(1, msgText({ id: "results.challenge.needReason" }))
    .max(CHALLENGE_REASON_MAX, msgText({ id: "results.challenge.reasonLong", values: { max: CHALLENGE_REASON_MAX } })),
  source: z
    .string()
    .trim()
    .max(CHALLENGE_SOURCE_MAX, msgText({ id: "results.challenge.sourceLong", values: { max: CHALLENGE_SOURCE_MAX } }))
    .regex(/^https?:\/\/\S+$/, msgText({ id: "results.challenge.sourceBad" }))
    .optional(),
  // The options the student says are right, by number (the form names each by its letter and id).
  claimed: z.array(z.coerce.number().int().min(1, msgText({ id: "results.challenge.badOption" })).max(26, msgText({ id: "results.challenge.badOption" }))).max(26).optional(),
});
export type Challenge = z.infer<typeof ChallengeSchema>;

