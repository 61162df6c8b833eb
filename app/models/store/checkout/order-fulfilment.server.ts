// A captured order payment (docs/product/marketplace.md §4; docs/product/design.md §7): the ledger calls fulfilOrder in its
// transaction. An order paid after its hold ended takes its copies again if they are all
// still for sale, else the payment is owed back; a second payment of a paid order too.
import { asc, eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/db/client.server";
import { marketplace_products, order_items, orders } from "~/db/schema";
import type { Fulfil } from "~/models/payments/ledger.server";
import { lineProblem } from "~/models/store/cart/cart";
import { completed } from "~/models/store/checkout/order-mails.server";
import { holdSales } from "~/models/store/earnings/held-sales.server";
import { moveStock } from "~/models/store/checkout/orders.server";
import { POLICY } from "~/models/support/policy";
import type { Flash } from "~/utils/flash.server";
import { REFUND_REASONS } from "~/models/refund-reasons";
import type { RefundReason } from "~/models/refund-reasons";

export type OrderResult = { kind: "completed"; orderId: string } | { kind: "late" | "duplicate"; orderId: string; refund: { reason: RefundReason } };

/** The fulfilment of a captured order payment, in the ledger's transaction. */
export const fulfilOrder: Fulfil<OrderResult> = async (tx, payment, now) => {
  const orderId = payment.targetId;
  const [order] = await tx.select({ status: orders.status, method: orders.payment_method }).from(orders).where(eq(orders.id, orderId)).for("update");
  if (order!.status === "completed") return { kind: "duplicate", orderId, refund: { reason: REFUND_REASONS.orderTwice(orderId) } };
  if (order!.status === "failed" && !(await reserveAgain(tx, orderId))) {
    return { kind: "late", orderId, refund: { reason: REFUND_REASONS.orderLate(orderId) } };
  }
  // Cash on delivery's deposit paid is its buyer's confirmation (issue 49, point 5): the sellers may ship at once.
  if (order!.method === "cod") await tx.update(orders).set({ cod_confirmed_at: now }).where(eq(orders.id, orderId));
  await completed(tx, orderId);
  // Each seller's share is held at the gateway until the book arrived and stayed (issue 49, point 1); a deposit is no sale.
  if (order!.method !== "cod") await holdSales(tx, orderId, payment, now);
  return { kind: "completed", orderId };
};

/** A released order paid late: its copies, if every one is still for sale. */
async function reserveAgain(tx: Tx, orderId: string) {
  const wanted = await tx.select({ product_id: order_items.product_id }).from(order_items).where(eq(order_items.order_id, orderId));
  const items = await tx
    .select({ product_id: marketplace_products.id, quantity: order_items.quantity, stock: marketplace_products.stock, is_active: marketplace_products.is_active })
    .from(order_items)
    .innerJoin(marketplace_products, eq(marketplace_products.id, order_items.product_id))
    .where(eq(order_items.order_id, orderId))
    .orderBy(asc(marketplace_products.id))
    .for("update", { of: marketplace_products });
  // A listing deleted since has no row to lock: the order cannot be whole again.
  if (items.length !== wanted.length || items.some((i) => lineProblem(i) !== null)) return false;
  await moveStock(tx, items, -1);
  return true;
}

/** Where the gateway's callback sends a buyer, for each outcome of the capture. */
export function orderCallbackPage(orderId: string, outcome: string): { to: string; flash?: Flash } {
  const days = POLICY.refundReachesAccountBusinessDays;
  switch (outcome) {
    case "completed":
    case "already":
      return { to: `/checkout?${new URLSearchParams({ order: orderId })}` };
    case "late":
      return { to: "/cart", flash: { kind: "error", message: { id: "checkout.late", values: { days } } } };
    case "duplicate":
    case "second-payment":
      return { to: `/orders/${orderId}/confirmation`, flash: { kind: "info", message: { id: "checkout.secondPayment", values: { days } } } };
    case "cancel":
      return { to: "/checkout?step=payment" };
    default:
      return { to: "/checkout?step=payment&status=failed" };
  }
}

/** What the test gateway's page says the order is for. */
export async function orderTitle(db: DbOrTx, orderId: string) {
  const items = await db.select({ title: order_items.title_at_purchase }).from(order_items).where(eq(order_items.order_id, orderId));
  if (items.length === 0) return null;
  return { title: items[0]!.title, more: items.length - 1 };
}
