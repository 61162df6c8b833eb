// The checkout's shipping step, kept between steps in a signed, httpOnly cookie for two
// hours: Back, a failed payment and the in-page payment all find what was entered,
// and nothing of it travels in a URL.
import { ShippingSchema, type Shipping } from "~/models/store/checkout/checkout-schema";
import { signedCookie } from "~/utils/cookies.server";

const shippingCookie = () => signedCookie("__checkout", 2 * 60 * 60);

export async function savedShipping(request: Request): Promise<Shipping | null> {
  const parsed = ShippingSchema.safeParse(await shippingCookie().parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

export const saveShipping = (shipping: Shipping) => shippingCookie().serialize(shipping);
export const forgetShipping = () => shippingCookie().serialize("", { maxAge: 0 });
