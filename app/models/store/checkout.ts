// The checkout's rules (marketplace.md §2 Checkout, §5 Checkout, §9), shared by the
// shipping form's script and the server, which recomputes every amount at every step.
import { z } from "zod";
import { PAYMENT_METHODS } from "~/utils/enums";

export const SHIPPING_FEE = 50;
/** Shipping is free when the subtotal is above this (₹50,000 exactly still pays ₹50). */
export const FREE_SHIPPING_ABOVE = 50_000;
/** How long an online order holds its copies while the buyer pays. */
export const HOLD_MINUTES = 15;

export type Line = { price: number; quantity: number };

export function orderTotals(lines: readonly Line[]) {
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  if (lines.length === 0) return { subtotal: 0, shipping: 0, total: 0, shippingDiscount: 0 };
  const shipping = subtotal > FREE_SHIPPING_ABOVE ? 0 : SHIPPING_FEE;
  return { subtotal, shipping, total: subtotal + shipping, shippingDiscount: shipping === 0 ? SHIPPING_FEE : 0 };
}

export const CHECKOUT_MESSAGES = {
  name: "Name is required",
  email: "Email is required",
  emailInvalid: "Email is invalid",
  phone: "Phone is required",
  phoneDigits: "Phone must be 10 digits",
  address: "Address is required",
  city: "City is required",
  state: "State is required",
  zip: "ZIP code is required",
  zipDigits: "ZIP must be 6 digits",
  tooLong: "This is too long",
  method: "Choose a payment method",
  processing: "Processing your payment...",
  success: "Payment successful! Redirecting...",
  failed: "Payment failed. Please try again.",
  secure: "All transactions are secure and encrypted. We never store your payment details.",
  emptyCart: "Your cart is empty",
  soldOut: (titles: string[]) => `Sorry, ${titles.join(", ")} ${titles.length === 1 ? "is" : "are"} no longer available. Nothing was ordered: please check your cart.`,
  paymentsOff: "Online payment is not available right now. Please choose Cash on Delivery or try again later.",
  tooManyOrders: "Too many orders in a short time. Please wait a few minutes and try again.",
} as const;

export const PAYMENT_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  razorpay: "Credit/Debit Card",
  upi: "UPI Payment",
  cod: "Cash on Delivery",
};

const required = (message: string, max: number) => z.string({ required_error: message }).trim().min(1, message).max(max, CHECKOUT_MESSAGES.tooLong);

/** Step 1 (marketplace.md §5 Checkout; the address, city and state messages are ours). */
export const ShippingSchema = z.object({
  name: required(CHECKOUT_MESSAGES.name, 100),
  email: required(CHECKOUT_MESSAGES.email, 254).email(CHECKOUT_MESSAGES.emailInvalid),
  phone: required(CHECKOUT_MESSAGES.phone, 20).regex(/^\d{10}$/, CHECKOUT_MESSAGES.phoneDigits),
  address: required(CHECKOUT_MESSAGES.address, 300),
  city: required(CHECKOUT_MESSAGES.city, 100),
  state: required(CHECKOUT_MESSAGES.state, 100),
  zip: required(CHECKOUT_MESSAGES.zip, 20).regex(/^\d{6}$/, CHECKOUT_MESSAGES.zipDigits),
});
export type Shipping = z.infer<typeof ShippingSchema>;
export const SHIPPING_FIELDS = ["name", "email", "phone", "address", "city", "state", "zip"] as const;

/** Step 2: the method and the form's one-time key (a double submit places one order). */
export const PaymentSchema = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS, { errorMap: () => ({ message: CHECKOUT_MESSAGES.method }) }),
  key: z.string().regex(/^[0-9a-f-]{36}$/),
});

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

/** The short id the orders list shows: the id's first segment, in capitals. */
export const shortOrderId = (id: string) => id.split("-")[0]!.toUpperCase();
