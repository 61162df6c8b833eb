// The mail each step of an order line's life sends to the other party (./order-life.server.ts
// writes them to the outbox in the step's own transaction): the buyer hears of what the
// seller or the sweep did, the seller of what the buyer did.
import { eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { type order_items, type orders, users } from "~/db/schema";
import { shortOrderId } from "~/models/store/checkout/checkout";
import { returnOpenUntil } from "~/models/store/orders/order-life";
import { POLICY } from "~/models/support/policy";
import { mailLocale, renderMail, type Mail } from "~/services/email.server";
import type { Locale, MessageId } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";
import { formatDateTime } from "~/utils/dates";
import { appUrl } from "~/utils/env.server";
import { formatINR } from "~/utils/money";

/**
 * A line and its order as a step holds them, locked (order first), with the order's
 * other lines: what order-life.server.ts's lockLine returns and each step's mail is
 * written from. Here, beside the mails, so the steps' module is the only one that imports the other.
 */
export type Locked = { order: typeof orders.$inferSelect; lines: Array<typeof order_items.$inferSelect>; line: typeof order_items.$inferSelect };

export type LifeStep = "buyer-cancelled" | "seller-cancelled" | "system-cancelled" | "unconfirmed-cancelled" | "cod-confirmed" | "handed-over" | "undelivered" | "shipped" | "delivered" | "auto-delivered" | "carrier-delivered" | "return-requested" | "return-photo" | "disputed" | "returned" | "support-returned";

/** The mails of one step, each in its reader's language (users.locale). */
export async function lifeMails(tx: Tx, step: LifeStep, { order, line }: Locked, refunded: number): Promise<Mail[]> {
  const readerOf = async (userId: string) => {
    const [user] = await tx.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, userId));
    return user ? { email: user.email, locale: mailLocale(user.locale) } : null;
  };
  // The buyer is written to at the order's address, in the language of their account.
  const buyer = { email: order.buyer_email, locale: (await readerOf(order.buyer_id))?.locale ?? "en" };
  const seller = line.seller_id ? await readerOf(line.seller_id) : null;
  return lifeMailsTo(step, { order, line }, refunded, buyer, seller);
}

type Reader = { email: string; locale: Locale };

