// The payment ledger (docs/product/design.md §5): an order at the gateway for a purpose, a target
// and an amount taken from the database; a capture recorded once, under a row lock,
// with its amount checked; failures, late and duplicate payments kept on record. It
// knows no contest and no cart: what a captured payment buys is done by the purpose's
// fulfilment, which app/models/fulfilments.server.ts chooses.
import { and, eq, ne, sql } from "drizzle-orm";
import { pgErrorCode, type DbOrTx, type Tx } from "~/db/client.server";
import { payment_reviews, payments, refunds } from "~/db/schema";
import type { PAYMENT_PURPOSES, PAYMENT_REVIEW_REASONS } from "~/utils/enums";
import { enqueueEmail, renderMail } from "~/services/email.server";
import { supportEmail } from "~/utils/env.server";
import { consume, LIMITS } from "~/services/rate-limit.server";
import { isCheckoutSignatureValid, isGatewayId, type Gateway } from "~/models/payments/gateway.server";
import { oweRefund } from "~/models/payments/refunds.server";
import { REFUND_REASONS } from "~/models/refund-reasons";
import type { RefundReason } from "~/models/refund-reasons";

export type Purpose = (typeof PAYMENT_PURPOSES)[number];

/** The column that names what a payment of each purpose pays for. */
const TARGET = { contest: payments.contest_id, order: payments.order_id, challenge: payments.challenge_id } as const;
const TARGET_COLUMN = { contest: "contest_id", order: "order_id", challenge: "challenge_id" } as const;
type Targets = { purpose: Purpose; contest_id: string | null; order_id: string | null; challenge_id: string | null };
const targetOf = (row: Targets) => row[TARGET_COLUMN[row.purpose]]!;
const TARGET_COLUMNS = { purpose: payments.purpose, contest_id: payments.contest_id, order_id: payments.order_id, challenge_id: payments.challenge_id };

/**
 * An order at the gateway for `amount` whole rupees, recorded as `created`. The payer's
 * open order for the same target is reused (a double click or a second tab makes no
 * second order) while its amount and gateway still hold; a stale one is closed first.
 * New orders for one payer and target are limited (each is a call to the gateway and
 * a row): past the limit the answer is `limited` and nothing is written.
 */
export async function openOrder(
  db: DbOrTx,
  gateway: Gateway,
  input: { userId: string; purpose: Purpose; targetId: string; amount: number; receipt: string },
): Promise<{ orderId: string; amount: number } | "limited"> {
  const target = TARGET[input.purpose];
  const [open] = await db
    .select({ orderId: payments.razorpay_order_id, amount: payments.amount, gateway: payments.gateway })
    .from(payments)
    .where(and(eq(payments.user_id, input.userId), eq(target, input.targetId), eq(payments.purpose, input.purpose), eq(payments.status, "created")));
  if (open && open.amount === input.amount && open.gateway === gateway.kind) return { orderId: open.orderId, amount: open.amount };
  if (await consume(db, `order:${input.purpose}:${input.targetId}:${input.userId}`, LIMITS.ordersPerTarget, new Date())) return "limited";
  if (open) await db.update(payments).set({ status: "failed" }).where(eq(payments.razorpay_order_id, open.orderId));

  const order = await gateway.createOrder({ amount: input.amount, receipt: input.receipt });
  try {
    await db.insert(payments).values({
      user_id: input.userId,
      purpose: input.purpose,
      [TARGET_COLUMN[input.purpose]]: input.targetId,
      amount: input.amount,
      gateway: gateway.kind,
      razorpay_order_id: order.id,
    });
  } catch (error) {
    // Two tabs at once: the other made the open order; use it.
    if (pgErrorCode(error) !== "23505") throw error;
    return openOrder(db, gateway, input);
  }
  return { orderId: order.id, amount: input.amount };
}

/** A payment the ledger has just marked paid, as its fulfilment sees it. */
export type CapturedPayment = { id: string; userId: string; purpose: Purpose; targetId: string; amount: number; orderId: string; paymentId: string };

