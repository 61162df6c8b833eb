// Reviews' limits, messages and form reading, without server code (the order page and
// the product page import these; reviews.server.ts saves and reads them).
import { stripBidiControls, stripControlChars } from "~/utils/text";
import { type Msg } from "~/utils/i18n";

export const REVIEW_MAX_CHARS = 1000;
export const REVIEWS_PER_PAGE = 10;

export const REVIEW_MESSAGES = {
  ratingRequired: { id: "orders.review.ratingRequired" },
  bodyRequired: { id: "orders.review.bodyRequired" },
  bodyTooLong: { id: "orders.review.bodyTooLong", values: { max: REVIEW_MAX_CHARS } },
  tooMany: { id: "orders.review.tooMany" },
  saved: { id: "orders.review.saved" },
  updated: { id: "orders.review.updated" },
} as const satisfies Record<string, Msg>;

export type ReviewFields = { rating: number; body: string };
export type ReviewErrors = Partial<Record<"rating" | "body", Msg>>;

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
