// The review screen's and the appeal page's forms (./review.server.ts has the rules), apart so
// that only the routes' actions import Zod.
import { z } from "zod";
import { msgText } from "~/utils/i18n";
import { APPEAL_STATEMENT_MAX, REVIEW_REASON_MAX } from "~/models/contests/review/review";

/** A reviewer's decision on one entry, named by its student's id; a disqualification's reason is checked by the rules. */
export const ReviewDecisionSchema = z.object({
  intent: z.enum(["clear", "disqualify", "uphold", "reject"]),
  userId: z.string().uuid(),
  reason: z
    .string()
    .max(REVIEW_REASON_MAX, msgText({ id: "review.error.reasonLong", values: { max: REVIEW_REASON_MAX } }))
    .optional()
    .transform((v) => v ?? ""),
});

/** A disqualified student's statement. */
export const AppealSchema = z.object({
  statement: z
    .string({ required_error: msgText({ id: "review.appeal.needStatement" }) })
    .trim()
    .min(1, msgText({ id: "review.appeal.needStatement" }))
    .max(APPEAL_STATEMENT_MAX, msgText({ id: "review.appeal.statementLong", values: { max: APPEAL_STATEMENT_MAX } })),
});
