// An order line's life (docs/decisions/marketplace-order-life.md, "An order has a life"): placed → shipped →
// delivered, or cancelled before it ships; within the return window after delivery a
// return may be asked for, and it is returned once the seller has it back. Each step is
// a time on the line (app/db/schema/marketplace.ts), so the state and the timeline are
// read from the same columns and cannot disagree. Shared by the buyer's and the seller's
// pages, so it holds no server code.
import { POLICY } from "~/models/support/policy";
import type { DELIVERIES, PARCEL_STATES, PAYMENT_METHODS } from "~/utils/enums";
import type { MessageId, Msg, Translate } from "~/utils/i18n";
import { unlessErased } from "~/utils/names";

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
  refused_at?: Date | string | null;
  /** A return's photo from the buyer, and the seller's dispute of the return (issue 49, point 6). */
  return_photo_url?: string | null;
  disputed_at?: Date | string | null;
  /** A parcel booked with a carrier: what the carrier reported (issue 49, point 2). */
  parcel_events?: Array<{ status: (typeof PARCEL_STATES)[number]; at: string }> | null;
  /** Its order's delivery: met in person, its hand-over is both shipping and delivery (issue 49, point 4). */
  delivery?: (typeof DELIVERIES)[number];
};

export type LineState = "placed" | "shipped" | "refused" | "delivered" | "return_requested" | "returned" | "cancelled";

export function lineState(line: LineLife): LineState {
  if (line.cancelled_at) return "cancelled";
  if (line.returned_at) return "returned";
  if (line.return_requested_at) return "return_requested";
  if (line.delivered_at) return "delivered";
  if (line.refused_at) return "refused";
  if (line.shipped_at) return "shipped";
  return "placed";
}

/** Each state's badge: its words (a message id) and its colour. */
export const LINE_BADGES: Record<LineState, { label: MessageId; tone: string }> = {
  placed: { label: "orders.badge.placed", tone: "tone-green" },
  shipped: { label: "orders.badge.shipped", tone: "tone-blue" },
  refused: { label: "orders.badge.refused", tone: "tone-gray" },
  delivered: { label: "orders.badge.delivered", tone: "tone-green" },
  return_requested: { label: "orders.badge.returnRequested", tone: "tone-orange" },
  returned: { label: "orders.badge.returned", tone: "tone-gray" },
  cancelled: { label: "orders.badge.cancelled", tone: "tone-gray" },
};

export const DAY_MS = 24 * 60 * 60_000;
/** How long a cash-on-delivery order waits for its buyer's confirmation (POLICY.codConfirmHours), for confirmBy and the sweep alike. */
export const COD_CONFIRM_MS = POLICY.codConfirmHours * 60 * 60_000;

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
    // A photo of what is wrong, while the return is open and until support has the case.
    returnPhoto: state === "return_requested" && !line.disputed_at,
  };
}

/** How an order is paid, and whether its buyer has confirmed it: what cash on delivery waits for. */
export type OrderPay = { payment_method: (typeof PAYMENT_METHODS)[number]; cod_confirmed_at: Date | string | null; created_at: Date | string };

/**
 * Cash on delivery waits for its buyer to confirm it (issue 49, point 5; about a quarter of
 * such parcels come back unclaimed): until then the seller does not ship it. Prepaid never waits.
 */
export function awaitsConfirmation(order: Pick<OrderPay, "payment_method" | "cod_confirmed_at">) {
  return order.payment_method === "cod" && !order.cod_confirmed_at;
}

/** A seller's cash-on-delivery books, counted by what became of them (order-views.server.ts, codFiguresOf). */
export type CodFigures = { placed: number; confirmed: number; unconfirmed: number; shipped: number; delivered: number; refused: number };

/** Wrong hand-over codes a seller may enter for a line before it locks: a 6-digit code is not guessed in 5. */
export const HANDOVER_TRIES = 5;

/** The reason the sweep writes on a line whose cash-on-delivery order nobody confirmed: a code, said by the timeline. */
export const UNCONFIRMED_REASON = "cod-unconfirmed";

/** When an unconfirmed cash-on-delivery order is cancelled by the sweep: POLICY.codConfirmHours after it was placed. */
export function confirmBy(order: Pick<OrderPay, "created_at">) {
  return new Date(new Date(order.created_at).getTime() + COD_CONFIRM_MS);
}

/**
 * What the seller may do with a line of `order` now: ship only what its buyer confirmed (or
 * paid for), and mark a parcel that came back undelivered (cash on delivery: refused at the door).
 */
