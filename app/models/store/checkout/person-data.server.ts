// The store's person data (issue 66, point 2; docs/decisions/privacy-personal-data.md):
// what a buyer and a seller leave in the store, the order line that holds an erasure,
// and what erasure does. Registered by models/person-data.server.ts.
import { sql } from "drizzle-orm";
import { ACCOUNT_MESSAGES } from "~/models/accounts/messages";
import { deleteRowsOf, ERASED, rowsOfMine, type PersonData } from "~/models/accounts/personal-data.server";

const ORDER_LAW = "tax and consumer records of a sale (POLICY.recordsKeptYears)";
// An order line not yet done: not delivered, cancelled or come back undelivered, or a return not received.
const OPEN_LINE = `i.cancelled_at IS NULL AND i.refused_at IS NULL AND (i.delivered_at IS NULL OR (i.return_requested_at IS NOT NULL AND i.returned_at IS NULL))`;

export const STORE_PERSON_DATA: PersonData = {
  domain: "store",
  tables: {
    orders: { erase: "anonymise", law: ORDER_LAW, why: "the buyer's name, e-mail and every field of the shipping address replaced" },
    order_items: { erase: "anonymise", law: ORDER_LAW, why: "lines others keep: the words the person wrote on them and a return's photo go" },
    marketplace_products: { erase: "anonymise", why: "listings leave the store; the lines others bought keep pointing at them" },
    listing_photos: { erase: "keep", why: "a listing's photos, kept with the listing others' lines point at; not shown once it leaves the store" },
    shipments: { erase: "keep", law: ORDER_LAW, why: "a line's parcel at the carrier: no name or address in it" },
    product_reviews: { erase: "delete", why: "what the person wrote as a buyer; a seller's reviews are others' words" },
    user_cart: { erase: "delete", why: "describes only the person" },
    user_wishlist: { erase: "delete", why: "describes only the person" },
  },
  download: (me) => ({
    orders: rowsOfMine("orders", sql`t.buyer_id = ${me}`, ["idempotency_key"]),
    order_lines: rowsOfMine("order_items", sql`t.order_id IN (SELECT id FROM orders WHERE buyer_id = ${me})`),
    // A line met in person: its hand-over code is the buyer's to give, never the seller's to read (issue 49, point 4).
    sales: rowsOfMine("order_items", sql`t.seller_id = ${me}`, ["handover_code"]),
    listings: rowsOfMine("marketplace_products", sql`t.seller_id = ${me}`),
    listing_photos: rowsOfMine("listing_photos", sql`t.product_id IN (SELECT id FROM marketplace_products WHERE seller_id = ${me})`),
    shipments: rowsOfMine("shipments", sql`t.order_item_id IN (SELECT i.id FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.buyer_id = ${me} OR i.seller_id = ${me})`, ["attempts", "next_attempt_at"]),
    reviews: rowsOfMine("product_reviews", sql`t.buyer_id = ${me}`),
    cart: rowsOfMine("user_cart", sql`t.user_id = ${me}`),
    wishlist: rowsOfMine("user_wishlist", sql`t.user_id = ${me}`),
  }),
  // An order line the person bought or sold that is not done (docs/decisions/privacy-personal-data.md:
  // a return asked for and not yet received holds both sides' erasure).
  owed: [
    {
      reason: "open-order",
      message: ACCOUNT_MESSAGES.eraseOpenOrder,
      open: (me) => sql`SELECT 1 FROM order_items i JOIN orders o ON o.id = i.order_id
                          WHERE (o.buyer_id = ${me} OR i.seller_id = ${me}) AND o.status <> 'failed' AND ${sql.raw(OPEN_LINE)}`,
    },
    // A sale's share held for its seller at the gateway until the return window has passed
    // (models/store/earnings/held-sales.server.ts), or released and not yet arrived: the seller's
    // money still. One reversed for a buyer's refund is not theirs. Said after the order, whose
    // line may still be open.
    {
      reason: "held-money",
      message: ACCOUNT_MESSAGES.eraseHeldMoney,
      open: (me) => sql`SELECT 1 FROM held_transfers WHERE recipient_id = ${me} AND (goal = 'held' OR (goal = 'released' AND state <> 'released'))`,
    },
  ],
  erase: async (tx, { id, placeholder }) => {
    await deleteRowsOf(tx, id, ["user_cart", "user_wishlist"]);
    await tx.execute(sql`DELETE FROM product_reviews WHERE buyer_id = ${id}`);
    await tx.execute(sql`UPDATE marketplace_products SET is_active = false WHERE seller_id = ${id}`);
    // What they wrote on order lines others keep (a buyer's reason for a return, a seller's for
    // cancelling): the line stays, the words go.
    // A return's photo goes too: its trigger (drizzle/0043) queues the image for the image store to forget.
    await tx.execute(sql`UPDATE order_items i SET return_reason = ${ERASED}, return_photo_url = NULL, return_photo_thumb = NULL FROM orders o WHERE o.id = i.order_id AND o.buyer_id = ${id} AND i.return_reason IS NOT NULL`);
    await tx.execute(sql`UPDATE order_items SET cancel_reason = ${ERASED} WHERE seller_id = ${id} AND cancelled_by = 'seller'`);
    await tx.execute(sql`UPDATE order_items SET dispute_words = ${ERASED} WHERE seller_id = ${id} AND dispute_words IS NOT NULL`);
    await tx.execute(sql`
      UPDATE orders SET buyer_name = ${ERASED}, buyer_email = ${placeholder},
             shipping_address = (SELECT coalesce(jsonb_object_agg(k, ${ERASED}::text), '{}'::jsonb) FROM jsonb_object_keys(shipping_address) k)
       WHERE buyer_id = ${id}`);
  },
};
