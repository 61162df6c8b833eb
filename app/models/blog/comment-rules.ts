// The blog actions' limits and messages, without Zod (the page imports these; schemas.ts checks them on the server).

export const COMMENT_MAX_CHARS = 1000;

export const BLOG_MESSAGES = {
  commentRequired: "Please write a comment first.",
  commentTooLong: `Comments can be at most ${COMMENT_MAX_CHARS} characters.`,
  tooMany: "You have commented a lot in the last hour. Please try again later.",
} as const;

export const BLOG_ACTIONS = ["like", "bookmark", "comment"] as const;
