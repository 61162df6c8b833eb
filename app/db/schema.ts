// The one Drizzle schema for the whole product (one file, as docs/product/design.md names it, so
// an admin finds every table in one place). Table and column names follow the
// spec (snake_case) so that an admin's SQL reads like the spec. Every rule an admin
// could break by hand is a CHECK or a foreign key, not just application code.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  customType,
} from "drizzle-orm/pg-core";
import {
  CONTACT_SUBJECTS,
  EMAIL_STATUSES,
  ORDER_STATUSES,
  PAYMENT_GATEWAYS,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_REVIEW_REASONS,
  PAYMENT_STATUSES,
  PROCTORING_EVENT_KINDS,
  PRODUCT_CONDITIONS,
} from "../utils/enums";

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const time = (name: string) => timestamp(name, { withTimezone: true });
// Every foreign key's delete behaviour is chosen on purpose:
// - rows that only describe a user or a contest (sessions, entries, answers, likes,
//   listings) go with it (cascade);
// - money records (payments, orders) are kept: a user or contest that has them cannot
//   be deleted (restrict); such an account is anonymised instead;
// - a sold listing can go (its seller may leave): order items keep the title and price.
const userRef = (name: string) => uuid(name).notNull().references(() => users.id, { onDelete: "cascade" });
const contestRef = () => uuid("contest_id").notNull().references(() => contests.id, { onDelete: "cascade" });
const keptFor = (name: string, table: () => AnyPgColumn) => uuid(name).references(table, { onDelete: "restrict" });

