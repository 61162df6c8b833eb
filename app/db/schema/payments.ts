// Payments: the ledger of gateway orders and captures, for any purpose, and the
// captured money it could not book (kept for review).
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { HELD_GOALS, HELD_STATES, PAYMENT_GATEWAYS, PAYMENT_PURPOSES, PAYMENT_REVIEW_REASONS, PAYMENT_STATUSES, PAYOUT_METHODS, PAYOUT_PURPOSES, PAYOUT_STATUSES, REFUND_REASON_CODES, REFUND_STATUSES } from "../../utils/enums";
import { createdAt, id, keptFor, oneOf, time } from "./columns";
import { users } from "./accounts";
import { contests, question_challenges } from "./contests";
import { order_items, orders } from "./marketplace";

export const payments = pgTable(
  "payments",
  {
    id: id(),
    user_id: keptFor("user_id", () => users.id).notNull(),
    purpose: text("purpose", { enum: PAYMENT_PURPOSES }).notNull(),
    contest_id: keptFor("contest_id", () => contests.id),
    order_id: keptFor("order_id", () => orders.id),
    // Annotated: question_challenges refers back to payments through the entries.
    challenge_id: keptFor("challenge_id", (): AnyPgColumn => question_challenges.id),
    // Integer rupees; paise exist only at the gateway boundary.
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("INR"),
    gateway: text("gateway", { enum: PAYMENT_GATEWAYS }).notNull(),
    razorpay_order_id: text("razorpay_order_id").notNull().unique(),
    razorpay_payment_id: text("razorpay_payment_id").unique(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("created"),
    method: text("method"),
    // What the capture bought when it was first recorded (its fulfilment's kind: enrolled,
    // late, completed…), so a replay of the same payment answers the same outcome.
    outcome: text("outcome"),
    // Attempts the gateway reported failed (a signed payment.failed): the order stays open,
    // as Razorpay's does, so the payer may try again until its hold ends.
    failed_attempts: integer("failed_attempts").notNull().default(0),
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
      sql`(${t.purpose} = 'contest' AND ${t.contest_id} IS NOT NULL) OR (${t.purpose} = 'order' AND ${t.order_id} IS NOT NULL) OR (${t.purpose} = 'challenge' AND ${t.challenge_id} IS NOT NULL)`,
    ),
    index("payments_user_idx").on(t.user_id, t.created_at),
    index("payments_contest_idx").on(t.contest_id),
    index("payments_order_idx").on(t.order_id),
    index("payments_challenge_idx").on(t.challenge_id),
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

// Money going back out: one refund per captured payment the ledger owes back (a late or
// second payment; later an upheld challenge fee, a cancelled prepaid order), sent to
// the gateway by models/payments/refunds.server.ts with the row's id as the gateway's
// idempotency key, so a retry after a crash or a restart can never refund twice.
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    user_id: keptFor("user_id", () => users.id).notNull(),
    gateway: text("gateway", { enum: PAYMENT_GATEWAYS }).notNull(),
    razorpay_order_id: text("razorpay_order_id").notNull(),
    razorpay_payment_id: text("razorpay_payment_id").notNull(),
    // What the refund is owed for, once: the payment id when it goes back whole, or
    // `order-line:<id>` for one line of an order (a cancel or a return).
    owed_for: text("owed_for").notNull().unique(),
    // Integer rupees, as the payment's.
    amount: integer("amount").notNull(),
    // Why it goes back, as a code and its values (a title as typed, an order id), never a
    // sentence: the payer reads it in their language (models/refund-reasons.ts).
    reason_code: text("reason_code", { enum: REFUND_REASON_CODES }).notNull(),
    reason_values: jsonb("reason_values").$type<Record<string, string>>().notNull().default({}),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("queued"),
    // The gateway's refund id once accepted (rfnd_…).
    gateway_refund_id: text("gateway_refund_id").unique(),
    attempts: integer("attempts").notNull().default(0),
    // When a queued refund may next be tried; also the lease of a sender at work.
    next_attempt_at: time("next_attempt_at").notNull().defaultNow(),
    last_error: text("last_error"),
    created_at: createdAt(),
    updated_at: time("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("refunds_amount_positive", sql`${t.amount} > 0`),
    check("refunds_status", oneOf(t.status, REFUND_STATUSES)),
    check("refunds_reason_code", oneOf(t.reason_code, REFUND_REASON_CODES)),
    check("refunds_gateway", oneOf(t.gateway, PAYMENT_GATEWAYS)),
    check("refunds_sent_has_id", sql`(${t.status} = 'sent') = (${t.gateway_refund_id} IS NOT NULL)`),
    // The sender's queue: due refunds, oldest first.
    index("refunds_due_idx").on(t.next_attempt_at).where(sql`${t.status} = 'queued'`),
    index("refunds_user_idx").on(t.user_id, t.created_at),
    index("refunds_payment_idx").on(t.razorpay_payment_id),
  ],
);

// The built-in test gateway's own record of the refunds it accepted (it is the product's
// stand-in for Razorpay, so it keeps its books as Razorpay would): one per idempotency
// key, so a request sent again answers the same refund.
export const test_gateway_refunds = pgTable("test_gateway_refunds", {
  id: text("id").primaryKey(),
  idempotency_key: text("idempotency_key").notNull().unique(),
  payment_id: text("payment_id").notNull(),
  amount: integer("amount").notNull(),
  created_at: createdAt(),
});

// Where a winner's prizes are paid: a UPI ID or a bank account with its IFSC (formats
// checked by models/payments/payout-details.ts; pages show them masked). One per user.
export const payout_details = pgTable(
  "payout_details",
  {
    user_id: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method", { enum: PAYOUT_METHODS }).notNull(),
    upi_id: text("upi_id"),
    account_holder: text("account_holder"),
    account_number: text("account_number"),
    ifsc: text("ifsc"),
    updated_at: time("updated_at").notNull().defaultNow(),
    // Payouts to these details wait until then: a change of where money goes is held, so
    // the owner (mailed at every change) can stop one they did not make.
    hold_until: time("hold_until"),
  },
  (t) => [
    check("payout_details_method", oneOf(t.method, PAYOUT_METHODS)),
    check(
      "payout_details_complete",
      sql`CASE ${t.method} WHEN 'upi' THEN ${t.upi_id} ~ '^[A-Za-z0-9._-]{2,255}@[A-Za-z][A-Za-z0-9]{1,63}$' AND ${t.account_number} IS NULL AND ${t.ifsc} IS NULL AND ${t.account_holder} IS NULL
            ELSE ${t.upi_id} IS NULL AND ${t.account_number} ~ '^[0-9]{9,18}$' AND ${t.ifsc} ~ '^[A-Z]{4}0[A-Z0-9]{6}$' AND char_length(btrim(${t.account_holder})) BETWEEN 2 AND 100 END`,
    ),
  ],
);

// A winner's PAN and the name on it, given before any prize is paid (models/payments/tax/,
// docs/decisions/money-tax-on-prizes.md): what the quarterly TDS return names the deductee
// by. A tax record: kept whole when the account is erased (the payments' person-data
// contract), shown masked everywhere else. Only a person's PAN (fourth letter P).
export const tax_pans = pgTable(
  "tax_pans",
  {
    user_id: keptFor("user_id", () => users.id).primaryKey(),
    pan: text("pan").notNull(),
    pan_name: text("pan_name").notNull(),
    created_at: createdAt(),
    updated_at: time("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("tax_pans_pan_format", sql`${t.pan} ~ '^[A-Z]{3}P[A-Z][0-9]{4}[A-Z]$'`),
    check("tax_pans_name_length", sql`char_length(btrim(${t.pan_name})) BETWEEN 2 AND 100`),
  ],
);

/** Where a payout goes: a UPI ID, or a bank account with its IFSC (models/payments/payout-gateway.server.ts sends it). */
export type PayoutDestination = { method: "upi"; upiId: string } | { method: "bank"; holder: string; accountNumber: string; ifsc: string };

// A prize going out: one per winner and contest, made when the contest's results become
// final (models/payments/payouts.server.ts), with the tax withheld and what the winner
// is paid. It waits for the winner's payout details, then goes to the gateway.
export const payouts = pgTable(
  "payouts",
  {
    id: id(),
    user_id: keptFor("user_id", () => users.id).notNull(),
    // A contest's prize, or a seller's earnings from the order lines that point at it
    // (order_items.seller_payout_id; models/store/earnings/earnings.server.ts).
    purpose: text("purpose", { enum: PAYOUT_PURPOSES }).notNull().default("prize"),
    contest_id: keptFor("contest_id", () => contests.id),
    // Whole rupees: the prize, the tax withheld from it, and what is paid (gross − tax); earnings have no tax.
    gross: integer("gross").notNull(),
    tax: integer("tax").notNull(),
    net: integer("net").notNull(),
    // The rate applied, in hundredths of a per cent (3000 = 30%), as it was that day.
    tax_rate_bp: integer("tax_rate_bp").notNull(),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull(),
    gateway_payout_id: text("gateway_payout_id").unique(),
    bank_reference: text("bank_reference"),
    // Which gateway took it (set when first sent).
    gateway: text("gateway", { enum: PAYMENT_GATEWAYS }),
    // A payout that failed or was reversed is sent again only as a new round (after the
    // winner fixes their details): the gateway's idempotency key is `id.round`.
    send_round: integer("send_round").notNull().default(1),
    // Where this round was first sent, fixed before the money leaves: every retry of the
    // round sends exactly this, whatever the winner's details say by then.
    round_destination: jsonb("round_destination").$type<PayoutDestination>(),
    // Sends (while queued) or polls (while processing) so far in this round.
    attempts: integer("attempts").notNull().default(0),
    // When a queued payout may next be sent, or a processing one polled; also a sender's lease.
    next_attempt_at: time("next_attempt_at").notNull().defaultNow(),
    last_error: text("last_error"),
    // The gateway's reason for a failure or a reversal, as the winner reads it.
    failure_reason: text("failure_reason"),
    paid_at: time("paid_at"),
    // When its winner declined the prize (issue 65; models/payments/payouts.server.ts).
    declined_at: time("declined_at"),
    created_at: createdAt(),
    updated_at: time("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payouts_contest_user_key").on(t.contest_id, t.user_id),
    index("payouts_user_idx").on(t.user_id, t.created_at),
    index("payouts_status_idx").on(t.status, t.created_at),
    // The sender's and the poller's queue.
    index("payouts_due_idx").on(t.next_attempt_at).where(sql`${t.status} IN ('queued', 'processing')`),
    check("payouts_status", oneOf(t.status, PAYOUT_STATUSES)),
    check("payouts_gateway", sql`${t.gateway} IS NULL OR ${oneOf(t.gateway, PAYMENT_GATEWAYS)}`),
    check("payouts_sums", sql`${t.gross} > 0 AND ${t.tax} >= 0 AND ${t.net} = ${t.gross} - ${t.tax} AND ${t.tax_rate_bp} BETWEEN 0 AND 10000`),
    check("payouts_paid_has_reference", sql`${t.status} <> 'paid' OR ${t.bank_reference} IS NOT NULL`),
    check("payouts_round_positive", sql`${t.send_round} >= 1`),
    check("payouts_purpose", oneOf(t.purpose, PAYOUT_PURPOSES)),
    check("payouts_purpose_target", sql`(${t.purpose} = 'prize') = (${t.contest_id} IS NOT NULL) AND (${t.purpose} = 'prize' OR ${t.tax} = 0)`),
    // Only a prize is declined, and a declined one says when.
    check("payouts_declined_when", sql`(${t.status} = 'declined') = (${t.declined_at} IS NOT NULL) AND (${t.status} <> 'declined' OR ${t.purpose} = 'prize')`),
  ],
);

// The test gateway's own books of payouts (as RazorpayX keeps them): one per idempotency
// key, with where the money went, so a replay answers the same payout and a test can
// see whose account it reached.
export const test_gateway_payouts = pgTable("test_gateway_payouts", {
  id: text("id").primaryKey(),
  idempotency_key: text("idempotency_key").notNull().unique(),
  reference_id: text("reference_id").notNull(),
  amount: integer("amount").notNull(),
  mode: text("mode").notNull(),
  destination: text("destination").notNull(),
  status: text("status").notNull().default("processing"),
  utr: text("utr"),
  created_at: createdAt(),
});

// Which payout pays each earned order line (models/store/earnings/earnings.server.ts): a line is
// in one payout at most, so a seller is never paid twice for it.
export const seller_payout_lines = pgTable(
  "seller_payout_lines",
  {
    order_item_id: uuid("order_item_id")
      .primaryKey()
      .references(() => order_items.id, { onDelete: "restrict" }),
    payout_id: uuid("payout_id")
      .notNull()
      .references(() => payouts.id, { onDelete: "restrict" }),
    amount: integer("amount").notNull(),
  },
  (t) => [index("seller_payout_lines_payout_idx").on(t.payout_id), check("seller_payout_lines_amount", sql`${t.amount} >= 0`)],
);

/**
 * Money held for someone at the gateway until it is theirs (docs/decisions/money-held-until-delivery.md):
 * a transfer from a captured payment to their linked account, on hold (Razorpay Route, or
 * the test gateway's books), then released to them or reversed to pay a refund. `goal`
 * is what the owner's domain wants of it; `state` is what the gateway has done; the
 * sender (models/payments/held-money.server.ts) moves each row from its state to its goal,
 * once. `reference` names what it holds, as a refund's `owed_for` does (`order-line:{id}`),
 * and a refund owed for the same thing waits until the transfer is reversed.
 */
export const held_transfers = pgTable(
  "held_transfers",
  {
    id: id(),
    reference: text("reference").notNull().unique(),
    recipient_id: keptFor("recipient_id", () => users.id).notNull(),
    gateway: text("gateway", { enum: PAYMENT_GATEWAYS }).notNull(),
    payment_id: text("payment_id").notNull(),
    account_id: text("account_id").notNull(),
    amount: integer("amount").notNull(),
    goal: text("goal", { enum: HELD_GOALS }).notNull().default("held"),
    state: text("state", { enum: HELD_STATES }).notNull().default("none"),
    // The gateway's transfer (trf_…), once made.
    transfer_id: text("transfer_id").unique(),
    held_at: time("held_at"),
    released_at: time("released_at"),
    reversed_at: time("reversed_at"),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: time("next_attempt_at").notNull().defaultNow(),
    // Set when the gateway refused for good: support is mailed, the sender stops.
    failed_at: time("failed_at"),
    last_error: text("last_error"),
    created_at: createdAt(),
  },
  (t) => [
    check("held_transfers_amount", sql`${t.amount} > 0`),
    check("held_transfers_gateway", oneOf(t.gateway, PAYMENT_GATEWAYS)),
    check("held_transfers_goal", oneOf(t.goal, HELD_GOALS)),
    check("held_transfers_state", oneOf(t.state, HELD_STATES)),
    check("held_transfers_made_has_id", sql`(${t.state} IN ('held', 'released')) <= (${t.transfer_id} IS NOT NULL)`),
    // The sender's queue: rows whose state is not yet their goal.
    index("held_transfers_due_idx").on(t.next_attempt_at).where(sql`${t.state} <> ${t.goal} AND ${t.failed_at} IS NULL`),
    index("held_transfers_recipient_idx").on(t.recipient_id),
  ],
);

/** A seller's linked account at Razorpay Route (acc_…), set by the operator once Razorpay has onboarded them (docs/admin-sql.md). */
export const linked_accounts = pgTable("linked_accounts", {
  user_id: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  account_id: text("account_id").notNull().unique(),
  created_at: createdAt(),
});

// The test gateway's own books of transfers (as Route keeps them): one per reference, on
// hold until released, with what was reversed of it.
export const test_gateway_transfers = pgTable("test_gateway_transfers", {
  id: text("id").primaryKey(),
  reference: text("reference").notNull().unique(),
  payment_id: text("payment_id").notNull(),
  account_id: text("account_id").notNull(),
  amount: integer("amount").notNull(),
  on_hold: boolean("on_hold").notNull().default(true),
  amount_reversed: integer("amount_reversed").notNull().default(0),
  releases: integer("releases").notNull().default(0),
  reversals: integer("reversals").notNull().default(0),
  released_at: time("released_at"),
  reversed_at: time("reversed_at"),
  created_at: createdAt(),
});