/** The mails of one step to its buyer and (when there is one) its seller: pure, so each is rendered in a unit test. */
export function lifeMailsTo(step: LifeStep, { order, line }: Pick<Locked, "order" | "line">, refunded: number, buyer: Reader, seller: Reader | null): Mail[] {
  const words = (locale: Locale) => {
    const t = translator(locale);
    const book = t("mail.life.book", { title: line.title_at_purchase, quantity: line.quantity });
    return { t, book, ref: t("mail.life.ref", { id: shortOrderId(order.id) }), locale };
  };
  const b = words(buyer.locale);
  const refundLine = refunded > 0 ? [b.t("mail.life.refund", { amount: formatINR(refunded), days: POLICY.refundReachesAccountBusinessDays })] : [];
  const toBuyer = (subject: MessageId, heading: MessageId, paragraphs: string[]): Mail => ({
    to: buyer.email,
    subject: b.t("mail.life.subject", { what: b.t(subject), about: b.ref }),
    ...renderMail({
      heading: b.t(heading),
      paragraphs: [b.t("mail.life.hi", { name: order.buyer_name }), ...paragraphs],
      action: { label: b.t("mail.order.view"), url: `${appUrl()}/orders/${order.id}/confirmation` },
      locale: b.locale,
    }),
  });
  const toSeller = (subject: MessageId, heading: MessageId, paragraphs: (s: ReturnType<typeof words>) => string[]): Mail[] => {
    if (!seller) return [];
    const s = words(seller.locale);
    return [
      {
        to: seller.email,
        subject: s.t("mail.life.subject", { what: s.t(subject), about: line.title_at_purchase }),
        ...renderMail({
          heading: s.t(heading),
          paragraphs: [s.t("mail.life.about", { book: s.book, ref: s.ref }), ...paragraphs(s)],
          action: { label: s.t("mail.sold.action"), url: `${appUrl()}/store/my-products?view=sales` },
          locale: s.locale,
        }),
      },
    ];
  };
  switch (step) {
    case "buyer-cancelled":
      return toSeller("mail.life.cancelled", "mail.life.buyerCancelled", (s) => [s.t("mail.life.buyerCancelledText")]);
    case "seller-cancelled":
      return [toBuyer("mail.life.cancelled", "mail.life.sellerCancelled", [b.t("mail.life.sellerCancelledText", { book: b.book, reason: line.cancel_reason ?? "" }), ...refundLine])];
    case "system-cancelled":
      return [
        toBuyer("mail.life.cancelled", "mail.life.systemCancelled", refunded > 0 ? [b.t("mail.life.systemCancelledPaidText", { book: b.book }), ...refundLine] : [b.t("mail.life.systemCancelledText", { book: b.book })]),
        ...toSeller("mail.life.cancelled", "mail.life.systemCancelledSeller", (s) => [s.t("mail.life.systemCancelledSellerText")]),
      ];
    case "unconfirmed-cancelled":
      return [
        toBuyer("mail.life.cancelled", "mail.life.systemCancelled", [b.t("mail.life.unconfirmedText", { book: b.book, hours: POLICY.codConfirmHours })]),
        ...toSeller("mail.life.cancelled", "mail.life.unconfirmedSeller", (s) => [s.t("mail.life.unconfirmedSellerText")]),
      ];
    case "undelivered":
      return [toBuyer("mail.life.undelivered", "mail.life.undeliveredHeading", [b.t("mail.life.undeliveredText", { book: b.book }), ...refundLine])];
    case "handed-over":
      return [toBuyer("mail.life.handedOver", "mail.life.handedOverHeading", [b.t("mail.life.handedOverText", { book: b.book, days: POLICY.returnDays })])];
    case "cod-confirmed":
      return toSeller("mail.life.codConfirmed", "mail.life.codConfirmedHeading", (s) => [s.t("mail.life.codConfirmedText", { days: POLICY.sellerShipBusinessDays })]);
    case "shipped":
      return [
        toBuyer("mail.life.shipped", "mail.life.onItsWay", [
          line.tracking_number ? b.t("mail.life.shippedTracking", { book: b.book, tracking: line.tracking_number }) : b.t("mail.life.shippedText", { book: b.book }),
          b.t("mail.life.confirmIt"),
        ]),
      ];
    case "delivered":
      return toSeller("mail.life.delivered", "mail.life.buyerHasIt", (s) => [s.t("mail.life.buyerHasItText", { days: POLICY.returnDays })]);
    case "carrier-delivered": {
      const until = returnOpenUntil(line);
      return [
        toBuyer("mail.life.delivered", "mail.life.carrierDelivered", [
          b.t("mail.life.carrierDeliveredText", { book: b.book, tracking: line.tracking_number ?? "" }),
          until ? b.t("mail.life.returnBy", { when: formatDateTime(until, b.locale) }) : b.t("mail.life.returnByEnd"),
        ]),
      ];
    }
    case "auto-delivered": {
      const until = returnOpenUntil(line);
      return [
        toBuyer("mail.life.delivered", "mail.life.countsDelivered", [
          b.t("mail.life.countsDeliveredText", { book: b.book }),
          until ? b.t("mail.life.returnBy", { when: formatDateTime(until, b.locale) }) : b.t("mail.life.returnByEnd"),
        ]),
      ];
    }
    case "return-requested":
      return toSeller("mail.life.returnRequested", "mail.life.returnAsked", (s) => [s.t("mail.life.buyerSays", { reason: line.return_reason ?? "" }), s.t("mail.life.confirmReturn")]);
    case "return-photo":
      return toSeller("mail.life.returnPhoto", "mail.life.returnPhotoHeading", (s) => [s.t("mail.life.returnPhotoText"), s.t("mail.life.confirmReturn")]);
    case "disputed":
      return [toBuyer("mail.life.disputed", "mail.life.disputedHeading", [b.t("mail.life.disputedText", { book: b.book, words: line.dispute_words ?? "", hours: POLICY.replyWithinHours })])];
    case "returned":
      return [toBuyer("mail.life.returnReceived", "mail.life.returnComplete", [b.t("mail.life.sellerHasIt", { book: b.book }), ...(refunded > 0 ? refundLine : [b.t("mail.life.codSettle")])])];
    case "support-returned":
      return [
        toBuyer("mail.life.returnReceived", "mail.life.returnComplete", [b.t("mail.life.supportConfirmed", { book: b.book }), ...(refunded > 0 ? refundLine : [b.t("mail.life.codSettle")])]),
        ...toSeller("mail.life.returnReceived", "mail.life.supportConfirmedSeller", (s) => [s.t("mail.life.supportConfirmedSellerText", { hours: POLICY.replyWithinHours })]),
      ];
  }
}
