// The blog reader's forms (docs/product/marketplace.md §3, §5): like and bookmark say which state
// they set (so pressing twice is harmless), a comment needs non-blank text of bounded length.
import { msgText } from "~/utils/i18n";
import { z } from "zod";
import { BLOG_ACTIONS, BLOG_MESSAGES, COMMENT_MAX_CHARS } from "~/models/blog/comment-rules";
import { stripBidiControls } from "~/utils/text";

export { BLOG_ACTIONS, BLOG_MESSAGES, COMMENT_MAX_CHARS };

export const BlogActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("like"), on: z.enum(["1", "0"]) }),
  z.object({ intent: z.literal("bookmark"), on: z.enum(["1", "0"]) }),
  z.object({
    intent: z.literal("comment"),
    content: z
      .string({ required_error: msgText(BLOG_MESSAGES.commentRequired) })
      .transform((s) => stripBidiControls(s).trim())
      // Conform turns the trimmed empty string into undefined here too, hence the message twice.
      .pipe(z.string({ required_error: msgText(BLOG_MESSAGES.commentRequired) }).min(1, msgText(BLOG_MESSAGES.commentRequired)).max(COMMENT_MAX_CHARS, msgText(BLOG_MESSAGES.commentTooLong))),
  }),
]);
