// An order becomes completed, and its mails: the buyer's confirmation and one to each
// seller, written to the outbox in the transaction that completes it.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { order_items, orders, user_cart, users, type ShippingAddress } from "~/db/schema";
import { PAYMENT_LABELS, paymentState, shortOrderId } from "~/models/store/checkout";
import { POLICY } from "~/models/support/policy";
import { enqueueEmail, renderMail } from "~/services/email.server";
import { appUrl } from "~/utils/env.server";
import { formatINR } from "~/utils/money";

/** An order becomes completed: its books leave the buyer's cart, the buyer and each seller get a mail (same transaction). */
export async function completed(tx: Tx, orderId: string) {
  const [order] = await tx
    .update(orders)
    .set({ status: "completed", hold_expires_at: null, completed_at: sql`coalesce(${orders.completed_at}, now())` })
    .where(eq(orders.id, orderId))
    .returning();
  const items = await tx.select().from(order_items).where(eq(order_items.order_id, orderId));
  const bought = items.flatMap((i) => (i.product_id ? [i.product_id] : []));
  if (bought.length > 0) await tx.delete(user_cart).where(and(eq(user_cart.user_id, order!.buyer_id), inArray(user_cart.product_id, bought)));
  await enqueueEmail(tx, buyerMail(order!, items));
  const sellers = [...new Set(items.flatMap((i) => (i.seller_id ? [i.seller_id] : [])))];
  const emails = sellers.length === 0 ? [] : await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, sellers));
  for (const seller of emails) await enqueueEmail(tx, sellerMail(order!, items.filter((i) => i.seller_id === seller.id), seller.email));
}

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof order_items.$inferSelect;

const itemLine = (i: ItemRow) => `${i.title_at_purchase} × ${i.quantity}: ${formatINR(i.price_at_purchase * i.quantity)}`;
const addressLines = (a: ShippingAddress) => `${a.name}, ${a.street}, ${a.city}, ${a.state} ${a.postal_code}, ${a.country}. Phone ${a.phone}.`;
const paymentLine = (o: OrderRow) => (paymentState(o) === "on_delivery" ? "Cash on Delivery: pay when the book arrives." : `${PAYMENT_LABELS[o.payment_method]}: paid.`);

function buyerMail(order: OrderRow, items: ItemRow[]) {
  return {
    to: order.buyer_email,
    subject: `Order confirmed: ${shortOrderId(order.id)}`,
    ...renderMail({
      heading: "Order Confirmed!",
      paragraphs: [
        `Hi ${order.buyer_name}, thank you for your order.`,
        ...items.map(itemLine),
        `Subtotal ${formatINR(order.subtotal)}, shipping ${order.shipping === 0 ? "free" : formatINR(order.shipping)}, total ${formatINR(order.total_amount)}.`,
        paymentLine(order),
        `Shipping to: ${addressLines(order.shipping_address)}`,
        `Sellers ship within ${POLICY.sellerShipBusinessDays} business days; delivery usually takes 3-5 business days.`,
      ],
      action: { label: "View your order", url: `${appUrl()}/orders/${order.id}/confirmation` },
    }),
  };
}

function sellerMail(order: OrderRow, items: ItemRow[], to: string) {
  return {
    to,
    subject: `Your book sold: ${items[0]!.title_at_purchase}`,
    ...renderMail({
      heading: "Your book sold",
      paragraphs: [
        ...items.map(itemLine),
        paymentLine(order),
        `Please ship within ${POLICY.sellerShipBusinessDays} business days to: ${addressLines(order.shipping_address)}`,
        "Mark it as shipped in My Products, under Sales, once it is on its way.",
      ],
      action: { label: "Open your sales", url: `${appUrl()}/store/my-products?view=sales` },
    }),
  };
}
