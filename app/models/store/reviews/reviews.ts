// Reviews' limits and messages, without server code: the order page and the product page
// import these; order-steps-schema.ts reads the form, reviews.server.ts saves and reads them.
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

/** '★★★★☆' for 4 (rounded to a whole star). */
export const starsOf = (rating: number) => "★".repeat(Math.round(rating)) + "☆".repeat(5 - Math.round(rating));
