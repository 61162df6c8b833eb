// What buyers and sellers read about orders (docs/product/marketplace.md §2 Orders, Order
// confirmation; docs/product/design.md §7 sales): each sees only their own, in two queries (orders,
// then all their items), never one per order.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { marketplace_products, order_items, orders, profiles, shipments } from "~/db/schema";
import { orderCashAtDoor } from "~/models/store/checkout/checkout";
import { awaitsConfirmation, lineState, UNCONFIRMED_REASON, type CodFigures } from "~/models/store/orders/order-life";

const ORDERS_SHOWN = 50;

/** A line's life, every column its state and timeline are read from (models/store/orders/order-life.ts). */
const LIFE = {
  shipped_at: order_items.shipped_at,
  tracking_number: order_items.tracking_number,
  delivered_at: order_items.delivered_at,
  cancelled_at: order_items.cancelled_at,
  cancelled_by: order_items.cancelled_by,
  cancel_reason: order_items.cancel_reason,
  return_requested_at: order_items.return_requested_at,
  return_reason: order_items.return_reason,
  returned_at: order_items.returned_at,
  refused_at: order_items.refused_at,
  return_photo_url: order_items.return_photo_url,
  return_photo_thumb: order_items.return_photo_thumb,
  disputed_at: order_items.disputed_at,
  dispute_words: order_items.dispute_words,
  // A parcel booked with a carrier: what the carrier reported, for the timeline (issue 49, point 2).
  parcel_events: shipments.events,
};
const SALES_SHOWN = 100;

async function itemsOf(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: order_items.id,
      order_id: order_items.order_id,
      product_id: order_items.product_id,
      title: order_items.title_at_purchase,
      author: order_items.author_at_purchase,
      price: order_items.price_at_purchase,
      quantity: order_items.quantity,
      ...LIFE,
      thumbnail_url: marketplace_products.thumbnail_url,
      seller_name: profiles.full_name,
      seller_phone: profiles.phone,
      seller_address: profiles.address,
      seller_city: profiles.city,
      // Only its buyer ever reads it (forItsBuyer keeps it; every other view drops it).
      handover_code: order_items.handover_code,
    })
    .from(order_items)
    .leftJoin(marketplace_products, eq(marketplace_products.id, order_items.product_id))
    .leftJoin(profiles, eq(profiles.id, order_items.seller_id))
    .leftJoin(shipments, eq(shipments.order_item_id, order_items.id))
    .where(inArray(order_items.order_id, orderIds))
    .orderBy(order_items.title_at_purchase);
}

type Item = Awaited<ReturnType<typeof itemsOf>>[number];

/**
 * A seller's phone reaches the buyer only on their own order's page, only once there is an
 * order (paid, where it is paid online; confirmed by its buyer, where it is cash on delivery:
 * else anyone could place orders to collect sellers' numbers and let them lapse, issue 65,
 * point 7), and only while a line still travels (placed or shipped) or is on its way back (a
 * return asked for): that is when a delivery or a hand-over needs it. Their address only for
 * a return, as where to send the book; never their e-mail
 * (docs/decisions/platform-holes-an-attacker-found.md, "Who sees a seller's details").
 */
const forItsBuyer = (order: Pick<typeof orders.$inferSelect, "status" | "payment_method" | "cod_confirmed_at">) => (item: Item) => {
  const state = lineState(item);
  // And while a return is asked for, the address the book goes back to (issue 49, point 7).
  const returning = state === "return_requested";
  const anOrder = order.status === "completed" && !awaitsConfirmation(order);
  return {
    ...item,
    seller_phone: anOrder && (state === "placed" || state === "shipped" || returning) ? item.seller_phone : null,
    seller_address: returning ? item.seller_address : null,
    seller_city: returning ? item.seller_city : null,
  };
};
const withoutSellerContact = (item: Item) => ({ ...item, seller_phone: null, seller_address: null, seller_city: null, handover_code: null });
const withItems = <T extends { id: string }>(rows: T[], items: Item[]) => rows.map((row) => ({ ...row, items: items.filter((i) => i.order_id === row.id) }));

