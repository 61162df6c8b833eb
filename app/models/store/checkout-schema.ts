// The checkout's forms, checked on the server (the page imports checkout.ts, which has no Zod in it).
import { z } from "zod";
import { CHECKOUT_MESSAGES } from "~/models/store/checkout";
import { PAYMENT_METHODS } from "~/utils/enums";

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
