// What the checkout reads (app/routes/checkout.tsx): step 3, the order just placed; steps 1
// and 2, the cart and the shipping details (the shipping step's cookie, else the profile);
// step 2, whether the buyer may meet the sellers in their city.
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { marketplace_products, user_cart } from "~/db/schema";
import { getProfile } from "~/models/accounts/profile.server";
import { cartView } from "~/models/store/cart/cart.server";
import { paymentState } from "~/models/store/checkout/checkout";
import { meetingCity } from "~/models/store/checkout/meeting.server";
import { awaitsConfirmation } from "~/models/store/orders/order-life";
import { buyerOrder } from "~/models/store/orders/order-views.server";
import { isUuid } from "~/utils/urls";

/** The order step 3 shows: the buyer's own completed order, or null (the page sends them to Your Orders). */
export async function placedOrder(db: DbOrTx, userId: string, orderId: string) {
  const order = isUuid(orderId) ? await buyerOrder(db, userId, orderId) : null;
  return order && order.status === "completed" ? { id: order.id, paidOnline: paymentState(order) === "paid", toConfirm: awaitsConfirmation(order) } : null;
}

/** The cart as it may be bought now, and the shipping form's first values. */
export async function cartAndShipping(db: DbOrTx, user: { id: string; email: string }, saved: Record<string, string> | null) {
  const [cart, profile] = await Promise.all([cartView(db, user.id), saved ? null : getProfile(db, user.id)]);
  const shipping: Record<string, string> = saved ?? { name: profile?.full_name ?? "", email: user.email, phone: profile?.phone ?? "", address: profile?.address ?? "" };
  return { cart: { lines: cart.buyable, totals: cart.totals, leftOut: cart.lines.length - cart.buyable.length }, shipping };
}

/** The buyer's city when every seller of their cart lives there (a hand-over in person is offered), else null. */
export async function meetingOffer(db: DbOrTx, userId: string, city: string) {
  const sellers = await db.select({ id: marketplace_products.seller_id }).from(user_cart).innerJoin(marketplace_products, eq(marketplace_products.id, user_cart.product_id)).where(eq(user_cart.user_id, userId));
  return meetingCity(db, sellers.map((s) => s.id), city);
}
