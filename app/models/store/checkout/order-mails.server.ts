// An order becomes completed, and its mails: the buyer's confirmation and one to each
// seller, written to the outbox in the transaction that completes it.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { order_items, orders, user_cart, users, type ShippingAddress } from "~/db/schema";
import { cashAtDoor, METHOD_LABELS, orderCashAtDoor, paymentState, shortOrderId } from "~/models/store/checkout/checkout";
import { awaitsConfirmation } from "~/models/store/orders/order-life";
import { POLICY } from "~/models/support/policy";
import { enqueueEmail, mailLocale, renderMail } from "~/services/email.server";
import type { Locale, Translate } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";
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
  const [buyer] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, order!.buyer_id));
  await enqueueEmail(tx, buyerMail(order!, items, mailLocale(buyer?.locale)));
  const sellers = [...new Set(items.flatMap((i) => (i.seller_id ? [i.seller_id] : [])))];
  const emails = sellers.length === 0 ? [] : await tx.select({ id: users.id, email: users.email, locale: users.locale }).from(users).where(inArray(users.id, sellers));
  for (const seller of emails) {
    const theirs = items.filter((i) => i.seller_id === seller.id);
    // Their parcels' cash, one of them perhaps with the order's shipping: read against every line of the order.
    const cash = theirs.reduce((sum, i) => sum + cashAtDoor(order!, items, i.id), 0);
    await enqueueEmail(tx, sellerMail(order!, theirs, seller.email, mailLocale(seller.locale), cash));
  }
}

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof order_items.$inferSelect;

const itemLine = (t: Translate, i: ItemRow) => t("mail.order.item", { title: i.title_at_purchase, quantity: i.quantity, amount: formatINR(i.price_at_purchase * i.quantity) });
const addressLines = (t: Translate, a: ShippingAddress) =>
  t("mail.order.address", { name: a.name, street: a.street, city: a.city, state: a.state, postal: a.postal_code, country: a.country, phone: a.phone });
/** How it is paid; with cash on delivery, the cash the courier collects (the label's: ./checkout.ts, cashAtDoor). */
const paymentLine = (t: Translate, o: OrderRow, cash: number) => (paymentState(o) === "on_delivery" ? t("mail.order.cod", { cash: formatINR(cash) }) : t("mail.order.paid", { method: t(METHOD_LABELS[o.payment_method]) }));

/** The buyer's confirmation, in the buyer's language. */
export function buyerMail(order: OrderRow, items: ItemRow[], locale: Locale) {
  const t = translator(locale);
  return {
    to: order.buyer_email,
    // Cash on delivery its buyer has yet to confirm is placed, not confirmed (issue 65, point 7): one word for each state.
    subject: t(awaitsConfirmation(order) ? "mail.order.placedSubject" : "mail.order.subject", { ref: shortOrderId(order.id) }),
    ...renderMail({
      heading: t(awaitsConfirmation(order) ? "mail.order.placedHeading" : "mail.order.heading"),
      paragraphs: [
        t("mail.order.thanks", { name: order.buyer_name }),
        ...items.map((i) => itemLine(t, i)),
        t("mail.order.totals", { subtotal: formatINR(order.subtotal), shipping: order.shipping === 0 ? t("mail.order.freeShipping") : formatINR(order.shipping), total: formatINR(order.total_amount) }),
        paymentLine(t, order, orderCashAtDoor(order, items)),
        ...(order.deposit > 0 ? [t("mail.order.deposit", { deposit: formatINR(order.deposit), cash: formatINR(orderCashAtDoor(order, items)) })] : []),
        // Cash on delivery ships once its buyer confirms it (issue 49, point 5): the button is on the order's page.
        ...(awaitsConfirmation(order) ? [t("mail.order.confirmCod", { hours: POLICY.codConfirmHours })] : []),
        t("mail.order.shipTo", { address: addressLines(t, order.shipping_address) }),
        t("mail.order.when", { days: POLICY.sellerShipBusinessDays }),
      ],
      action: { label: t(awaitsConfirmation(order) ? "mail.order.confirmAction" : "mail.order.view"), url: `${appUrl()}/orders/${order.id}/confirmation` },
      locale,
    }),
  };
}

/** A seller's "your book sold", in the seller's language. */
export function sellerMail(order: OrderRow, items: ItemRow[], to: string, locale: Locale, cash: number) {
  const t = translator(locale);
  return {
    to,
    subject: t("mail.sold.subject", { title: items[0]!.title_at_purchase }),
    ...renderMail({
      heading: t("mail.sold.heading"),
      paragraphs: [
        ...items.map((i) => itemLine(t, i)),
        paymentState(order) === "on_delivery" ? t("mail.sold.cod", { cash: formatINR(cash) }) : paymentLine(t, order, cash),
        ...(awaitsConfirmation(order) ? [t("mail.sold.waitCod", { hours: POLICY.codConfirmHours })] : []),
        t("mail.sold.ship", { days: POLICY.sellerShipBusinessDays, address: addressLines(t, order.shipping_address) }),
        t("mail.sold.mark"),
      ],
      action: { label: t("mail.sold.action"), url: `${appUrl()}/store/my-products?view=sales` },
      locale,
    }),
  };
}