/** /orders: the buyer's completed orders, newest first (docs/product/marketplace.md §2). */
export async function completedOrders(db: DbOrTx, buyerId: string) {
  const rows = await db
    .select({ id: orders.id, created_at: orders.created_at, status: orders.status, total_amount: orders.total_amount, payment_method: orders.payment_method, cod_confirmed_at: orders.cod_confirmed_at })
    .from(orders)
    .where(and(eq(orders.buyer_id, buyerId), eq(orders.status, "completed")))
    .orderBy(desc(orders.created_at))
    .limit(ORDERS_SHOWN);
  return withItems(rows, (await itemsOf(db, rows.map((r) => r.id))).map(withoutSellerContact));
}

/** One order, for its buyer only (anyone else gets null, as for a missing order). */
export async function buyerOrder(db: DbOrTx, buyerId: string, orderId: string) {
  const [row] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.buyer_id, buyerId)));
  if (!row) return null;
  // Each line knows how it travels (its timeline and hand-over code read it); the code only until it is handed over.
  const items = (await itemsOf(db, [row.id])).map(forItsBuyer(row)).map((item) => ({ ...item, delivery: row.delivery, handover_code: item.delivered_at || item.cancelled_at ? null : item.handover_code }));
  const [order] = withItems([row], items);
  // The cash its doors collect, as the courier's labels say it (../checkout/checkout.ts, cashAtDoor).
  const cash_at_door = orderCashAtDoor(row, items.map((i) => ({ id: i.id, price_at_purchase: i.price, quantity: i.quantity, cancelled_at: i.cancelled_at })));
  return { ...order!, cash_at_door };
}

/** The seller's Sales view: every sold item of theirs (completed orders), newest first, with where it goes. */
export async function salesOf(db: DbOrTx, sellerId: string) {
  return db
    .select({
      id: order_items.id,
      order_id: orders.id,
      sold_at: orders.created_at,
      title: order_items.title_at_purchase,
      price: order_items.price_at_purchase,
      quantity: order_items.quantity,
      ...LIFE,
      buyer_name: orders.buyer_name,
      address: orders.shipping_address,
      payment_method: orders.payment_method,
      cod_confirmed_at: orders.cod_confirmed_at,
      delivery: orders.delivery,
      status: orders.status,
    })
    .from(order_items)
    .innerJoin(orders, eq(orders.id, order_items.order_id))
    .leftJoin(shipments, eq(shipments.order_item_id, order_items.id))
    .where(and(eq(order_items.seller_id, sellerId), eq(orders.status, "completed")))
    .orderBy(desc(orders.created_at), order_items.id)
    .limit(SALES_SHOWN);
}

/**
 * A seller's cash-on-delivery figures (issue 49, point 5), per book sold: ordered, confirmed
 * by the buyer, cancelled for want of a confirmation, shipped, delivered and refused at the
 * door. Read from the lines' own times in one statement (order_items_seller_idx), so they
 * cannot disagree with the timelines.
 */
export async function codFiguresOf(db: DbOrTx, sellerId: string): Promise<CodFigures> {
  const count = (when: ReturnType<typeof sql>) => sql<number>`count(*) FILTER (WHERE ${when})::int`;
  const [figures] = await db
    .select({
      placed: sql<number>`count(*)::int`,
      confirmed: count(sql`${orders.cod_confirmed_at} IS NOT NULL`),
      unconfirmed: count(sql`${order_items.cancelled_by} = 'system' AND ${order_items.cancel_reason} = ${UNCONFIRMED_REASON}`),
      shipped: count(sql`${order_items.shipped_at} IS NOT NULL`),
      delivered: count(sql`${order_items.delivered_at} IS NOT NULL`),
      refused: count(sql`${order_items.refused_at} IS NOT NULL`),
    })
    .from(order_items)
    .innerJoin(orders, eq(orders.id, order_items.order_id))
    .where(and(eq(order_items.seller_id, sellerId), eq(orders.status, "completed"), eq(orders.payment_method, "cod")));
  return figures!;
}