export function sellerCan(line: LineLife, order: Pick<OrderPay, "payment_method" | "cod_confirmed_at">) {
  const state = lineState(line);
  const ready = state === "placed" && !awaitsConfirmation(order);
  return {
    ship: ready && line.delivery !== "meet",
    // Met in person: the buyer's code, entered by the seller, is the delivery.
    handOver: ready && line.delivery === "meet",
    cancel: state === "placed",
    refused: state === "shipped",
    confirmReturn: state === "return_requested",
    // The seller disagrees that the book is worse than its grade: support decides, once.
    dispute: state === "return_requested" && !line.disputed_at,
  };
}

export const CANCEL_REASON_MAX = 300;
export const RETURN_REASON_MAX = 500;
export const TRACKING_MAX = 60;
export const DISPUTE_WORDS_MAX = 1000;

/** Every message the order's steps show, in one place (the pages and the tests read these). */
export const ORDER_MESSAGES = {
  cancelled: { id: "orders.msg.cancelled" },
  cancelledRefund: (amount: string): Msg => ({ id: "orders.msg.cancelledRefund", values: { amount } }),
  alreadyShipped: { id: "orders.msg.alreadyShipped" },
  alreadyCancelled: { id: "orders.msg.alreadyCancelled" },
  delivered: { id: "orders.msg.delivered" },
  notShipped: { id: "orders.msg.notShipped" },
  returnRequested: { id: "orders.msg.returnRequested" },
  returnWindowClosed: { id: "orders.msg.returnWindowClosed", values: { days: POLICY.returnDays } },
  returnNotPossible: { id: "orders.msg.returnNotPossible" },
  returnReasonRequired: { id: "orders.msg.returnReasonRequired" },
  returnReasonTooLong: { id: "orders.msg.returnReasonTooLong", values: { max: RETURN_REASON_MAX } },
  shipped: { id: "orders.msg.shipped" },
  buyerCancelledFirst: { id: "orders.msg.buyerCancelledFirst" },
  trackingTooLong: { id: "orders.msg.trackingTooLong", values: { max: TRACKING_MAX } },
  sellerCancelled: { id: "orders.msg.sellerCancelled" },
  cancelReasonRequired: { id: "orders.msg.cancelReasonRequired" },
  cancelReasonTooLong: { id: "orders.msg.cancelReasonTooLong", values: { max: CANCEL_REASON_MAX } },
  returnReceived: { id: "orders.msg.returnReceived" },
  returnReceivedRefund: (amount: string): Msg => ({ id: "orders.msg.returnReceivedRefund", values: { amount } }),
  noReturnToConfirm: { id: "orders.msg.noReturnToConfirm" },
  codConfirmed: { id: "orders.msg.codConfirmed" },
  codConfirmedAlready: { id: "orders.msg.codConfirmedAlready" },
  codTooLate: { id: "orders.msg.codTooLate", values: { hours: POLICY.codConfirmHours } },
  notConfirmedYet: { id: "orders.msg.notConfirmedYet" },
  refused: { id: "orders.msg.refused" },
  undeliveredRefund: (amount: string): Msg => ({ id: "orders.msg.undeliveredRefund", values: { amount } }),
  handedOver: { id: "orders.msg.handedOver" },
  handoverWrong: (left: number): Msg => ({ id: "orders.msg.handoverWrong", values: { left } }),
  handoverLocked: { id: "orders.msg.handoverLocked" },
  handoverCode: { id: "orders.msg.handoverCode" },
  handoverNotNow: { id: "orders.msg.handoverNotNow" },
  meetNoShip: { id: "orders.msg.meetNoShip" },
  articleMistyped: { id: "orders.msg.articleMistyped" },
  notRefusable: { id: "orders.msg.notRefusable" },
  booked: { id: "orders.msg.booked" },
  noPickup: { id: "orders.msg.noPickup" },
  carrierRefused: { id: "orders.msg.carrierRefused" },
  carrierDown: { id: "orders.msg.carrierDown" },
  returnPhotoSaved: { id: "orders.msg.returnPhotoSaved" },
  returnPhotoNotNow: { id: "orders.msg.returnPhotoNotNow" },
  disputed: (ticket: string): Msg => ({ id: "orders.msg.disputed", values: { hours: POLICY.replyWithinHours, ticket } }),
  disputeNotNow: { id: "orders.msg.disputeNotNow" },
  disputeWordsRequired: { id: "orders.msg.disputeWordsRequired" },
  disputeWordsTooLong: { id: "orders.msg.disputeWordsTooLong", values: { max: DISPUTE_WORDS_MAX } },
} as const satisfies Record<string, Msg | ((...args: never[]) => Msg)>;

