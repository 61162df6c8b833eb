// The blog actions' limits and messages, without Zod (the page imports these; schemas.ts checks them on the server).
import type { Msg } from "~/utils/i18n";

export const COMMENT_MAX_CHARS = 1000;

export const BLOG_MESSAGES = {
  commentRequired: { id: "blog.error.required" },
  commentTooLong: { id: "blog.error.tooLong", values: { max: COMMENT_MAX_CHARS } },
  tooMany: { id: "blog.error.tooMany" },
} as const satisfies Record<string, Msg>;

export const BLOG_ACTIONS = ["like", "bookmark", "comment"] as const;
