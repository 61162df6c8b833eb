// Orders (docs/product/marketplace.md §2 Checkout, §4; docs/product/design.md §7): an order is made from the
// buyer's cart at the prices in the database, and reserves its copies in the same
// transaction, under row locks taken in product-id order (two checkouts of the last
// copy: one order). Cash on delivery completes at once; an online order holds its
// copies for HOLD_MINUTES while the ledger's gateway order is paid, and gives them back
// when the payment fails or the hold ends. A payment that arrives after its hold ended
// takes the copies again if they are still there, else it is owed back
// (order-fulfilment.server.ts); the mails are order-mails.server.ts.
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import { pgErrorCode, rowsOf, type Db, type DbOrTx, type Tx } from "~/db/client.server";
import { marketplace_products, order_items, orders, payments, user_cart, type ShippingAddress } from "~/db/schema";
import type { Gateway } from "~/models/payments/gateway.server";
import { openOrder } from "~/models/payments/ledger.server";
import { CART_MESSAGES, lineProblem } from "~/models/store/cart/cart";
import { CHECKOUT_MESSAGES, HOLD_MINUTES, orderTotals } from "~/models/store/checkout/checkout";
import { meetingCity, newHandoverCode } from "~/models/store/checkout/meeting.server";
import type { Msg } from "~/utils/i18n";
import { completed } from "~/models/store/checkout/order-mails.server";
import type { Shipping } from "~/models/store/checkout/checkout-schema";
import type { DELIVERIES, PAYMENT_METHODS } from "~/utils/enums";
import { consume, LIMITS } from "~/services/rate-limit.server";
import { env } from "~/utils/env.server";
import { formatINR } from "~/utils/money";

type Method = (typeof PAYMENT_METHODS)[number];

export type PlaceOutcome =
  | { kind: "completed"; orderId: string } // cash on delivery, placed
  | { kind: "pay"; orderId: string; gatewayOrderId: string; amount: number; gateway: Gateway }
  | { kind: "sold-out"; titles: string[] }
  // Past a limit of the marketplace's (copies of one listing; cash on delivery's): said in the payment form.
  | { kind: "refused"; msg: Msg }
  // The buyer's account was erased while this checkout waited for it: answered as any request after the erasure.
  | { kind: "erased" }
  | { kind: "empty" | "limited" | "unavailable" };

class NotPlaced extends Error {
  constructor(readonly outcome: PlaceOutcome) {
    super(outcome.kind);
  }
}

/** The address as the order keeps it (the confirmation's block: docs/product/marketplace.md §2). */
export const addressOf = (s: Shipping): ShippingAddress => ({
  name: s.name,
  street: s.address,
  city: s.city,
  ...(s.district ? { district: s.district } : {}),
  state: s.state,
  postal_code: s.zip,
  country: "India",
  phone: s.phone,
});

/**
 * Places the buyer's cart as an order. `key` is the payment step's one-time key: the
 * same form sent twice places one order. An unpaid online order of the same cart is
 * paid again rather than copied (a second tab, the browser's back button); one of
 * another cart is released first.
 */
