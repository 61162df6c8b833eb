// The forms of an order line's steps (./order-life.ts has the rules), checked on the
// server as every other form is: one schema per page, a union on `intent`, so the
// action reads a typed step or a reply that keeps what was typed (app/utils/use-schema-form.ts).
// The pages import order-life.ts and reviews.ts, which have no Zod in them.
import { z } from "zod";
import { trackingKind } from "~/models/store/orders/india-post";
import { CANCEL_REASON_MAX, DISPUTE_WORDS_MAX, ORDER_MESSAGES, RETURN_REASON_MAX, TRACKING_MAX } from "~/models/store/orders/order-life";
import { REVIEW_MAX_CHARS, REVIEW_MESSAGES } from "~/models/store/reviews/reviews";
import { msgText, type Msg } from "~/utils/i18n";
import { stripBidiControls, stripControlChars } from "~/utils/text";

/** The line a step is for: a malformed id never gets this far (the action answers 404 first). */
const itemId = z.string().uuid();

/** One paragraph without bidirectional controls, trimmed; at least 3 characters and at most `max` once cleaned. */
const reason = (max: number, required: Msg, tooLong: Msg) =>
  z
    .string({ required_error: msgText(required) })
    .transform((text) => stripBidiControls(stripControlChars(text)).replace(/\s+/g, " ").trim())
    // Conform turns a cleaned empty string into undefined here too, hence the message twice.
    .pipe(z.string({ required_error: msgText(required) }).min(3, msgText(required)).max(max, msgText(tooLong)));

/** Paragraph breaks kept (at most one blank line), spaces and tabs collapsed, bidirectional and control characters out. */
const reviewBody = z
  .string({ required_error: msgText(REVIEW_MESSAGES.bodyRequired) })
  .transform((text) => stripBidiControls(stripControlChars(text)).replace(/[ \t]+/g, " ").replace(/\n{3,}/g, "\n\n").trim())
  .pipe(z.string({ required_error: msgText(REVIEW_MESSAGES.bodyRequired) }).min(3, msgText(REVIEW_MESSAGES.bodyRequired)).max(REVIEW_MAX_CHARS, msgText(REVIEW_MESSAGES.bodyTooLong)));

/** The buyer's steps on the order page: confirm a cash-on-delivery order, cancel, confirm it arrived, ask to return it, review it. */
export const BuyerStepSchema = z.discriminatedUnion("intent", [
  // Cash on delivery confirmed by its buyer: the whole order, so no line (issue 49, point 5).
  z.object({ intent: z.literal("confirm-cod") }),
  z.object({ intent: z.literal("cancel"), itemId }),
  z.object({ intent: z.literal("received"), itemId }),
  z.object({ intent: z.literal("return"), itemId, reason: reason(RETURN_REASON_MAX, ORDER_MESSAGES.returnReasonRequired, ORDER_MESSAGES.returnReasonTooLong) }),
  z.object({
    intent: z.literal("review"),
    itemId,
    rating: z
      .string({ required_error: msgText(REVIEW_MESSAGES.ratingRequired) })
      .regex(/^[1-5]$/, msgText(REVIEW_MESSAGES.ratingRequired))
      .transform(Number),
    body: reviewBody,
  }),
]);
export type BuyerStep = z.infer<typeof BuyerStepSchema>;

/** The seller's steps on My Products: ship (a tracking number if they have one), cancel with a reason, a parcel refused at the door, a hand-over in person with the buyer's code, confirm a return or dispute it; and ask for their earnings. */
export const SellerStepSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("payout") }),
  z.object({
    intent: z.literal("ship"),
    itemId,
    // Optional: empty (or only spaces) is no tracking number.
    tracking: z
      .string()
      .optional()
      .transform((text) => (text === undefined ? null : stripControlChars(text).replace(/\s+/g, " ").trim() || null))
      .pipe(z.string().max(TRACKING_MAX, msgText(ORDER_MESSAGES.trackingTooLong)).nullable())
      // An India Post article number is kept in capitals, and one whose check digit is wrong is refused (a typo).
      .transform((text) => (text && trackingKind(text) !== "other" ? text.toUpperCase() : text))
      .refine((text) => !text || trackingKind(text) !== "india-post-mistyped", msgText(ORDER_MESSAGES.articleMistyped)),
  }),
  z.object({ intent: z.literal("cancel"), itemId, reason: reason(CANCEL_REASON_MAX, ORDER_MESSAGES.cancelReasonRequired, ORDER_MESSAGES.cancelReasonTooLong) }),
  z.object({ intent: z.literal("return-received"), itemId }),
  // A courier's pickup booked from the sale (issue 49, point 2).
  z.object({ intent: z.literal("book"), itemId }),
  // The seller disagrees with a return (issue 49, point 6): their words go to support with the buyer's.
  z.object({ intent: z.literal("dispute"), itemId, words: reason(DISPUTE_WORDS_MAX, ORDER_MESSAGES.disputeWordsRequired, ORDER_MESSAGES.disputeWordsTooLong) }),
  z.object({ intent: z.literal("refused"), itemId }),
  // The buyer's hand-over code (issue 49, point 4): six digits, spaces the seller typed between them ignored.
  z.object({
    intent: z.literal("handover"),
    itemId,
    code: z
      .string({ required_error: msgText(ORDER_MESSAGES.handoverCode) })
      .transform((text) => text.replace(/\s+/g, ""))
      .pipe(z.string().regex(/^[0-9]{6}$/, msgText(ORDER_MESSAGES.handoverCode))),
  }),
]);
export type SellerStep = z.infer<typeof SellerStepSchema>;
