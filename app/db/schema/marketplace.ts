// The marketplace: categories, images, listings, carts, wishlists, orders and what they hold.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, uniqueIndex, uuid, customType } from "drizzle-orm/pg-core";
import { CANCELLED_BY, DELIVERIES, ORDER_STATUSES, PARCEL_STATES, PAYMENT_METHODS, PRODUCT_CONDITIONS } from "../../utils/enums";
import { createdAt, id, keptFor, oneOf, time } from "./columns";
import { userRef, users } from "./accounts";

export const product_categories = pgTable("product_categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});


const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  // postgres.js gives a Buffer, PGlite a Uint8Array: the app sees a Buffer either way.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded and generated images (docs/product/design.md §7), kept in the database by the default
 * storage driver so that every instance serves them and a backup includes them. The
 * key is the SHA-256 of the bytes with the file's extension: the same bytes are stored
 * once, and a URL never changes meaning (served as immutable).
 */
export const images = pgTable(
  "images",
  {
    key: text("key").primaryKey(),
    content_type: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    check("images_key_shape", sql`${t.key} ~ '^[0-9a-f]{64}\\.(webp|jpg|png)$'`),
    check("images_size", sql`octet_length(${t.bytes}) BETWEEN 1 AND 5242880`),
    check("images_dimensions", sql`${t.width} BETWEEN 1 AND 10000 AND ${t.height} BETWEEN 1 AND 10000`),
  ],
);

export const marketplace_products = pgTable(
  "marketplace_products",
  {
    id: id(),
    seller_id: userRef("seller_id"),
    title: text("title").notNull(),
    description: text("description").notNull(),
    price: integer("price").notNull(),
    category_id: integer("category_id")
      .notNull()
      .references(() => product_categories.id),
    author: text("author"),
    publisher: text("publisher"),
    isbn: text("isbn"),
    condition: text("condition", { enum: PRODUCT_CONDITIONS }).notNull().default("Good"),
    is_active: boolean("is_active").notNull().default(true),
    image_url: text("image_url"),
    thumbnail_url: text("thumbnail_url"),
    // The display image's size, for width and height on every <img> (no layout shift).
    image_width: integer("image_width"),
    image_height: integer("image_height"),
    // Read from product_reviews, never typed in: written only by models/store/reviews/reviews.server.ts
    // in the transaction that saves a review, so the "rating" sort stays an index scan.
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull().default(0),
    review_count: integer("review_count").notNull().default(0),
    // Used books are usually single copies; checkout decrements under a row lock.
    stock: integer("stock").notNull().default(1),
    // What the store's search matches (models/store/search/search.server.ts): the words of the
    // title, author, ISBN and publisher, in lower case without ASCII punctuation (as
    // models/store/search/search.ts cuts a query), so "H.C. Verma" is "hc verma" and an ISBN's
    // hyphens go. Its words are also kept in store_words, whose trigrams find them when
    // a search misspells them.
    search_tsv: tsvector("search_tsv").generatedAlwaysAs(
      sql`to_tsvector('simple', lower(regexp_replace(title || ' ' || coalesce(author, '') || ' ' || coalesce(isbn, '') || ' ' || coalesce(publisher, ''), '[!-/:-@[-\`{-~]+', '', 'g')))`,
    ),
    created_at: createdAt(),
    updated_at: time("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("marketplace_products_price_nonnegative", sql`${t.price} >= 0`),
    check("marketplace_products_stock_nonnegative", sql`${t.stock} >= 0`),
    check("marketplace_products_rating_range", sql`${t.rating} BETWEEN 0 AND 5`),
    check("marketplace_products_condition", oneOf(t.condition, PRODUCT_CONDITIONS)),
    index("marketplace_products_store_newest_idx").on(t.is_active, t.created_at),
    index("marketplace_products_store_price_idx").on(t.is_active, t.price),
    index("marketplace_products_category_idx").on(t.category_id),
    index("marketplace_products_seller_idx").on(t.seller_id, t.created_at),
    index("marketplace_products_search_idx").using("gin", t.search_tsv),
  ],
);

/**
 * A listing's photos in the seller's order (issue 49, point 6): up to LISTING_PHOTOS_MAX,
 * the first the cover. The cover is also kept on the listing's own columns
 * (image_url, thumbnail_url, image_width, image_height), which every list reads without
 * a join; only models/store/listings/photos.server.ts writes either, in one transaction.
 */
export const listing_photos = pgTable(
  "listing_photos",
  {
    product_id: uuid("product_id")
      .notNull()
      .references(() => marketplace_products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    image_url: text("image_url").notNull(),
    thumbnail_url: text("thumbnail_url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.product_id, t.position] }),
    check("listing_photos_position", sql`${t.position} BETWEEN 0 AND 5`),
    // Whether any listing still uses an image, asked before the image is removed from the store.
    index("listing_photos_image_idx").on(t.image_url),
    index("listing_photos_thumbnail_idx").on(t.thumbnail_url),
  ],
);

/**
 * Images a row stopped using (a return's photo replaced, or erased with its buyer): filled
 * by a trigger on order_items (drizzle/0043_return_photos.sql), so every way a photo goes
 * is covered; models/store/orders/order-returns.server.ts removes each from the image
 * store unless something else still shows the same bytes.
 */
export const discarded_images = pgTable("discarded_images", {
  key: text("key").primaryKey(),
  discarded_at: time("discarded_at").notNull().defaultNow(),
});

export const user_cart = pgTable(
  "user_cart",
  {
    user_id: userRef("user_id"),
    product_id: uuid("product_id")
      .notNull()
      .references(() => marketplace_products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull().default(1),
    added_at: time("added_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.product_id] }),
    check("user_cart_quantity_positive", sql`${t.quantity} >= 1`),
  ],
);

export const user_wishlist = pgTable(
  "user_wishlist",
  {
    user_id: userRef("user_id"),
    product_id: uuid("product_id")
      .notNull()
      .references(() => marketplace_products.id, { onDelete: "cascade" }),
    added_at: time("added_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.product_id] })],
);


export type ShippingAddress = {
  name: string;
  street: string;
  city: string;
  /** From the pincode directory (issue 49, point 3); orders before it have none. */
  district?: string;
  state: string;
  postal_code: string;
  country: string;
  phone: string;
};

export const orders = pgTable(
  "orders",
  {
    id: id(),
    buyer_id: keptFor("buyer_id", () => users.id).notNull(),
    // Sent with the checkout form, so a double submit or a retried request places one order.
    idempotency_key: text("idempotency_key").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    subtotal: integer("subtotal").notNull(),
    shipping: integer("shipping").notNull(),
    total_amount: integer("total_amount").notNull(),
    buyer_name: text("buyer_name").notNull(),
    buyer_email: text("buyer_email").notNull(),
    payment_method: text("payment_method", { enum: PAYMENT_METHODS }).notNull(),
    shipping_address: jsonb("shipping_address").$type<ShippingAddress>().notNull(),
    // An online order holds its copies until then; the sweep releases them after.
    hold_expires_at: time("hold_expires_at"),
    completed_at: time("completed_at"),
    // Cash on delivery waits for its buyer to confirm it (issue 49, point 5): until then the
    // seller may not ship it, and the order sweep cancels it after POLICY.codConfirmHours.
    cod_confirmed_at: time("cod_confirmed_at"),
    // A deposit paid online for cash on delivery (issue 49, point 5; COD_DEPOSIT), in rupees: refunded once every line
    // ended well, kept when a parcel was refused at the door (models/store/orders/order-life.server.ts, settleDeposit).
    deposit: integer("deposit").notNull().default(0),
    deposit_outcome: text("deposit_outcome", { enum: ["refunded", "kept"] }),
    // Shipped, or met in person in one city, the buyer's code counting as delivery (issue 49, point 4).
    delivery: text("delivery", { enum: DELIVERIES }).notNull().default("ship"),
    created_at: createdAt(),
  },
  (t) => [
    check("orders_status", oneOf(t.status, ORDER_STATUSES)),
    check("orders_delivery", oneOf(t.delivery, DELIVERIES)),
    check("orders_cod_confirmed", sql`${t.cod_confirmed_at} IS NULL OR ${t.payment_method} = 'cod'`),
    check("orders_deposit", sql`${t.deposit} = 0 OR (${t.payment_method} = 'cod' AND ${t.deposit} > 0 AND ${t.deposit} <= ${t.total_amount})`),
    check("orders_deposit_outcome", sql`${t.deposit_outcome} IS NULL OR (${t.deposit} > 0 AND ${t.deposit_outcome} IN ('refunded', 'kept'))`),
    // The sweep's queue of cash-on-delivery orders nobody confirmed.
    index("orders_cod_unconfirmed_idx").on(t.created_at).where(sql`${t.payment_method} = 'cod' AND ${t.status} = 'completed' AND ${t.cod_confirmed_at} IS NULL`),
    index("orders_pending_hold_idx").on(t.hold_expires_at).where(sql`${t.status} = 'pending'`),
    check("orders_payment_method", oneOf(t.payment_method, PAYMENT_METHODS)),
    uniqueIndex("orders_buyer_idempotency_key").on(t.buyer_id, t.idempotency_key),
    check("orders_total", sql`${t.total_amount} = ${t.subtotal} + ${t.shipping}`),
    index("orders_buyer_status_created_idx").on(t.buyer_id, t.status, t.created_at),
  ],
);

// What was bought, as it was when bought: the listing may change or go later.
export const order_items = pgTable(
  "order_items",
  {
    id: id(),
    order_id: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    product_id: uuid("product_id").references(() => marketplace_products.id, { onDelete: "set null" }),
    // Who sold it, kept when the listing goes (the seller's sales view reads this); a seller who leaves is forgotten.
    seller_id: uuid("seller_id").references(() => users.id, { onDelete: "set null" }),
    title_at_purchase: text("title_at_purchase").notNull(),
    author_at_purchase: text("author_at_purchase"),
    price_at_purchase: integer("price_at_purchase").notNull(),
    quantity: integer("quantity").notNull(),
    // Each line's life (models/store/orders/order-life.ts): placed → shipped → delivered, or
    // cancelled before it ships; after delivery a return may be asked for and received.
    shipped_at: time("shipped_at"),
    tracking_number: text("tracking_number"),
    delivered_at: time("delivered_at"),
    cancelled_at: time("cancelled_at"),
    cancelled_by: text("cancelled_by", { enum: CANCELLED_BY }),
    cancel_reason: text("cancel_reason"),
    return_requested_at: time("return_requested_at"),
    return_reason: text("return_reason"),
    returned_at: time("returned_at"),
    // Shipped, then refused at the door (cash on delivery): the parcel came back to its seller (issue 49, point 5).
    refused_at: time("refused_at"),
    // A line met in person: the code its buyer gives the seller at hand-over, and the seller's wrong tries (locked at HANDOVER_TRIES).
    handover_code: text("handover_code"),
    handover_failures: integer("handover_failures").notNull().default(0),
    // A return's photo from its buyer, of what is worse than the grade (issue 49, point 6): shown to
    // the seller. An image replaced or erased goes to discarded_images (a trigger, drizzle/0043).
    return_photo_url: text("return_photo_url"),
    return_photo_thumb: text("return_photo_thumb"),
    // The seller disagrees with a return: their words, sent to support with the buyer's.
    disputed_at: time("disputed_at"),
    dispute_words: text("dispute_words"),
    // A prepaid line whose return window has passed is the seller's earnings: its price
    // less the commission taken (whole rupees), then paid out in one seller payout
    // (seller_payout_lines, app/db/schema/payments.ts).
    earned_at: time("earned_at"),
    commission: integer("commission"),
  },
  (t) => [
    // The database refuses a line whose steps contradict each other, whatever wrote it.
    check("order_items_cancelled", sql`(${t.cancelled_at} IS NULL) = (${t.cancelled_by} IS NULL) AND (${t.cancelled_at} IS NULL OR ${t.shipped_at} IS NULL)`),
    check("order_items_cancelled_by", oneOf(t.cancelled_by, CANCELLED_BY)),
    check("order_items_seller_cancel_reason", sql`${t.cancelled_by} IS DISTINCT FROM 'seller' OR char_length(btrim(${t.cancel_reason})) >= 3`),
    check("order_items_handover_code", sql`${t.handover_code} IS NULL OR ${t.handover_code} ~ '^[0-9]{6}$'`),
    check("order_items_handover_failures", sql`${t.handover_failures} BETWEEN 0 AND 5`),
    check("order_items_return_photo", sql`(${t.return_photo_url} IS NULL) = (${t.return_photo_thumb} IS NULL) AND (${t.return_photo_url} IS NULL OR ${t.return_requested_at} IS NOT NULL)`),
    check("order_items_disputed", sql`(${t.disputed_at} IS NULL) = (${t.dispute_words} IS NULL) AND (${t.disputed_at} IS NULL OR ${t.return_requested_at} IS NOT NULL)`),
    index("order_items_return_photo_idx").on(t.return_photo_url).where(sql`${t.return_photo_url} IS NOT NULL`),
    index("order_items_return_thumb_idx").on(t.return_photo_thumb).where(sql`${t.return_photo_thumb} IS NOT NULL`),
    index("order_items_disputed_idx").on(t.disputed_at).where(sql`${t.disputed_at} IS NOT NULL AND ${t.returned_at} IS NULL`),
    check("order_items_refused", sql`${t.refused_at} IS NULL OR (${t.shipped_at} IS NOT NULL AND ${t.delivered_at} IS NULL)`),
    check("order_items_delivered_after_shipped", sql`${t.delivered_at} IS NULL OR ${t.shipped_at} IS NOT NULL`),
    check("order_items_return_after_delivery", sql`(${t.return_requested_at} IS NULL OR ${t.delivered_at} IS NOT NULL) AND (${t.returned_at} IS NULL OR ${t.return_requested_at} IS NOT NULL)`),
    check("order_items_earned", sql`(${t.earned_at} IS NULL) = (${t.commission} IS NULL) AND (${t.commission} IS NULL OR ${t.commission} BETWEEN 0 AND ${t.price_at_purchase} * ${t.quantity}) AND (${t.earned_at} IS NULL OR (${t.delivered_at} IS NOT NULL AND ${t.returned_at} IS NULL))`),
    // A seller's earned lines (their balance), and the earnings sweep's queue: delivered, not yet earned.
    index("order_items_earned_idx").on(t.seller_id).where(sql`${t.earned_at} IS NOT NULL`),
    index("order_items_to_earn_idx").on(t.delivered_at).where(sql`${t.delivered_at} IS NOT NULL AND ${t.earned_at} IS NULL`),
    check("order_items_tracking_number", sql`${t.tracking_number} IS NULL OR char_length(${t.tracking_number}) BETWEEN 1 AND 60`),
    // The sweep's two queues: COD lines waiting to ship, shipped lines waiting for delivery.
    index("order_items_unshipped_idx").on(t.order_id).where(sql`${t.shipped_at} IS NULL AND ${t.cancelled_at} IS NULL`),
    index("order_items_in_transit_idx").on(t.shipped_at).where(sql`${t.shipped_at} IS NOT NULL AND ${t.delivered_at} IS NULL`),
    index("order_items_seller_idx").on(t.seller_id),
    uniqueIndex("order_items_order_product_key").on(t.order_id, t.product_id),
    check("order_items_quantity_positive", sql`${t.quantity} >= 1`),
    check("order_items_price_nonnegative", sql`${t.price_at_purchase} >= 0`),
    index("order_items_product_idx").on(t.product_id),
  ],
);

// A buyer's review of what they bought (docs/decisions/marketplace-reviews.md, "Reviews from real buyers"):
// one per order line, delivered first (models/store/reviews/reviews.server.ts checks), editable.
export const product_reviews = pgTable(
  "product_reviews",
  {
    id: id(),
    order_item_id: uuid("order_item_id")
      .notNull()
      .unique()
      .references(() => order_items.id, { onDelete: "cascade" }),
    product_id: uuid("product_id")
      .notNull()
      .references(() => marketplace_products.id, { onDelete: "cascade" }),
    // The seller block's rating reads this; a seller who leaves is forgotten.
    seller_id: uuid("seller_id").references(() => users.id, { onDelete: "set null" }),
    buyer_id: userRef("buyer_id"),
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    created_at: createdAt(),
    updated_at: time("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("product_reviews_rating", sql`${t.rating} BETWEEN 1 AND 5`),
    check("product_reviews_body", sql`char_length(${t.body}) BETWEEN 3 AND 1000`),
    index("product_reviews_product_newest_idx").on(t.product_id, t.created_at),
    index("product_reviews_seller_idx").on(t.seller_id),
  ],
);

// Every word any listing's search_tsv has held (a trigger on marketplace_products adds
// them, migration 0018), trigram-indexed (GiST, which finds the nearest words in order): a misspelt search word is matched to these
// first, then listings are found by the words it matched (models/store/search/search.server.ts).
// A word no listing has any more only finds nothing.
export const store_words = pgTable("store_words", { word: text("word").primaryKey() }, (t) => [
  index("store_words_trgm_idx").using("gist", sql`${t.word} gist_trgm_ops`),
  // Whether a search word is the start of some listing word (then it is taken as typed).
  index("store_words_prefix_idx").on(t.word.op("text_pattern_ops")),
]);

/**
 * A line sent through a carrier (issue 49, point 2): booked by its seller from the sale,
 * tracked by the carrier's number (the AWB, also the line's tracking number), its state
 * moved only forward by the poll (models/store/orders/shipments.server.ts). `events` is
 * what the carrier reported, each state once with its time, for the line's timeline.
 */
export const shipments = pgTable(
  "shipments",
  {
    // Its own id, as every job queue's row has (~/services/jobs.server.ts); one per line.
    id: id(),
    order_item_id: uuid("order_item_id")
      .notNull()
      .unique()
      .references(() => order_items.id, { onDelete: "restrict" }),
    carrier: text("carrier").notNull(),
    awb: text("awb").notNull().unique(),
    // The carrier's own ids for the parcel, where it has them (Shiprocket's "order/shipment"): what its label and cancel take.
    carrier_ref: text("carrier_ref"),
    status: text("status", { enum: PARCEL_STATES }).notNull().default("booked"),
    events: jsonb("events").$type<Array<{ status: (typeof PARCEL_STATES)[number]; at: string }>>().notNull().default(sql`'[]'::jsonb`),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: time("next_attempt_at").notNull().defaultNow(),
    created_at: createdAt(),
  },
  (t) => [
    check("shipments_status", oneOf(t.status, PARCEL_STATES)),
    // The poll's queue: parcels not yet at an end, the next due first.
    index("shipments_due_idx").on(t.next_attempt_at).where(sql`${t.status} NOT IN ('delivered', 'returned_to_origin')`),
  ],
);

/**
 * The built-in test carrier's own books (as the test gateway keeps its own): one parcel per
 * booking key, moving a state every TEST_CARRIER_STEP_MINUTES after its booking; `outcome`
 * says whether it ends delivered or returned to its seller (a test or a demo sets it).
 */
export const test_carrier_parcels = pgTable("test_carrier_parcels", {
  awb: text("awb").primaryKey(),
  booking_key: text("booking_key").notNull().unique(),
  from_pincode: text("from_pincode"),
  to_pincode: text("to_pincode").notNull(),
  cod_amount: integer("cod_amount").notNull().default(0),
  outcome: text("outcome", { enum: ["delivered", "returned_to_origin"] }).notNull().default("delivered"),
  booked_at: time("booked_at").notNull(),
  // A parcel the seller booked and then could not ship (the line moved on meanwhile): never picked up.
  cancelled: boolean("cancelled").notNull().default(false),
});

/**
 * Where the test carrier does not go, or goes without cash on delivery (a test or a demo
 * writes a row); a pincode without a row is served, with cash on delivery.
 */
export const test_carrier_areas = pgTable("test_carrier_areas", {
  pincode: text("pincode").primaryKey(),
  served: boolean("served").notNull().default(false),
  cod: boolean("cod").notNull().default(false),
});