export async function placeOrder(
  db: Db,
  gateway: Gateway | null,
  input: { userId: string; shipping: Shipping; method: Method; delivery?: (typeof DELIVERIES)[number]; key: string; now: Date },
): Promise<PlaceOutcome> {
  const delivery = input.delivery ?? "ship";
  const online = input.method !== "cod";
  if (online && !gateway) return { kind: "unavailable" };
  // Cash on delivery with a deposit paid online first (issue 49, point 5): placed and held as an online order is.
  const depositOf = (total: number) => (online || delivery !== "ship" || !gateway ? 0 : codDepositFor(total));

  const sameForm = async () => {
    const [order] = await db.select({ id: orders.id, status: orders.status, method: orders.payment_method }).from(orders).where(and(eq(orders.buyer_id, input.userId), eq(orders.idempotency_key, input.key)));
    return order ? resume(db, gateway, order, input) : null;
  };
  const placed = await sameForm();
  if (placed) return placed;

  const cart = await cartLines(db, input.userId);
  // Empty, perhaps because the same form sent a moment earlier has just placed it.
  if (cart.length === 0) return (await sameForm()) ?? { kind: "empty" };
  const held = await heldOrderOf(db, input.userId, input.now);
  if (held) {
    if (online && held.method !== "cod" && sameLines(held.lines, cart) && held.delivery === delivery) {
      await db.update(orders).set({ payment_method: input.method, shipping_address: addressOf(input.shipping), buyer_name: input.shipping.name, buyer_email: input.shipping.email }).where(eq(orders.id, held.id));
      return payOnline(db, gateway!, held.id);
    }
    await releaseOrder(db, held.id);
  }
  if (await consume(db, `checkout:${input.userId}`, LIMITS.checkoutsPerUser, input.now)) return { kind: "limited" };

  let placedOrder: { id: string; paysNow: boolean };
  try {
    placedOrder = await db.transaction(async (tx) => {
      if (!(await lockPeople(tx, input.userId))) throw new NotPlaced({ kind: "erased" });
      const lines = await lockCartLines(tx, input.userId);
      if (lines.length === 0) throw new NotPlaced({ kind: "empty" });
      const gone = lines.filter((l) => lineProblem(l) !== null || l.seller_id === input.userId);
      if (gone.length > 0) throw new NotPlaced({ kind: "sold-out", titles: gone.map((l) => l.title) });
      // Met in person only when every seller is in the buyer's city, checked here and not trusted from the form.
      if (delivery === "meet" && !(await meetingCity(tx, lines.map((l) => l.seller_id), input.shipping.city))) throw new NotPlaced({ kind: "refused", msg: CHECKOUT_MESSAGES.meetRefused });
      const totals = orderTotals(lines, delivery);
      const refusal = await limitRefusal(tx, { userId: input.userId, cod: !online, lines, total: totals.total });
      if (refusal) throw new NotPlaced({ kind: "refused", msg: refusal });
      const deposit = depositOf(totals.total);
      const paysNow = online || deposit > 0;

      const [order] = await tx
        .insert(orders)
        .values({
          buyer_id: input.userId,
          idempotency_key: input.key,
          status: paysNow ? "pending" : "completed",
          subtotal: totals.subtotal,
          shipping: totals.shipping,
          total_amount: totals.total,
          buyer_name: input.shipping.name,
          buyer_email: input.shipping.email,
          payment_method: input.method,
          delivery,
          shipping_address: addressOf(input.shipping),
          hold_expires_at: paysNow ? new Date(input.now.getTime() + HOLD_MINUTES * 60_000) : null,
          completed_at: paysNow ? null : input.now,
          deposit,
        })
        .returning({ id: orders.id });
      await tx.insert(order_items).values(
        lines.map((l) => ({
          order_id: order!.id,
          product_id: l.product_id,
          seller_id: l.seller_id,
          title_at_purchase: l.title,
          author_at_purchase: l.author,
          price_at_purchase: l.price,
          quantity: l.quantity,
          handover_code: delivery === "meet" ? newHandoverCode() : null,
        })),
      );
      await moveStock(tx, lines, -1);
      if (!paysNow) await completed(tx, order!.id);
      return { id: order!.id, paysNow };
    });
  } catch (error) {
    // The same form sent twice at once: the other request placed it (and emptied the cart).
    if (error instanceof NotPlaced) return (error.outcome.kind === "empty" && (await sameForm())) || error.outcome;
    if (pgErrorCode(error) === "23505") return placeOrder(db, gateway, input);
    throw error;
  }
  const orderId = placedOrder.id;
  if (!placedOrder.paysNow) return { kind: "completed", orderId };
  try {
    return await payOnline(db, gateway!, orderId);
  } catch (error) {
    await releaseOrder(db, orderId);
    throw error;
  }
}

/**
 * Why the marketplace's limits refuse this order, or null (docs/decisions/marketplace-cash-on-delivery-limits.md, "Cash on
 * delivery can't be abused"): more copies of one listing than a cart may hold, and for
 * cash on delivery, which costs the buyer nothing until the door, an order worth more
 * than COD_MAX_ORDER_VALUE or one more than COD_MAX_OPEN_ORDERS not yet shipped. The
 * buyer's row is locked already (lockPeople), so two checkouts of one buyer at once count each other.
 */