/** The line's steps, each with when it happened (IST) or what to expect, as its buyer or its seller reads them, in the reader's language (`t`). */
export function lineTimeline(
  placedAt: Date | string,
  line: LineLife,
  format: (when: Date | string) => string,
  viewer: "buyer" | "seller",
  t: Translate,
): Array<{ step: string; when: string; done: boolean }> {
  const at = (when: Date | string) => t("orders.when", { when: format(when) });
  const steps = [{ step: t("orders.step.placed"), when: at(placedAt), done: true }];
  if (line.cancelled_at) {
    const by = line.cancelled_by ?? "system";
    const who = t("orders.cancelledBy", { who: by !== "system" && by === viewer ? "you" : by === "system" && line.cancel_reason === UNCONFIRMED_REASON ? "unconfirmed" : by });
    const said = by === "seller" ? t("orders.cancelledReason", { by: who, reason: unlessErased(line.cancel_reason, t) ?? "" }) : who;
    return [...steps, { step: t("orders.step.cancelled"), when: t("orders.cancelledWhen", { when: format(line.cancelled_at), by: said }), done: true }];
  }
  if (line.delivery === "meet") {
    // Met in person: one step, the hand-over, which is the delivery.
    const handedOver = line.delivered_at ? { when: at(line.delivered_at), done: true } : { when: t("orders.meetWithin", { days: POLICY.sellerShipBusinessDays }), done: false };
    steps.push({ step: t("orders.step.handedOver"), ...handedOver });
    return [...steps, ...returnSteps(line, at, t)];
  }
  steps.push(
    line.shipped_at
      ? { step: t("orders.step.shipped"), when: line.tracking_number ? t("orders.whenTracking", { when: format(line.shipped_at), tracking: line.tracking_number }) : at(line.shipped_at), done: true }
      : { step: t("orders.step.shipped"), when: t("orders.shipWithin", { days: POLICY.sellerShipBusinessDays }), done: false },
  );
  if (line.refused_at) return [...steps, { step: t("orders.step.refused"), when: at(line.refused_at), done: true }];
  steps.push(line.delivered_at ? { step: t("orders.step.delivered"), when: at(line.delivered_at), done: true } : { step: t("orders.step.delivered"), when: t("orders.deliveryAfter"), done: false });
  return [...steps, ...returnSteps(line, at, t)];
}

/** A return's steps: asked for, disputed by the seller (support decides), returned. */
function returnSteps(line: LineLife, at: (when: Date | string) => string, t: Translate) {
  const steps = [];
  if (line.return_requested_at) steps.push({ step: t("orders.step.returnRequested"), when: at(line.return_requested_at), done: true });
  if (line.disputed_at) steps.push({ step: t("orders.step.disputed"), when: at(line.disputed_at), done: true });
  if (line.returned_at) steps.push({ step: t("orders.step.returned"), when: at(line.returned_at), done: true });
  return steps;
}

/**
 * The word an order's list shows for it, from its lines' states (lineState above):
 * Paid (online) or Placed (cash on delivery) until its items ship, then Partly shipped,
 * Shipped and Delivered; Cancelled when every line was; a return asked for shows until
 * it is done. An unpaid online order is Awaiting payment; a cash-on-delivery order its buyer has
 * not confirmed says so.
 */
export function orderBadge(order: Pick<OrderPay, "payment_method" | "cod_confirmed_at"> & { status: string; items: LineLife[] }): { label: MessageId; tone: string } {
  if (order.status !== "completed") return { label: "orders.badge.awaiting", tone: "tone-orange" };
  const states = order.items.map(lineState).filter((s) => s !== "cancelled");
  if (states.length === 0) return { label: "orders.badge.cancelled", tone: "tone-gray" };
  if (awaitsConfirmation(order)) return { label: "orders.badge.toConfirm", tone: "tone-orange" };
  if (states.includes("return_requested")) return { label: "orders.badge.returnRequested", tone: "tone-orange" };
  if (states.every((s) => s === "refused")) return { label: "orders.badge.refused", tone: "tone-gray" };
  const moved = states.filter((s) => s !== "placed");
  if (moved.length === states.length)
    return states.every((s) => s === "delivered" || s === "returned" || s === "refused") ? { label: "orders.badge.delivered", tone: "tone-green" } : { label: "orders.badge.shipped", tone: "tone-blue" };
  if (moved.length > 0) return { label: "orders.badge.partlyShipped", tone: "tone-blue" };
  return order.payment_method === "cod" ? { label: "orders.badge.placed", tone: "tone-green" } : { label: "orders.badge.paid", tone: "tone-green" };
}
