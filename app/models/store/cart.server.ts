// The buyer's cart and wishlist rows (marketplace.md §3), as far as the product page
// needs them; the cart page, checkout and orders come with the buying issue. A seller
// cannot buy their own listing, and only active listings in stock go in a cart.
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { marketplace_products, user_cart, user_wishlist } from "~/db/schema";
import { parseQuantity } from "~/models/store/cart";

/** Whether this product is in the user's cart (and how many) and wishlist. */
export async function buyerState(db: DbOrTx, userId: string, productId: string) {
  const [[cart], [wish]] = await Promise.all([
    db.select({ quantity: user_cart.quantity }).from(user_cart).where(and(eq(user_cart.user_id, userId), eq(user_cart.product_id, productId))),
    db.select({ at: user_wishlist.added_at }).from(user_wishlist).where(and(eq(user_wishlist.user_id, userId), eq(user_wishlist.product_id, productId))),
  ]);
  return { inCart: Boolean(cart), quantity: cart?.quantity ?? null, wished: Boolean(wish) };
}

/** Puts the listing in the cart with this quantity (bounded by its stock); false when it cannot be bought by this user. */
export async function putInCart(db: DbOrTx, input: { userId: string; productId: string; quantity: unknown }) {
  const [product] = await db
    .select({ stock: marketplace_products.stock })
    .from(marketplace_products)
    .where(and(eq(marketplace_products.id, input.productId), eq(marketplace_products.is_active, true), sql`${marketplace_products.seller_id} <> ${input.userId}`, sql`${marketplace_products.stock} > 0`));
  if (!product) return false;
  const quantity = parseQuantity(input.quantity, product.stock);
  await db
    .insert(user_cart)
    .values({ user_id: input.userId, product_id: input.productId, quantity })
    .onConflictDoUpdate({ target: [user_cart.user_id, user_cart.product_id], set: { quantity } });
  return true;
}

export async function takeOutOfCart(db: DbOrTx, input: { userId: string; productId: string }) {
  await db.delete(user_cart).where(and(eq(user_cart.user_id, input.userId), eq(user_cart.product_id, input.productId)));
}

/** Sets the wishlist heart on or off (a state, not a toggle: two tabs agree). */
export async function setWished(db: DbOrTx, input: { userId: string; productId: string; on: boolean }) {
  if (input.on) await db.insert(user_wishlist).values({ user_id: input.userId, product_id: input.productId }).onConflictDoNothing();
  else await db.delete(user_wishlist).where(and(eq(user_wishlist.user_id, input.userId), eq(user_wishlist.product_id, input.productId)));
}