async function limitRefusal(tx: Tx, input: { userId: string; cod: boolean; lines: Array<{ quantity: number }>; total: number }): Promise<Msg | null> {
  const limits = env();
  if (input.lines.some((l) => l.quantity > limits.CART_MAX_COPIES)) {
    return CART_MESSAGES.tooManyCopies(limits.CART_MAX_COPIES);
  }
  if (!input.cod) return null;
  if (input.total > limits.COD_MAX_ORDER_VALUE) {
    return CHECKOUT_MESSAGES.codValue(formatINR(limits.COD_MAX_ORDER_VALUE));
  }
  const [row] = rowsOf<{ open: number }>(
    await tx.execute(sql`
      SELECT count(*)::int AS open FROM orders o
       WHERE o.buyer_id = ${input.userId} AND o.payment_method = 'cod' AND o.status = 'completed'
         AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.shipped_at IS NULL AND i.cancelled_at IS NULL)`),
  );
  return row!.open >= limits.COD_MAX_OPEN_ORDERS ? CHECKOUT_MESSAGES.codOpenOrders(row!.open) : null;
}

/**
 * The same form sent again: its completed order, or its unpaid one paid again (after a
 * failed attempt in the page, perhaps by another method). Cash on delivery instead, or
 * a hold that ended, releases the unpaid one and the form places a new order (null).
 */
async function resume(db: Db, gateway: Gateway | null, order: { id: string; status: string; method: Method }, input: { method: Method; now: Date }): Promise<PlaceOutcome | null> {
  if (order.status === "completed") return { kind: "completed", orderId: order.id };
  // Paid again by another online method, or its deposit again; cash on delivery and online do not turn into each other.
  if (gateway && (input.method === "cod") === (order.method === "cod")) {
    const [held] = await db
      .update(orders)
      .set({ payment_method: input.method })
      .where(and(eq(orders.id, order.id), eq(orders.status, "pending"), gt(orders.hold_expires_at, input.now)))
      .returning({ id: orders.id });
    if (held) return payOnline(db, gateway, held.id);
  }
  await releaseOrder(db, order.id);
  return null;
}

async function payOnline(db: Db, gateway: Gateway, orderId: string): Promise<PlaceOutcome> {
  const [order] = await db.select({ total: orders.total_amount, deposit: orders.deposit, method: orders.payment_method, buyer: orders.buyer_id }).from(orders).where(eq(orders.id, orderId));
  // Cash on delivery pays only its deposit online; the rest at the door.
  const amount = order!.method === "cod" ? order!.deposit : order!.total;
  const opened = await openOrder(db, gateway, { userId: order!.buyer, purpose: "order", targetId: orderId, amount, receipt: `order-${orderId.slice(0, 8)}` });
  if (opened === "limited") return { kind: "limited" };
  return { kind: "pay", orderId, gatewayOrderId: opened.orderId, amount: opened.amount, gateway };
}

type CartLine = { product_id: string; quantity: number };

async function cartLines(db: DbOrTx, userId: string): Promise<CartLine[]> {
  return db.select({ product_id: user_cart.product_id, quantity: user_cart.quantity }).from(user_cart).where(eq(user_cart.user_id, userId)).orderBy(asc(user_cart.product_id));
}

/**
 * The user rows an order needs, locked before any cart row or listing, in id order: the
 * buyer's for update (two checkouts of one buyer take turns), the sellers' against a
 * change of key (the order's lines point at them). An erasure locks its user's row first
 * too (models/accounts/personal-data.server.ts), so a checkout and an erasure of its buyer
 * or of a seller take turns on that row; when this checkout locked the cart first, the two
 * deadlocked (issue 65). False when the buyer's account was erased meanwhile.
 */
async function lockPeople(tx: Tx, buyerId: string) {
  const sellers = rowsOf<{ id: string }>(
    await tx.execute(sql`SELECT DISTINCT p.seller_id AS id FROM user_cart c JOIN marketplace_products p ON p.id = c.product_id WHERE c.user_id = ${buyerId}`),
  );
  let buyerThere = false;
  for (const id of [...new Set([buyerId, ...sellers.map((s) => s.id)])].sort()) {
    if (id !== buyerId) await tx.execute(sql`SELECT 1 FROM users WHERE id = ${id} FOR KEY SHARE`);
    else buyerThere = rowsOf(await tx.execute(sql`SELECT 1 FROM users WHERE id = ${id} AND erased_at IS NULL FOR UPDATE`)).length === 1;
  }
  return buyerThere;
}

/**
 * The cart with its rows and listings locked, in product-id order (every locker takes
 * this order: no deadlock). The cart rows are locked too, so a second tab that waited
 * for the first sees the cart that tab emptied, not its snapshot from before.
 */
