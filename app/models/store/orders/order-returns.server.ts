// A return a book's grade did not keep (issue 49, point 6; docs/decisions/marketplace-return-disputes.md):
// its buyer adds a photo of what is wrong, the seller sees it, and a seller who disagrees
// sends the case to support with both sides' words. Both are steps of the line's life
// (./order-life.server.ts: the line locked, the other party mailed in the same
// transaction). While a return is open the line is never earned, so the money stays held
// until support decides. A photo the line stops showing is discarded by a trigger and
// removed from the image store here, unless a listing or another line shows the same bytes.
import { and, eq, sql } from "drizzle-orm";
import { rowsOf, type Db, type Tx } from "~/db/client.server";
import { order_items, orders, users } from "~/db/schema";
import type { Variants } from "~/models/media/pipeline.server";
import { imageStore } from "~/models/media/stores.server";
import { dropUnused, storeVariants } from "~/models/store/listings/photos.server";
import { mediaUrl } from "~/models/media/storage.server";
import { shortOrderId } from "~/models/store/checkout/checkout";
import { buyerCan, sellerCan } from "~/models/store/orders/order-life";
import { step, tell } from "~/models/store/orders/order-life.server";
import { enqueueEmail, mailLocale, renderMail } from "~/services/email.server";
import { openComplaint, type Reader } from "~/models/support/complaints.server";
import { appUrl, supportEmail } from "~/utils/env.server";
import { translator } from "~/utils/i18n.server";

/** A line of the buyer's own order, for its return's photo page; undefined for anyone else's. */
export async function buyersReturnLine(db: Db, input: { buyerId: string; orderId: string; itemId: string }) {
  const [line] = await db
    .select({
      id: order_items.id,
      title: order_items.title_at_purchase,
      shipped_at: order_items.shipped_at,
      delivered_at: order_items.delivered_at,
      cancelled_at: order_items.cancelled_at,
      cancelled_by: order_items.cancelled_by,
      return_requested_at: order_items.return_requested_at,
      returned_at: order_items.returned_at,
      disputed_at: order_items.disputed_at,
      return_photo_url: order_items.return_photo_url,
      return_photo_thumb: order_items.return_photo_thumb,
    })
    .from(order_items)
    .innerJoin(orders, eq(orders.id, order_items.order_id))
    .where(and(eq(order_items.id, input.itemId), eq(orders.id, input.orderId), eq(orders.buyer_id, input.buyerId), eq(orders.status, "completed")));
  return line;
}

/** The buyer's photo of what is wrong with a book they asked to return (one per line; a new one replaces it). */
export function buyerAddsReturnPhoto(db: Db, input: { buyerId: string; orderId: string; itemId: string; variants: Variants; now: Date }) {
  return step<"saved" | "not-now">(db, input.itemId, input, "saved", async (tx, found) => {
    if (!buyerCan(found.line, input.now).returnPhoto) return { kind: "not-now" };
    const photo = await storeVariants(imageStore(tx), input.variants);
    await tx.update(order_items).set({ return_photo_url: photo.image_url, return_photo_thumb: photo.thumbnail_url }).where(eq(order_items.id, found.line.id));
    await tell(tx, "return-photo", found, 0);
    return { kind: "saved" };
  });
}

/**
 * The seller disagrees with a return: their words are kept on the line, support is
 * mailed the case with both sides' words and the buyer's photo, and the buyer is told.
 * The case is a complaint on a clock (issue 67, point 4): its ticket number goes to the
 * seller's screen and, with the acknowledgement, to both of them.
 * Once per line; the seller may still confirm the return afterwards.
 */
export function sellerDisputesReturn(db: Db, input: { sellerId: string; itemId: string; words: string; now: Date }) {
  return step<"disputed" | "not-now">(db, input.itemId, input, "disputed", async (tx, found) => {
    if (!sellerCan(found.line, found.order).dispute) return { kind: "not-now" };
    const line = { ...found.line, disputed_at: input.now, dispute_words: input.words };
    await tx.update(order_items).set({ disputed_at: input.now, dispute_words: input.words }).where(eq(order_items.id, line.id));
    await tell(tx, "disputed", { ...found, line }, 0);
    const reader = async (id: string | null, email?: string): Promise<Reader | null> => {
      const [user] = id ? await tx.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, id)) : [];
      return user ? { email: email ?? user.email, locale: mailLocale(user.locale) } : email ? { email, locale: "en" } : null;
    };
    const seller = (await reader(input.sellerId))!;
    const buyer = (await reader(found.order.buyer_id, found.order.buyer_email))!;
    const { ticket } = await openComplaint(tx, { kind: "return_dispute", ref: `order-line:${line.id}`, userId: input.sellerId, from: seller, alsoTell: [buyer], now: input.now });
    await enqueueEmail(tx, supportCase({ ...found, line }, ticket));
    return { kind: "disputed", ticket };
  });
}

type Case = { order: { id: string; buyer_email: string }; line: { id: string; title_at_purchase: string; seller_id: string | null; return_reason: string | null; return_photo_url: string | null; dispute_words: string | null } };

/** Support's mail of a disputed return, in English (support's language): both sides' words, the photo, how to decide. */
export function supportCase({ order, line }: Case, ticket: string) {
  const t = translator("en");
  const photo = line.return_photo_url ? `${appUrl()}${line.return_photo_url}` : t("mail.dispute.noPhoto");
  return {
    to: supportEmail(),
    subject: t("mail.dispute.subject", { ticket, ref: shortOrderId(order.id), title: line.title_at_purchase }),
    ...renderMail({
      heading: t("mail.dispute.heading"),
      paragraphs: [
        t("mail.dispute.line", { ref: shortOrderId(order.id), line: line.id, title: line.title_at_purchase, buyer: order.buyer_email }),
        t("mail.dispute.buyer", { words: line.return_reason ?? "" }),
        t("mail.dispute.photo", { photo }),
        t("mail.dispute.seller", { words: line.dispute_words ?? "" }),
        t("mail.dispute.decide"),
      ],
      locale: "en",
    }),
  };
}

/** The open disputes, oldest first, for support (docs/admin-sql.md reads the same). */
export async function openDisputes(db: Db | Tx) {
  return rowsOf<{ id: string; order_id: string; title_at_purchase: string; disputed_at: Date; return_reason: string | null; dispute_words: string | null; return_photo_url: string | null }>(
    await db.execute(sql`
      SELECT id, order_id, title_at_purchase, disputed_at, return_reason, dispute_words, return_photo_url FROM order_items
       WHERE disputed_at IS NOT NULL AND returned_at IS NULL ORDER BY disputed_at LIMIT 100`),
  );
}

/**
 * Removes discarded return photos from the image store, unless a listing or a line still
 * shows the same bytes (the one rule of what is still shown: photos.server.ts, dropUnused);
 * housekeeping runs it. Each key seen is then done with: removed, or still shown elsewhere,
 * whose own removal asks again.
 */
export async function forgetDiscardedImages(db: Db) {
  const keys = rowsOf<{ key: string }>(await db.execute(sql`SELECT key FROM discarded_images ORDER BY discarded_at LIMIT 1000`)).map((row) => row.key);
  if (keys.length === 0) return;
  const afterwards = await dropUnused(db, imageStore(db), keys.map(mediaUrl));
  await afterwards();
  await db.execute(sql`DELETE FROM discarded_images WHERE key = ANY(${`{${keys.join(",")}}`}::text[])`);
}
