// The checkout's rules (docs/product/marketplace.md §2 Checkout, §5 Checkout, §9), shared by the
// shipping form's script and the server, which recomputes every amount at every step.
import { PAYMENT_METHODS } from "~/utils/enums";
import type { MessageId, Msg } from "~/utils/i18n";

export const SHIPPING_FEE = 50;
/** Shipping is free when the subtotal is above this (₹50,000 exactly still pays ₹50). */
export const FREE_SHIPPING_ABOVE = 50_000;
/** How long an online order holds its copies while the buyer pays. */
export const HOLD_MINUTES = 15;

/**
 * The shipping form's field lengths, written once: the inputs' maxLength and the
 * server's schema (checkout-schema.ts) both read them, so they cannot disagree.
 */
export const SHIPPING_MAX = { name: 100, email: 254, phone: 10, address: 300, city: 100, state: 100, zip: 6 } as const;

export { PINCODE_SHAPE } from "~/utils/text";

export type Line = { price: number; quantity: number };

/** An order's amounts; met in person (issue 49, point 4), nothing travels and no shipping is charged. */
export function orderTotals(lines: readonly Line[], delivery: "ship" | "meet" = "ship") {
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  if (lines.length === 0) return { subtotal: 0, shipping: 0, total: 0, shippingDiscount: 0 };
  const shipping = subtotal > FREE_SHIPPING_ABOVE || delivery === "meet" ? 0 : SHIPPING_FEE;
  return { subtotal, shipping, total: subtotal + shipping, shippingDiscount: shipping === 0 ? SHIPPING_FEE : 0 };
}

// The cash a cash-on-delivery order's buyer pays at the door (issue 65, point 7), worked out
// here only: the carrier's booking and the label (../orders/shipments.server.ts), the order's
// page and the mails read these, so what the courier collects is what the buyer was told
// (docs/decisions/marketplace-cod-deposit.md, "What the door collects"). Each line is its own
// parcel; the order's shipping is charged once, so it rides with one of them: the order's
// first line in the order its lines are locked in (the lowest id, fixed when the order is
// placed, so two sellers booking at once cannot both, or neither, collect it). A deposit paid
// online is a guarantee refunded at the order's end, not part of the price: the door
// collects the whole price.
type DoorOrder = { payment_method: (typeof PAYMENT_METHODS)[number]; shipping: number };
type DoorLine = { id: string; price_at_purchase: number; quantity: number; cancelled_at: Date | string | null };

/** The line whose parcel collects the order's shipping. */
const shippingLineOf = (lines: readonly DoorLine[]) => lines.reduce<DoorLine | undefined>((first, line) => (!first || line.id < first.id ? line : first), undefined);

/** What the courier collects with this line's parcel: nothing if the order was paid online or the line was cancelled. */
export function cashAtDoor(order: DoorOrder, lines: readonly DoorLine[], lineId: string) {
  const line = lines.find((l) => l.id === lineId);
  if (order.payment_method !== "cod" || !line || line.cancelled_at) return 0;
  return line.price_at_purchase * line.quantity + (shippingLineOf(lines)?.id === line.id ? order.shipping : 0);
}

/** What the buyer pays at the doors of the whole order: every line not cancelled, each parcel's cash added up. */
export function orderCashAtDoor(order: DoorOrder, lines: readonly DoorLine[]) {
  return lines.reduce((sum, line) => sum + cashAtDoor(order, lines, line.id), 0);
}

/** Each payment method's name (its message id), wherever a page or a mail names it. */
export const METHOD_LABELS = {
  razorpay: "checkout.payment.razorpay",
  upi: "checkout.payment.upi",
  cod: "checkout.payment.cod",
} as const satisfies Record<(typeof PAYMENT_METHODS)[number], MessageId>;

export const CHECKOUT_MESSAGES = {
  name: { id: "checkout.error.name" },
  email: { id: "checkout.error.email" },
  emailInvalid: { id: "checkout.error.emailInvalid" },
  phone: { id: "checkout.error.phone" },
  phoneDigits: { id: "checkout.error.phoneDigits" },
  address: { id: "checkout.error.address" },
  city: { id: "checkout.error.city" },
  state: { id: "checkout.error.state" },
  zip: { id: "checkout.error.zip" },
  zipDigits: { id: "checkout.error.zipDigits" },
  zipUnknown: (zip: string): Msg => ({ id: "checkout.error.zipUnknown", values: { zip } }),
  zipElsewhere: (zip: string, state: string, typed: string): Msg => ({ id: "checkout.error.zipElsewhere", values: { zip, state, typed } }),
  tooLong: { id: "checkout.error.tooLong" },
  method: { id: "checkout.error.method" },
  emptyCart: { id: "checkout.emptyCart" },
  soldOut: (titles: string[]): Msg => ({ id: "checkout.soldOut", values: { titles: titles.join(", "), count: titles.length } }),
  paymentsOff: { id: "checkout.paymentsOff" },
  tooManyOrders: { id: "checkout.tooManyOrders" },
  codOpenOrders: (count: number): Msg => ({ id: "checkout.codOpenOrders", values: { count } }),
  codValue: (amount: string): Msg => ({ id: "checkout.codValue", values: { amount } }),
  meetRefused: { id: "checkout.delivery.refused" },
} as const satisfies Record<string, Msg | ((...args: never[]) => Msg)>;

/**
 * The payment methods checkout offers: card and UPI only with a payment gateway (on
 * PostgreSQL without keys there is none), cash on delivery always.
 */
export function offeredMethods(online: boolean): ReadonlyArray<(typeof PAYMENT_METHODS)[number]> {
  return online ? PAYMENT_METHODS : ["cod"];
}

/**
 * Where an order's money is, from its status and method (one status column: the
 * schema keeps no second one to disagree with it): paid online, cash due on delivery,
 * awaiting the gateway, or failed.
 */
export function paymentState(order: { status: string; payment_method: (typeof PAYMENT_METHODS)[number] }) {
  if (order.status === "failed") return "failed" as const;
  if (order.payment_method === "cod") return order.status === "completed" ? ("on_delivery" as const) : ("pending" as const);
  return order.status === "completed" ? ("paid" as const) : ("pending" as const);
}

// The short id the orders list shows lives in app/utils/urls.ts (a refund's reason names
// it too, and the ledger must not reach the store for it): re-exported for the store.
export { shortOrderId } from "~/utils/urls";
