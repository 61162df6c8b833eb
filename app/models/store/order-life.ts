// An order line's life (docs/decisions.md, "An order has a life"): placed → shipped →
// delivered, or cancelled before it ships; within the return window after delivery a
// return may be asked for, and it is returned once the seller has it back. Each step is
// a time on the line (app/db/schema/marketplace.ts), so the state and the timeline are
// read from the same columns and cannot disagree. Shared by the buyer's and the seller's
// pages, so it holds no server code.
import { POLICY } from "~/models/support/policy";
import type { PAYMENT_METHODS } from "~/utils/enums";
import { stripBidiControls, stripControlChars } from "~/utils/text";

export type LineLife = {
  shipped_at: Date | string | null;
  tracking_number?: string | null;
  delivered_at: Date | string | null;
  cancelled_at: Date | string | null;
  cancelled_by: "buyer" | "seller" | "system" | null;
  cancel_reason?: string | null;
  return_requested_at: Date | string | null;
  return_reason?: string | null;
  returned_at: Date | string | null;
};

export type LineState = "placed" | "shipped" | "delivered" | "return_requested" | "returned" | "cancelled";

export function lineState(line: LineLife): LineState {
  if (line.cancelled_at) return "cancelled";
  if (line.returned_at) return "returned";
  if (line.return_requested_at) return "return_requested";
  if (line.delivered_at) return "delivered";
  if (line.shipped_at) return "shipped";
  return "placed";
}

export const LINE_BADGES: Record<LineState, { label: string; tone: string }> = {
  placed: { label: "Placed", tone: "tone-green" },
  shipped: { label: "Shipped", tone: "tone-blue" },
  delivered: { label: "Delivered", tone: "tone-green" },
  return_requested: { label: "Return requested", tone: "tone-orange" },
  returned: { label: "Returned", tone: "tone-gray" },
  cancelled: { label: "Cancelled", tone: "tone-gray" },
};

export const DAY_MS = 24 * 60 * 60_000;

/** The last moment a delivered line may be returned: POLICY.returnDays after delivery. */
export function returnOpenUntil(line: Pick<LineLife, "delivered_at">) {
  return line.delivered_at ? new Date(new Date(line.delivered_at).getTime() + POLICY.returnDays * DAY_MS) : null;
}

/** What the buyer may do with a line now. */
export function buyerCan(line: LineLife, now: Date) {
  const state = lineState(line);
  const until = returnOpenUntil(line);
  return {
    cancel: state === "placed",
    confirmDelivery: state === "shipped",
    requestReturn: state === "delivered" && until !== null && now <= until,
  };
}

/** What the seller may do with a line now. */
export function sellerCan(line: LineLife) {
  const state = lineState(line);
  return { ship: state === "placed", cancel: state === "placed", confirmReturn: state === "return_requested" };
}

export const CANCEL_REASON_MAX = 300;
export const RETURN_REASON_MAX = 500;
export const TRACKING_MAX = 60;

/**
 * A reason typed into a step's form (a cancel's, a return's): one paragraph without
 * bidirectional controls, trimmed; "short" under 3 characters, "long" past `max`.
 */
export function readReason(raw: FormDataEntryValue | null, max: number): string | "short" | "long" {
  const text = typeof raw === "string" ? stripBidiControls(stripControlChars(raw)).replace(/\s+/g, " ").trim() : "";
  if (text.length < 3) return "short";
  return text.length > max ? "long" : text;
}

/** An optional tracking number: trimmed, one line; "long" past TRACKING_MAX; null when empty. */
export function readTracking(raw: FormDataEntryValue | null): string | null | "long" {
  const text = typeof raw === "string" ? stripControlChars(raw).replace(/\s+/g, " ").trim() : "";
  if (text === "") return null;
  return text.length > TRACKING_MAX ? "long" : text;
}

