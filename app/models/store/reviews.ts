// Reviews' limits, messages and form reading, without server code (the order page and
// the product page import these; reviews.server.ts saves and reads them).
import { stripBidiControls, stripControlChars } from "~/utils/text";

export const REVIEW_MAX_CHARS = 1000;
export const REVIEWS_PER_PAGE = 10;

export const REVIEW_MESSAGES = {
  ratingRequired: "Choose from 1 to 5 stars.",
  bodyRequired: "Write a few words about the book (at least 3 characters).",
  bodyTooLong: `Reviews can be at most ${REVIEW_MAX_CHARS} characters.`,
  tooMany: "You have written a lot of reviews in the last hour. Please try again later.",
  saved: "Thanks! Your review is on the book's page.",
  updated: "Your review is updated.",
} as const;

export type ReviewFields = { rating: number; body: string };
export type ReviewErrors = Partial<Record<"rating" | "body", string>>;

/** The rating (1-5) and the text, as the form sent them: cleaned (bidi and control characters out, one paragraph breaks kept) and bounded, or what is wrong. */
export function readReview(rawRating: FormDataEntryValue | null, rawBody: FormDataEntryValue | null): { ok: true; review: ReviewFields } | { ok: false; errors: ReviewErrors } {
  const rating = typeof rawRating === "string" && /^[1-5]$/.test(rawRating) ? Number(rawRating) : null;
  const body = typeof rawBody === "string" ? stripBidiControls(stripControlChars(rawBody)).replace(/[ \t]+/g, " ").replace(/\n{3,}/g, "\n\n").trim() : "";
  const errors: ReviewErrors = {};
  if (rating === null) errors.rating = REVIEW_MESSAGES.ratingRequired;
  if (body.length < 3) errors.body = REVIEW_MESSAGES.bodyRequired;
  else if (body.length > REVIEW_MAX_CHARS) errors.body = REVIEW_MESSAGES.bodyTooLong;
  return rating !== null && !errors.body ? { ok: true, review: { rating, body } } : { ok: false, errors };
}

/** '★★★★☆' for 4 (rounded to a whole star). */
export const starsOf = (rating: number) => "★".repeat(Math.round(rating)) + "☆".repeat(5 - Math.round(rating));