/**
 * What a fulfilment did with a captured payment: its own word for success (e.g.
 * `enrolled`), or money it cannot use (`refund`): the ledger owes it back, and the
 * refund sender returns it through the gateway (./refunds.server.ts). Extra fields are
 * passed on to the caller.
 */
export type FulfilResult = { kind: string; refund?: { reason: RefundReason } };

/** Runs inside the capture's transaction, after the payment row is marked paid. */
export type Fulfil<R extends FulfilResult> = (tx: Tx, payment: CapturedPayment, now: Date) => Promise<R>;

type Who = { purpose: Purpose; targetId: string; userId: string };
export type CaptureOutcome<R extends FulfilResult> =
  | (R & Who)
  | ({ kind: "already" } & Who)
  // A second payment of an order already paid: kept for review, owed back.
  | ({ kind: "second-payment" } & Who)
  // A payment id already recorded on another order: kept for review, nothing booked.
  | { kind: "review" }
  | { kind: "invalid-signature" | "unknown-order" | "amount-mismatch" };

export type CaptureInput = { orderId: string; paymentId: string; now: Date } & ({ signature: string } | { verified: true; amount: number });

/**
 * Records a captured payment once. `signature` is the checkout signature (callback and
 * verify); the webhook passes `verified: true` after checking its own signature over
 * the raw body, with the amount it reports, in rupees. The payment row is locked, so
 * concurrent confirmations of one payment take turns; the fulfilment of its purpose
 * runs in the same transaction.
 */
export async function recordCapture<R extends FulfilResult>(
  db: DbOrTx,
  gateway: Gateway,
  input: CaptureInput,
  fulfil: (purpose: Purpose) => Fulfil<R>,
): Promise<CaptureOutcome<R>> {
  if ("signature" in input && !isCheckoutSignatureValid(gateway, { orderId: input.orderId, paymentId: input.paymentId, signature: input.signature })) {
    return { kind: "invalid-signature" };
  }
  if (!isGatewayId(input.orderId) || !isGatewayId(input.paymentId)) return { kind: "unknown-order" };
  return db.transaction(async (tx): Promise<CaptureOutcome<R>> => {
    const [row] = await tx.select().from(payments).where(eq(payments.razorpay_order_id, input.orderId)).for("update");
    if (!row) return { kind: "unknown-order" };
    const who: Who = { purpose: row.purpose, targetId: targetOf(row), userId: row.user_id };
    const review = { orderId: input.orderId, paymentId: input.paymentId, amount: "amount" in input ? input.amount : row.amount, userId: row.user_id };
    // Before anything is booked, a second payment included: the gateway's amount must be the order's.
    if ("amount" in input && input.amount !== row.amount) return { kind: "amount-mismatch" };
    if (row.status === "paid") {
      if (row.razorpay_payment_id === input.paymentId) {
        // A replay answers as the capture was first recorded: money that was owed back
        // (a late payment) is never reported as a success the second time.
        if (row.outcome && (await owedBack(tx, input.paymentId))) return { kind: row.outcome, refund: { reason: REFUND_REASONS.paymentTwice }, replay: true, ...who } as unknown as CaptureOutcome<R>;
        return { kind: "already", ...who };
      }
      if (await keepForReview(tx, { ...review, reason: "second_payment" })) {
        await oweRefund(tx, { userId: row.user_id, gateway: row.gateway, orderId: input.orderId, paymentId: input.paymentId, amount: row.amount, reason: REFUND_REASONS.paymentTwice });
      }
      return { kind: "second-payment", ...who };
    }
    // The gateway reports a payment id that another order already holds: book nothing, tell a person.
    const [elsewhere] = await tx
      .select({ orderId: payments.razorpay_order_id })
      .from(payments)
      .where(and(eq(payments.razorpay_payment_id, input.paymentId), ne(payments.id, row.id)));
    if (elsewhere) {
      if (await keepForReview(tx, { ...review, reason: "payment_id_elsewhere" })) {
        await enqueueEmail(tx, {
          to: supportEmail(),
          subject: `[Review] Payment ${input.paymentId}`,
          ...renderMail({
            heading: "A payment needs a look",
            paragraphs: [`The gateway reported payment ${input.paymentId} for order ${input.orderId}, but it is already recorded on order ${elsewhere.orderId}. Nothing was booked for it.`],
          }),
        });
      }
      return { kind: "review" };
    }

    await tx.update(payments).set({ status: "paid", razorpay_payment_id: input.paymentId }).where(eq(payments.id, row.id));
    const result = await fulfil(row.purpose)(tx, { id: row.id, ...who, amount: row.amount, orderId: input.orderId, paymentId: input.paymentId }, input.now);
    await tx.update(payments).set({ outcome: result.kind }).where(eq(payments.id, row.id));
    if (result.refund) await oweRefund(tx, { userId: row.user_id, gateway: row.gateway, orderId: input.orderId, paymentId: input.paymentId, amount: row.amount, reason: result.refund.reason });
    return { ...result, ...who };
  });
}