/** Every message the order's steps show, in one place (the pages and the tests read these). */
export const ORDER_MESSAGES = {
  cancelled: "Cancelled. The seller has been told not to ship it.",
  cancelledRefund: (amount: string) => `Cancelled. ${amount} will be refunded to how you paid; follow it under Refunds in My Account.`,
  alreadyShipped: "This book has already shipped, so it can't be cancelled. Once it arrives you can return it.",
  alreadyCancelled: "This item was already cancelled.",
  delivered: "Thanks for confirming. Enjoy your book!",
  notShipped: "This item hasn't shipped yet.",
  returnRequested: "Return requested. The seller has been told; you'll be refunded once they have the book back.",
  returnWindowClosed: `The return window (${POLICY.returnDays} days after delivery) has closed for this item.`,
  returnNotPossible: "This item can't be returned now.",
  returnReasonRequired: "Tell the seller what is wrong (at least 3 characters).",
  returnReasonTooLong: `Keep it under ${RETURN_REASON_MAX} characters.`,
  shipped: "Marked as shipped. The buyer sees it under Your Orders.",
  buyerCancelledFirst: "The buyer cancelled this order before it shipped: don't send it.",
  trackingTooLong: `A tracking number has at most ${TRACKING_MAX} characters.`,
  sellerCancelled: "Order cancelled. The buyer has been told why, and its copies are back in stock.",
  cancelReasonRequired: "Tell the buyer why you can't fulfil it (at least 3 characters).",
  cancelReasonTooLong: `Keep it under ${CANCEL_REASON_MAX} characters.`,
  returnReceived: "Return received. The buyer has been told.",
  returnReceivedRefund: (amount: string) => `Return received. The buyer will be refunded ${amount}.`,
  noReturnToConfirm: "There is no return to confirm for this item.",
} as const;

/** The line's steps, each with when it happened (IST) or what to expect, as its buyer or its seller reads them. */
export function lineTimeline(
  placedAt: Date | string,
  line: LineLife,
  format: (when: Date | string) => string,
  viewer: "buyer" | "seller",
): Array<{ step: string; when: string; done: boolean }> {
  const at = (when: Date | string) => `${format(when)} IST`;
  const steps = [{ step: "Order Placed", when: at(placedAt), done: true }];
  if (line.cancelled_at) {
    const who = { buyer: viewer === "buyer" ? "by you" : "by the buyer", seller: viewer === "seller" ? "by you" : "by the seller", system: "not shipped in time" };
    const by = line.cancelled_by === "seller" ? `${who.seller}: ${line.cancel_reason ?? ""}` : who[line.cancelled_by ?? "system"];
    return [...steps, { step: "Cancelled", when: `${at(line.cancelled_at)} (${by})`, done: true }];
  }
  steps.push(
    line.shipped_at
      ? { step: "Shipped", when: at(line.shipped_at) + (line.tracking_number ? `, tracking ${line.tracking_number}` : ""), done: true }
      : { step: "Shipped", when: `Within ${POLICY.sellerShipBusinessDays} business days`, done: false },
  );
  steps.push(line.delivered_at ? { step: "Delivered", when: at(line.delivered_at), done: true } : { step: "Delivered", when: "3-5 business days after shipping", done: false });
  if (line.return_requested_at) steps.push({ step: "Return requested", when: at(line.return_requested_at), done: true });
  if (line.returned_at) steps.push({ step: "Returned", when: at(line.returned_at), done: true });
  return steps;
}

/**
 * The word an order's list shows for it, from its lines' states (lineState above):
 * Paid (online) or Placed (cash on delivery) until its items ship, then Partly shipped,
 * Shipped and Delivered; Cancelled when every line was; a return asked for shows until
 * it is done. An unpaid online order is Awaiting payment.
 */
export function orderBadge(order: { status: string; payment_method: (typeof PAYMENT_METHODS)[number]; items: LineLife[] }) {
  if (order.status !== "completed") return { label: "Awaiting payment", tone: "tone-orange" };
  const states = order.items.map(lineState).filter((s) => s !== "cancelled");
  if (states.length === 0) return { label: "Cancelled", tone: "tone-gray" };
  if (states.includes("return_requested")) return { label: "Return requested", tone: "tone-orange" };
  const moved = states.filter((s) => s !== "placed");
  if (moved.length === states.length) return states.every((s) => s === "delivered" || s === "returned") ? { label: "Delivered", tone: "tone-green" } : { label: "Shipped", tone: "tone-blue" };
  if (moved.length > 0) return { label: "Partly shipped", tone: "tone-blue" };
  return order.payment_method === "cod" ? { label: "Placed", tone: "tone-green" } : { label: "Paid", tone: "tone-green" };
}
