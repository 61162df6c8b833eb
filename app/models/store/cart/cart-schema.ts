// The buying controls' forms (the product page, the cart, the wishlist), checked on the
// server as every other form is (parseForm in app/utils/forms.server.ts): one schema per
// page, a union on `intent`. Kept apart from ./cart.ts, which the pages import without Zod.
import { z } from "zod";

/** A listing the step is for: a malformed id never gets further (the action answers 404). */
const productId = z.string().uuid();

/** A quantity as typed, never refused: anything but a whole number is 1, more than the cap is said by the action (askedQuantity in ./cart.ts). */
const quantity = z.string().optional();

/** The product page's controls, for the listing of its address. `on`: "1" wishes it, anything else unwishes it. */
export const ProductStepSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cart-add"), quantity }),
  z.object({ intent: z.literal("cart-remove") }),
  z.object({ intent: z.literal("wish"), on: z.string().optional().transform((on) => on === "1") }),
]);

/** The cart's controls, each for one of its lines. */
export const CartStepSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("quantity"), productId, quantity }),
  z.object({ intent: z.literal("remove"), productId }),
]);

/** The wishlist's controls, each for one of its listings. */
export const WishlistStepSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("cart-add"), productId }), z.object({ intent: z.literal("remove"), productId })]);