/** Records captured money the ledger could not book; false when this notice was recorded before. */
async function keepForReview(tx: Tx, input: { orderId: string; paymentId: string; amount: number; userId: string; reason: (typeof PAYMENT_REVIEW_REASONS)[number] }) {
  const created = await tx
    .insert(payment_reviews)
    .values({ razorpay_order_id: input.orderId, razorpay_payment_id: input.paymentId, amount: input.amount, user_id: input.userId, reason: input.reason })
    .onConflictDoNothing()
    .returning({ id: payment_reviews.id });
  return created.length === 1;
}

/** Whether a captured payment was owed back whole (a refund for the payment itself). */
async function owedBack(tx: Tx, paymentId: string) {
  const [row] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.owed_for, paymentId)).limit(1);
  return Boolean(row);
}

/**
 * One attempt the gateway reports as failed (a signed payment.failed). The gateway order
 * stays open, as Razorpay's does (the payer may try again, by another method), and what it
 * holds stays held until its own hold ends; the attempt is only counted. Null when the
 * order is not open.
 */
export async function recordFailedAttempt(db: DbOrTx, input: { orderId: string }): Promise<{ purpose: Purpose; targetId: string; attempts: number } | null> {
  if (!isGatewayId(input.orderId)) return null;
  const [row] = await db
    .update(payments)
    .set({ failed_attempts: sql`${payments.failed_attempts} + 1` })
    .where(and(eq(payments.razorpay_order_id, input.orderId), eq(payments.status, "created")))
    .returning({ ...TARGET_COLUMNS, attempts: payments.failed_attempts });
  return row ? { purpose: row.purpose, targetId: targetOf(row), attempts: row.attempts } : null;
}

/** An open order: what the test gateway shows and signs. */
export async function findOpenOrder(db: DbOrTx, orderId: string) {
  if (!isGatewayId(orderId)) return undefined;
  const [row] = await db
    .select({ orderId: payments.razorpay_order_id, amount: payments.amount, userId: payments.user_id, gateway: payments.gateway, ...TARGET_COLUMNS })
    .from(payments)
    .where(and(eq(payments.razorpay_order_id, orderId), eq(payments.status, "created")));
  return row && { orderId: row.orderId, amount: row.amount, userId: row.userId, gateway: row.gateway, purpose: row.purpose, targetId: targetOf(row) };
}

/** Whose order this is, and what it pays for. */
export async function orderOwner(db: DbOrTx, orderId: string): Promise<Who | null> {
  if (!isGatewayId(orderId)) return null;
  const [row] = await db
    .select({ userId: payments.user_id, ...TARGET_COLUMNS })
    .from(payments)
    .where(eq(payments.razorpay_order_id, orderId));
  return row ? { userId: row.userId, purpose: row.purpose, targetId: targetOf(row) } : null;
}
