// The checkout's forms, checked on the server (the page imports checkout.ts, which has no Zod in it).
import { z } from "zod";
import { msgText, type Msg } from "~/utils/i18n";
import { CHECKOUT_MESSAGES, SHIPPING_MAX } from "~/models/store/checkout/checkout";
import { DELIVERIES, PAYMENT_METHODS } from "~/utils/enums";
import { stripControlChars } from "~/utils/text";

const present = (message: Msg) => z.string({ required_error: msgText(message) }).trim().min(1, msgText(message));
const required = (message: Msg, max: number) => present(message).max(max, msgText(CHECKOUT_MESSAGES.tooLong));
/** Exactly `digits` digits (the input's maxLength), with the spec's message for anything else. */
const digits = (message: Msg, digits: number, wrong: Msg) => present(message).regex(new RegExp(`^\\d{${digits}}$`), msgText(wrong));
/**
 * A form post arrives without control characters (readForm); the in-page JSON route's
 * `shippingAddress` does not, and a NUL would reach PostgreSQL's jsonb, which refuses it.
 */
const clean = <T extends z.ZodTypeAny>(field: T) => z.preprocess((v) => (typeof v === "string" ? stripControlChars(v) : v), field);

/** Step 1 (docs/product/marketplace.md §5 Checkout; the address, city and state messages are ours). */
export const ShippingSchema = z.object({
  name: clean(required(CHECKOUT_MESSAGES.name, SHIPPING_MAX.name)),
  email: clean(required(CHECKOUT_MESSAGES.email, SHIPPING_MAX.email).email(msgText(CHECKOUT_MESSAGES.emailInvalid))),
  phone: clean(digits(CHECKOUT_MESSAGES.phone, SHIPPING_MAX.phone, CHECKOUT_MESSAGES.phoneDigits)),
  address: clean(required(CHECKOUT_MESSAGES.address, SHIPPING_MAX.address)),
  city: clean(required(CHECKOUT_MESSAGES.city, SHIPPING_MAX.city)),
  state: clean(required(CHECKOUT_MESSAGES.state, SHIPPING_MAX.state)),
  zip: clean(digits(CHECKOUT_MESSAGES.zip, SHIPPING_MAX.zip, CHECKOUT_MESSAGES.zipDigits)),
  // Never typed (not among SHIPPING_FIELDS): the pincode directory's, set by the server (pincodes.server.ts).
  district: clean(z.string().trim().max(100)).optional(),
});
export type Shipping = z.infer<typeof ShippingSchema>;
export const SHIPPING_FIELDS = ["name", "email", "phone", "address", "city", "state", "zip"] as const;

/** Step 2: the method and the form's one-time key (a double submit places one order). */
export const PaymentSchema = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS, { errorMap: () => ({ message: msgText(CHECKOUT_MESSAGES.method) }) }),
  key: z.string().regex(/^[0-9a-f-]{36}$/),
  // Met in person only when offered (every seller in the buyer's city); the server checks again (issue 49, point 4).
  delivery: z.enum(DELIVERIES).default("ship"),
});
