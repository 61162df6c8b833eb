// The mail each step of an order line's life sends to the other party (./order-life.server.ts
// writes them to the outbox in the step's own transaction): the buyer hears of what the
// seller or the sweep did, the seller of what the buyer did.
import { eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { users } from "~/db/schema";
import { shortOrderId } from "~/models/store/checkout";
import type { Locked } from "~/models/store/order-life.server";
import { returnOpenUntil } from "~/models/store/order-life";
import { POLICY } from "~/models/support/policy";
import { renderMail } from "~/services/email.server";
import { formatDateTime } from "~/utils/dates";
import { appUrl } from "~/utils/env.server";
import { formatINR } from "~/utils/money";

export type LifeStep = "buyer-cancelled" | "seller-cancelled" | "system-cancelled" | "shipped" | "delivered" | "auto-delivered" | "return-requested" | "returned";

type Mail = { to: string; subject: string; html: string; text: string };

export async function lifeMails(tx: Tx, step: LifeStep, { order, line }: Locked, refunded: number): Promise<Mail[]> {
  const ref = `order #${shortOrderId(order.id)}`;
  const book = `${line.title_at_purchase} × ${line.quantity}`;
  const refundLine = refunded > 0 ? [`${formatINR(refunded)} will be refunded to how you paid, in ${POLICY.refundReachesAccountBusinessDays} business days; follow it under Refunds in My Account.`] : [];
  const toBuyer = (subject: string, heading: string, paragraphs: string[]): Mail => ({
    to: order.buyer_email,
    subject: `${subject}: ${ref}`,
    ...renderMail({ heading, paragraphs: [`Hi ${order.buyer_name},`, ...paragraphs], action: { label: "View your order", url: `${appUrl()}/orders/${order.id}/confirmation` } }),
  });
  const sellerEmail = async () => {
    if (!line.seller_id) return null;
    const [seller] = await tx.select({ email: users.email }).from(users).where(eq(users.id, line.seller_id));
    return seller?.email ?? null;
  };
  const toSeller = async (subject: string, heading: string, paragraphs: string[]): Promise<Mail[]> => {
    const to = await sellerEmail();
    if (!to) return [];
    return [{ to, subject: `${subject}: ${line.title_at_purchase}`, ...renderMail({ heading, paragraphs: [`${book}, ${ref}.`, ...paragraphs], action: { label: "Open your sales", url: `${appUrl()}/store/my-products?view=sales` } }) }];
  };
  switch (step) {
    case "buyer-cancelled":
      return toSeller("Order cancelled", "The buyer cancelled", ["Please don't ship it. Its copies are back in your listing's stock."]);
    case "seller-cancelled":
      return [toBuyer("Order cancelled", "The seller cancelled your order", [`${book} can't be fulfilled. The seller says: "${line.cancel_reason ?? ""}"`, ...refundLine])];
    case "system-cancelled":
      return [
        toBuyer("Order cancelled", "Your order was cancelled", [`${book} was not shipped in time, so we cancelled it. You pay nothing.`]),
        ...(await toSeller("Order cancelled", "An order you didn't ship was cancelled", [`It was not marked as shipped in time, so it was cancelled and its copies are back in your listing's stock.`])),
      ];
    case "shipped":
      return [
        toBuyer("Shipped", "Your book is on its way", [
          `${book} has shipped${line.tracking_number ? `; its tracking number is ${line.tracking_number}` : ""}. Delivery usually takes 3-5 business days.`,
          "Once it arrives, confirm it on your order page.",
        ]),
      ];
    case "delivered":
      return toSeller("Delivered", "The buyer has your book", [`The buyer confirmed delivery. They may return it within ${POLICY.returnDays} days.`]);
    case "auto-delivered": {
      const until = returnOpenUntil(line);
      return [
        toBuyer("Delivered", "Your order counts as delivered", [
          `${book} shipped a while ago, so it now counts as delivered.`,
          `If it hasn't arrived or something is wrong, ask for a return on your order page by ${until ? `${formatDateTime(until)} IST` : "the end of the return window"}.`,
        ]),
      ];
    }
    case "return-requested":
      return toSeller("Return requested", "The buyer asked to return a book", [
        `The buyer says: "${line.return_reason ?? ""}"`,
        "Once the book is back with you, confirm the return under Sales; a prepaid order is then refunded.",
      ]);
    case "returned":
      return [toBuyer("Return received", "Your return is complete", [`The seller has ${book} back.`, ...(refunded > 0 ? refundLine : ["You paid on delivery: the seller settles the cash with you."])])];
  }
}
