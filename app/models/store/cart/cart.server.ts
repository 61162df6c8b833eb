// The buyer's cart and wishlist rows (docs/product/marketplace.md §3): the product page's controls,
// the cart page, the wishlist page and the store's preview. A seller cannot buy their
// own listing, and only active listings in stock go in a cart.
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { marketplace_products, order_items, orders, product_categories, user_cart, user_wishlist } from "~/db/schema";
import { CART_PREVIEW_ITEMS, lineProblem, parseQuantity } from "~/models/store/cart/cart";
import { orderTotals } from "~/models/store/checkout/checkout";
import { isUuid } from "~/utils/urls";
import { env } from "~/utils/env.server";

/** Copies of one listing a cart may hold (CART_MAX_COPIES); a form asking for more is told so by its route. */
export const cartCap = () => env().CART_MAX_COPIES;

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
  const quantity = parseQuantity(input.quantity, Math.min(product.stock, cartCap()));
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

/** The cart page and checkout's summary: every line with its listing as it is now, the total of what can be bought. */
export async function cartView(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      id: marketplace_products.id,
      title: marketplace_products.title,
      description: marketplace_products.description,
      author: marketplace_products.author,
      price: marketplace_products.price,
      stock: marketplace_products.stock,
      is_active: marketplace_products.is_active,
      thumbnail_url: marketplace_products.thumbnail_url,
      category: product_categories.name,
      quantity: user_cart.quantity,
    })
    .from(user_cart)
    .innerJoin(marketplace_products, eq(marketplace_products.id, user_cart.product_id))
    .innerJoin(product_categories, eq(product_categories.id, marketplace_products.category_id))
    .where(eq(user_cart.user_id, userId))
    .orderBy(desc(user_cart.added_at), asc(marketplace_products.id));
  // Copies this buyer's own unpaid order still holds (a failed attempt keeps them until the
  // hold ends) are theirs to pay for: the same cart pays that order again (orders.server).
  const held = await heldByBuyer(db, userId);
  const lines = rows.map((row) => {
    const line = { ...row, stock: row.stock + (held.get(row.id) ?? 0) };
    return { ...line, problem: lineProblem(line) };
  });
  const buyable = lines.filter((l) => l.problem === null);
  return { lines, buyable, totals: orderTotals(buyable) };
}

/** The copies of each listing the buyer's own unpaid orders hold now. */
async function heldByBuyer(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ productId: order_items.product_id, copies: sql<number>`sum(${order_items.quantity})::int` })
    .from(order_items)
    .innerJoin(orders, eq(orders.id, order_items.order_id))
    .where(and(eq(orders.buyer_id, userId), eq(orders.status, "pending"), gt(orders.hold_expires_at, sql`now()`)))
    .groupBy(order_items.product_id);
  return new Map(rows.map((r) => [r.productId, Number(r.copies)]));
}

/** Sets a cart line's quantity (bounded by the stock); false when the line is not in this user's cart. */
export async function setCartQuantity(db: DbOrTx, input: { userId: string; productId: string; quantity: unknown }) {
  const [line] = await db
    .select({ stock: marketplace_products.stock })
    .from(user_cart)
    .innerJoin(marketplace_products, eq(marketplace_products.id, user_cart.product_id))
    .where(and(eq(user_cart.user_id, input.userId), eq(user_cart.product_id, input.productId)));
  if (!line) return false;
  await db
    .update(user_cart)
    .set({ quantity: parseQuantity(input.quantity, Math.min(line.stock, cartCap())) })
    .where(and(eq(user_cart.user_id, input.userId), eq(user_cart.product_id, input.productId)));
  return true;
}

/** The store's cart preview: the newest lines and how many there are. */
export async function cartPreview(db: DbOrTx, userId: string) {
  const [lines, [count]] = await Promise.all([
    db
      .select({ id: marketplace_products.id, title: marketplace_products.title, price: marketplace_products.price, quantity: user_cart.quantity, thumbnail_url: marketplace_products.thumbnail_url })
      .from(user_cart)
      .innerJoin(marketplace_products, eq(marketplace_products.id, user_cart.product_id))
      .where(eq(user_cart.user_id, userId))
      .orderBy(desc(user_cart.added_at), asc(marketplace_products.id))
      .limit(CART_PREVIEW_ITEMS),
    db.select({ n: sql<number>`count(*)::int` }).from(user_cart).where(eq(user_cart.user_id, userId)),
  ]);
  return { lines, count: count?.n ?? 0 };
}

/** The wishlist page: saved listings, newest first, with whether each can go in the cart now. */
export async function wishlistView(db: DbOrTx, userId: string) {
  return db
    .select({
      id: marketplace_products.id,
      title: marketplace_products.title,
      author: marketplace_products.author,
      price: marketplace_products.price,
      thumbnail_url: marketplace_products.thumbnail_url,
      category: product_categories.name,
      available: sql<boolean>`${marketplace_products.is_active} AND ${marketplace_products.stock} > 0`,
      inCart: sql<boolean>`EXISTS (SELECT 1 FROM ${user_cart} WHERE ${user_cart.user_id} = ${userId} AND ${user_cart.product_id} = ${marketplace_products.id})`,
    })
    .from(user_wishlist)
    .innerJoin(marketplace_products, eq(marketplace_products.id, user_wishlist.product_id))
    .innerJoin(product_categories, eq(product_categories.id, marketplace_products.category_id))
    .where(eq(user_wishlist.user_id, userId))
    .orderBy(desc(user_wishlist.added_at), asc(marketplace_products.id))
    .limit(200);
}

/** After a guest logs in from a product page's Add to Cart or heart, it is done (login then goes back to the product). */
export async function resumeStoreAction(db: DbOrTx, input: { userId: string; path: string; action?: string; quantity?: string }) {
  const productId = /^\/store\/([0-9a-f-]{36})\/productdetails$/.exec(input.path)?.[1];
  if (!productId || !isUuid(productId)) return;
  if (input.action === "cart") await putInCart(db, { userId: input.userId, productId, quantity: input.quantity ?? "1" });
  if (input.action === "wish") await setWished(db, { userId: input.userId, productId, on: true });
}

/** How many copies the cart holds (the header's count). */
export async function cartCount(db: DbOrTx, userId: string) {
  const [row] = await db.select({ n: sql<number>`COALESCE(sum(${user_cart.quantity}), 0)::int` }).from(user_cart).where(eq(user_cart.user_id, userId));
  return row?.n ?? 0;
}