async function lockCartLines(tx: Tx, userId: string) {
  return tx
    .select({
      product_id: user_cart.product_id,
      quantity: user_cart.quantity,
      title: marketplace_products.title,
      author: marketplace_products.author,
      price: marketplace_products.price,
      stock: marketplace_products.stock,
      is_active: marketplace_products.is_active,
      seller_id: marketplace_products.seller_id,
    })
    .from(user_cart)
    .innerJoin(marketplace_products, eq(marketplace_products.id, user_cart.product_id))
    .where(eq(user_cart.user_id, userId))
    .orderBy(asc(marketplace_products.id))
    .for("update", { of: [marketplace_products, user_cart] });
}

async function heldOrderOf(db: DbOrTx, userId: string, now: Date) {
  const [held] = await db
    .select({ id: orders.id, delivery: orders.delivery, method: orders.payment_method })
    .from(orders)
    .where(and(eq(orders.buyer_id, userId), eq(orders.status, "pending"), gt(orders.hold_expires_at, now)))
    .limit(1);
  if (!held) return null;
  const lines = await db.select({ product_id: order_items.product_id, quantity: order_items.quantity }).from(order_items).where(eq(order_items.order_id, held.id)).orderBy(asc(order_items.product_id));
  return { id: held.id, delivery: held.delivery, method: held.method, lines };
}

const sameLines = (a: { product_id: string | null; quantity: number }[], b: CartLine[]) =>
  a.length === b.length && a.every((line, i) => line.product_id === b[i]!.product_id && line.quantity === b[i]!.quantity);

/** Gives a pending order's copies back and marks it failed (a failed payment, a new cart, the hold's end). False when it was not pending. */
export async function releaseOrder(db: DbOrTx, orderId: string) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      // Its form's key is set free: sending that form again places a new order.
      .set({ status: "failed", hold_expires_at: null, idempotency_key: sql`${orders.idempotency_key} || ':released:' || ${orders.id}` })
      .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
      .returning({ id: orders.id });
    if (!order) return false;
    const items = await tx.select({ product_id: order_items.product_id, quantity: order_items.quantity }).from(order_items).where(eq(order_items.order_id, orderId)).orderBy(asc(order_items.product_id));
    await moveStock(tx, items, +1);
    // Its open gateway order is closed too; a payment that still arrives is handled as late.
    await tx.update(payments).set({ status: "failed" }).where(and(eq(payments.order_id, orderId), eq(payments.status, "created")));
    return true;
  });
}

/** The server's sweep: online orders whose hold ended give their copies back. */
export async function releaseExpiredHolds(db: DbOrTx, now: Date) {
  const due = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.status, "pending"), lt(orders.hold_expires_at, now))).limit(100);
  let released = 0;
  for (const { id } of due) if (await releaseOrder(db, id)) released++;
  return released;
}

/**
 * Takes copies (-1) or gives them back (+1). `lines` come in product-id order (every
 * caller reads them so), the order every locker here takes; a deleted listing has none.
 */
export async function moveStock(tx: Tx, lines: { product_id: string | null; quantity: number }[], direction: -1 | 1) {
  for (const line of lines) {
    if (line.product_id) await tx.update(marketplace_products).set({ stock: sql`${marketplace_products.stock} + ${direction * line.quantity}` }).where(eq(marketplace_products.id, line.product_id));
  }
}

/**
 * Minutes until a copy of a sold-out listing may come back: the soonest hold of another
 * buyer's unpaid online order that has one of its copies. Null when none is held.
 */
export async function heldForMinutes(db: DbOrTx, productId: string, now: Date) {
  const [row] = rowsOf<{ until: string | null }>(
    await db.execute(sql`
      SELECT min(o.hold_expires_at) AS until FROM order_items i JOIN orders o ON o.id = i.order_id
       WHERE i.product_id = ${productId} AND o.status = 'pending' AND o.hold_expires_at > ${now.toISOString()}::timestamptz`),
  );
  return row?.until ? Math.max(1, Math.ceil((new Date(row.until).getTime() - now.getTime()) / 60_000)) : null;
}

/**
 * The deposit a cash-on-delivery order of `total` rupees pays online first (COD_DEPOSIT, for
 * orders worth more than COD_DEPOSIT_ABOVE; never more than the order), or 0 for none.
 */
export function codDepositFor(total: number, config = env()) {
  if (config.COD_DEPOSIT === 0 || total <= config.COD_DEPOSIT_ABOVE) return 0;
  return Math.min(config.COD_DEPOSIT, total);
}
