// The practice page's and the bookmark button's forms (./practice.server.ts and
// ./revision.server.ts have the rules), apart so that only the routes' actions import Zod.
import { z } from "zod";
import { PRACTICE_SCOPES } from "~/utils/enums";

/** A new practice attempt: the whole paper or the wrong ones only. */
export const StartPracticeSchema = z.object({ scope: z.enum(PRACTICE_SCOPES) });

/** A question bookmarked or not, and the page to go back to (a path of this site only: safeRedirect). */
export const BookmarkSchema = z.object({
  intent: z.enum(["add", "remove"]),
  questionId: z.string().uuid(),
  back: z.string().max(300).optional(),
});