/** CHECK (column IN (…)) built from the same constant as the TypeScript type. */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} IN (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", "))})`;

// ---------------------------------------------------------------- accounts

export const users = pgTable("users", {
  id: id(),
  // Stored lower-cased and trimmed (see app/utils/email.ts), so a plain unique index suffices.
  email: text("email").notNull().unique(),
  password_hash: text("password_hash").notNull(),
  created_at: createdAt(),
});

export const profiles = pgTable("profiles", {
  id: uuid("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  full_name: text("full_name"),
  avatar_url: text("avatar_url"),
  phone: text("phone"),
  address: text("address"),
  created_at: createdAt(),
});

// The cookie holds a signed random token; the row keeps only its SHA-256, so a leaked
// table cannot be replayed. Deleting the row ends the session everywhere.
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    user_id: userRef("user_id"),
    expires_at: time("expires_at").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.user_id), index("sessions_expires_at_idx").on(t.expires_at)],
);

export const password_reset_tokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    user_id: userRef("user_id"),
    token_hash: text("token_hash").notNull().unique(),
    expires_at: time("expires_at").notNull(),
    used_at: time("used_at"),
    created_at: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_id_idx").on(t.user_id)],
);

// Fixed-window counters keyed like "login:ip:1.2.3.4". Kept in Postgres so that every
// app instance shares them.
// Secrets every app instance must share, generated once by whichever instance starts
// first (today: the session secret, when SESSION_SECRET is not set).
export const app_secrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  created_at: createdAt(),
});

export const rate_limits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  reset_at: time("reset_at").notNull(),
});

// ---------------------------------------------------------------- contests

export const contests = pgTable(
  "contests",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    subject: text("subject").notNull(),
    entry_fee: integer("entry_fee").notNull().default(0),
    duration_minutes: integer("duration_minutes").notNull(),
    start_time: time("start_time").notNull(),
    end_time: time("end_time").notNull(),
    is_active: boolean("is_active").notNull().default(true),
    // { "first": 5000, "second": 2000, "grand_total": 7000, "bonus": "Certificate" }
    prize_pool: jsonb("prize_pool").$type<Record<string, unknown>>().notNull().default({}),
    // Set once prizes are assigned; makes finalisation idempotent.
    finalized_at: time("finalized_at"),
    created_at: createdAt(),
  },
  (t) => [
    check("contests_time_order", sql`${t.end_time} > ${t.start_time}`),
    check("contests_duration_positive", sql`${t.duration_minutes} > 0`),
    check("contests_entry_fee_nonnegative", sql`${t.entry_fee} >= 0`),
    index("contests_active_start_idx").on(t.is_active, t.start_time),
    // The server's sweep looks only at contests not finalised yet.
    index("contests_unfinalized_start_idx").on(t.start_time).where(sql`${t.finalized_at} IS NULL`),
  ],
);

export const questions = pgTable(
  "questions",
  {
    id: id(),
    contest_id: contestRef(),
    position: integer("position").notNull().default(0),
    question_text: text("question_text").notNull(),
    options: text("options").array().notNull(),
    correct_answer: text("correct_answer").notNull(),
  },
  (t) => [
    check("questions_two_options", sql`cardinality(${t.options}) >= 2`),
    check("questions_correct_answer_is_option", sql`${t.correct_answer} = ANY(${t.options})`),
    // One question per place; (id, contest_id) lets an answer name both.
    uniqueIndex("questions_contest_position_key").on(t.contest_id, t.position),
    unique("questions_id_contest_key").on(t.id, t.contest_id),
  ],
);

// One entry per user and contest, created only by a verified payment (or directly
// for a free contest). "Enrolled" means this row exists.
export const user_contest_entries = pgTable(
  "user_contest_entries",
  {
    id: id(),
    user_id: userRef("user_id"),
    contest_id: contestRef(),
    // Spec: true once the user starts the test.
    status: boolean("status").notNull().default(false),
    started_at: time("started_at"),
    has_submitted: boolean("has_submitted").notNull().default(false),
    submitted_at: time("submitted_at"),
    submit_reason: text("submit_reason"),
    // Recorded when the device has no Fullscreen API (e.g. iPhone Safari).
    fullscreen_unavailable: boolean("fullscreen_unavailable").notNull().default(false),
    // The verified payment that created this entry; null for a free contest.
    payment_id: keptFor("payment_id", () => payments.id),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("user_contest_entries_user_contest_key").on(t.user_id, t.contest_id),
    index("user_contest_entries_contest_idx").on(t.contest_id),
    uniqueIndex("user_contest_entries_payment_key").on(t.payment_id),
    // Entries still open, for the server's auto-submission after the deadline.
    index("user_contest_entries_open_idx").on(t.contest_id).where(sql`NOT ${t.has_submitted}`),
    // The flags are the timestamps' shadows: neither can say something the other does not.
    check("user_contest_entries_started_when", sql`${t.status} = (${t.started_at} IS NOT NULL)`),
    check("user_contest_entries_submitted_when", sql`${t.has_submitted} = (${t.submitted_at} IS NOT NULL)`),
  ],
);

// An answer belongs to an entry and to a question of the same contest (both composite
// keys share contest_id). Whether it is right is never stored: scoring compares it
// with the question's correct_answer.
export const user_answers = pgTable(
  "user_answers",
  {
    id: id(),
    user_id: uuid("user_id").notNull(),
    contest_id: uuid("contest_id").notNull(),
    question_id: uuid("question_id").notNull(),
    selected_answer: text("selected_answer"),
    answered_at: time("answered_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_answers_user_question_key").on(t.user_id, t.question_id),
    index("user_answers_user_contest_idx").on(t.user_id, t.contest_id),
    foreignKey({
      name: "user_answers_entry_fk",
      columns: [t.user_id, t.contest_id],
      foreignColumns: [user_contest_entries.user_id, user_contest_entries.contest_id],
    }).onDelete("cascade"),
    foreignKey({
      name: "user_answers_question_fk",
      columns: [t.question_id, t.contest_id],
      foreignColumns: [questions.id, questions.contest_id],
    }).onDelete("cascade"),
  ],
);

export const contest_results = pgTable(
  "contest_results",
  {
    contest_id: contestRef(),
    user_id: userRef("user_id"),
    score: integer("score").notNull(),
    // How many questions had a saved answer: a blank paper (0) gets no rank and no prize.
    answered: integer("answered").notNull().default(0),
    rank: integer("rank"),
    prize_amount: integer("prize_amount").notNull().default(0),
    // Milliseconds from the contest's start_time to the submission.
    response_time: integer("response_time").notNull(),
    updated_at: time("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contest_id, t.user_id] }),
    index("contest_results_contest_rank_idx").on(t.contest_id, t.rank),
    // The live leaderboard's order before the contest is finalised.
    index("contest_results_contest_order_idx").on(t.contest_id, t.score.desc(), t.response_time),
    index("contest_results_user_idx").on(t.user_id),
  ],
);


export const proctoring_events = pgTable(
  "proctoring_events",
  {
    id: id(),
    entry_id: uuid("entry_id")
      .notNull()
      .references(() => user_contest_entries.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PROCTORING_EVENT_KINDS }).notNull(),
    occurred_at: time("occurred_at").notNull().defaultNow(),
    detail: text("detail"),
  },
  (t) => [
    check("proctoring_events_kind", oneOf(t.kind, PROCTORING_EVENT_KINDS)),
    index("proctoring_events_entry_idx").on(t.entry_id, t.occurred_at),
  ],
);

// ---------------------------------------------------------------- marketplace

export const product_categories = pgTable("product_categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});


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
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull().default(0),
    review_count: integer("review_count").notNull().default(0),
    // Used books are usually single copies; checkout decrements under a row lock.
    stock: integer("stock").notNull().default(1),
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
  ],
);

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
    created_at: createdAt(),
  },
  (t) => [
    check("orders_status", oneOf(t.status, ORDER_STATUSES)),
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
    shipped_at: time("shipped_at"),
  },
  (t) => [
    index("order_items_seller_idx").on(t.seller_id),
    uniqueIndex("order_items_order_product_key").on(t.order_id, t.product_id),
    check("order_items_quantity_positive", sql`${t.quantity} >= 1`),
    check("order_items_price_nonnegative", sql`${t.price_at_purchase} >= 0`),
    index("order_items_product_idx").on(t.product_id),
  ],
);

// ---------------------------------------------------------------- payments

export const payments = pgTable(
  "payments",
  {
    id: id(),
    user_id: keptFor("user_id", () => users.id).notNull(),
    purpose: text("purpose", { enum: PAYMENT_PURPOSES }).notNull(),
    contest_id: keptFor("contest_id", () => contests.id),
    order_id: keptFor("order_id", () => orders.id),
    // Integer rupees; paise exist only at the gateway boundary.
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("INR"),
    gateway: text("gateway", { enum: PAYMENT_GATEWAYS }).notNull(),
    razorpay_order_id: text("razorpay_order_id").notNull().unique(),
    razorpay_payment_id: text("razorpay_payment_id").unique(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("created"),
    method: text("method"),
    created_at: createdAt(),
    updated_at: time("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("payments_amount_nonnegative", sql`${t.amount} >= 0`),
    check("payments_status", oneOf(t.status, PAYMENT_STATUSES)),
    check("payments_purpose", oneOf(t.purpose, PAYMENT_PURPOSES)),
    check("payments_gateway", oneOf(t.gateway, PAYMENT_GATEWAYS)),
    // A student pays for a contest through one open order at a time.
    uniqueIndex("payments_one_open_per_contest")
      .on(t.user_id, t.contest_id)
      .where(sql`${t.status} = 'created' AND ${t.purpose} = 'contest'`),
    check(
      "payments_purpose_target",
      sql`(${t.purpose} = 'contest' AND ${t.contest_id} IS NOT NULL) OR (${t.purpose} = 'order' AND ${t.order_id} IS NOT NULL)`,
    ),
    index("payments_user_idx").on(t.user_id, t.created_at),
    index("payments_contest_idx").on(t.contest_id),
    index("payments_order_idx").on(t.order_id),
  ],
);

// Captured money that the ledger could not book on its order: a second payment of an
// order already paid, or a payment id the gateway reports for another order than the
// one it was recorded on. Kept for a person to refund or review; never deleted.
export const payment_reviews = pgTable(
  "payment_reviews",
  {
    id: id(),
    razorpay_order_id: text("razorpay_order_id").notNull(),
    razorpay_payment_id: text("razorpay_payment_id").notNull(),
    // Rupees as the gateway reported them (the webhook), else the order's amount.
    amount: integer("amount"),
    user_id: keptFor("user_id", () => users.id),
    reason: text("reason", { enum: PAYMENT_REVIEW_REASONS }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    check("payment_reviews_reason", oneOf(t.reason, PAYMENT_REVIEW_REASONS)),
    // A notice that arrives again is recorded once.
    uniqueIndex("payment_reviews_order_payment_key").on(t.razorpay_order_id, t.razorpay_payment_id),
  ],
);

// ---------------------------------------------------------------- blog

export const blog_categories = pgTable("blog_categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const blog_posts = pgTable(
  "blog_posts",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    // Sanitised HTML (sanitised again on write by the blog model).
    content: text("content").notNull(),
    cover_image_url: text("cover_image_url"),
    category_id: integer("category_id").references(() => blog_categories.id),
    author_name: text("author_name").notNull().default("StudyArena Team"),
    read_time_minutes: integer("read_time_minutes").notNull().default(5),
    published_at: time("published_at").notNull().defaultNow(),
    featured: boolean("featured").notNull().default(false),
  },
  (t) => [index("blog_posts_published_idx").on(t.published_at), index("blog_posts_category_idx").on(t.category_id)],
);

// Likes and bookmarks: the same shape, one row per post and user.
const postReaction = (name: "likes" | "bookmarks") =>
  pgTable(
    name,
    {
      post_id: uuid("post_id")
        .notNull()
        .references(() => blog_posts.id, { onDelete: "cascade" }),
      user_id: uuid("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      created_at: createdAt(),
    },
    (t) => [primaryKey({ columns: [t.post_id, t.user_id] }), index(`${name}_user_idx`).on(t.user_id)],
  );

export const likes = postReaction("likes");
export const bookmarks = postReaction("bookmarks");

export const comments = pgTable(
  "comments",
  {
    id: id(),
    post_id: uuid("post_id")
      .notNull()
      .references(() => blog_posts.id, { onDelete: "cascade" }),
    user_id: userRef("user_id"),
    content: text("content").notNull(),
    approved: boolean("approved").notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [
    check("comments_content_not_blank", sql`length(btrim(${t.content})) > 0`),
    index("comments_post_created_idx").on(t.post_id, t.created_at),
  ],
);

// ---------------------------------------------------------------- support, mail, analytics


export const contact_requests = pgTable(
  "contact_requests",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject", { enum: CONTACT_SUBJECTS }).notNull(),
    message: text("message").notNull(),
    user_id: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    check("contact_requests_subject", oneOf(t.subject, CONTACT_SUBJECTS)),
    index("contact_requests_created_idx").on(t.created_at),
  ],
);

// Every mail is written here in the transaction that causes it, then delivered.
export const email_outbox = pgTable(
  "email_outbox",
  {
    id: id(),
    to_address: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    last_error: text("last_error"),
    next_attempt_at: time("next_attempt_at").notNull().defaultNow(),
    created_at: createdAt(),
    sent_at: time("sent_at"),
  },
  (t) => [index("email_outbox_due_idx").on(t.status, t.next_attempt_at), check("email_outbox_status", oneOf(t.status, EMAIL_STATUSES))],
);

// First-party analytics (no third-party script): e.g. 'Outbound click' labelled 'User'.
export const analytics_events = pgTable(
  "analytics_events",
  {
    id: id(),
    name: text("name").notNull(),
    label: text("label"),
    path: text("path"),
    target: text("target"),
    user_id: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [index("analytics_events_name_created_idx").on(t.name, t.created_at)],
);

// ---------------------------------------------------------------- views

// The dashboard's read view, named and shaped as the spec names it.
export const contest_details = pgView("contest_details", {
  user_id: uuid("user_id").notNull(),
  user_contest_entry_id: uuid("user_contest_entry_id").notNull(),
  contest_id: uuid("contest_id").notNull(),
  contest_title: text("contest_title").notNull(),
  contest_start_time: time("contest_start_time").notNull(),
  contest_end_time: time("contest_end_time").notNull(),
  contest_duration_minutes: integer("contest_duration_minutes").notNull(),
  contest_entry_fee: integer("contest_entry_fee").notNull(),
  contest_prize_pool: jsonb("contest_prize_pool").$type<Record<string, unknown>>().notNull(),
  user_status: boolean("user_status").notNull(),
  has_submitted: boolean("has_submitted").notNull(),
  contest_rank: integer("contest_rank"),
  contest_score: integer("contest_score"),
  contest_prize_amount: integer("contest_prize_amount"),
}).as(sql`
  SELECT e.user_id,
         e.id AS user_contest_entry_id,
         c.id AS contest_id,
         c.title AS contest_title,
         c.start_time AS contest_start_time,
         c.end_time AS contest_end_time,
         c.duration_minutes AS contest_duration_minutes,
         c.entry_fee AS contest_entry_fee,
         c.prize_pool AS contest_prize_pool,
         e.status AS user_status,
         e.has_submitted,
         r.rank AS contest_rank,
         r.score AS contest_score,
         r.prize_amount AS contest_prize_amount
    FROM user_contest_entries e
    JOIN contests c ON c.id = e.contest_id
    LEFT JOIN contest_results r ON r.contest_id = e.contest_id AND r.user_id = e.user_id
`);

export type User = typeof users.$inferSelect;
export type Contest = typeof contests.$inferSelect;
