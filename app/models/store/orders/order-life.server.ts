// The steps of an order line's life (./order-life.ts says which exist and who may take
// them). Each step runs in one transaction that locks the order's row, then its lines,
// then (to give copies back) their listings: the order every locker of an order takes
// (../checkout/orders.server.ts, ../checkout/order-fulfilment.server.ts). So a buyer's cancel and a seller's
// "Mark as shipped" of one line are one after the other, and the second finds the line
// moved on and says so. The other party's mail and any refund are written in the same
// transaction (./order-life-mails.server.ts; refunds through the ledger's queue,
// ../payments/refunds.server.ts), so a step is never half done.
import { timingSafeEqual } from "node:crypto";
import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import { rowsOf, type Db, type Tx } from "~/db/client.server";
import { order_items, orders } from "~/db/schema";
import { oweRefund } from "~/models/payments/refunds.server";
import { heldReference, kickMoneyBack, reverseHeldSale } from "~/models/store/earnings/held-sales.server";
import { awaitsConfirmation, buyerCan, COD_CONFIRM_MS, confirmBy, DAY_MS, HANDOVER_TRIES, lineState, sellerCan, UNCONFIRMED_REASON } from "~/models/store/orders/order-life";
import { lifeMails, type LifeStep, type Locked } from "~/models/store/orders/order-life-mails.server";
import { moveStock } from "~/models/store/checkout/orders.server";
import { enqueueEmail, kickOutbox } from "~/services/email.server";
import { resolveComplaintsAbout } from "~/models/support/complaints.server";
import { env } from "~/utils/env.server";
import { REFUND_REASONS, type LineRefundWhy } from "~/models/refund-reasons";

type OrderRow = Locked["order"];

/** The line and its order, locked (order first), when the order was placed; else null. */
async function lockLine(tx: Tx, itemId: string): Promise<Locked | null> {
  const [ref] = await tx.select({ orderId: order_items.order_id }).from(order_items).where(eq(order_items.id, itemId));
  if (!ref) return null;
  const [order] = await tx.select().from(orders).where(and(eq(orders.id, ref.orderId), eq(orders.status, "completed"))).for("update");
  if (!order) return null;
  const lines = await tx.select().from(order_items).where(eq(order_items.order_id, order.id)).orderBy(asc(order_items.id)).for("update");
  return { order, lines, line: lines.find((l) => l.id === itemId)! };
}

type Who = { buyerId: string; orderId: string } | { sellerId: string };

/** The line, locked, when `who` may act on it: its buyer or its seller. Anyone else: null, as for a missing line. */
async function lineFor(tx: Tx, itemId: string, who: Who) {
  const found = await lockLine(tx, itemId);
  if (!found) return null;
  const mine = "buyerId" in who ? found.order.buyer_id === who.buyerId && found.order.id === who.orderId : found.line.seller_id === who.sellerId;
  return mine ? found : null;
}

/** The line and its order as `who` sees them now (null when not theirs), read under the same locks and let go at once: what a step that must ask someone outside first checks (./shipments.server.ts). */
export function peekLine(db: Db, itemId: string, who: Who) {
  return db.transaction((tx) => lineFor(tx, itemId, who));
}

/**
 * What a prepaid line gives back when it is cancelled or returned, owed once per line
 * (`order-line:<id>`): its price times its copies, and the shipping too when no line of
 * the order is left to ship. Cash on delivery was never taken: nothing is owed.
 */
/** The payment that paid the order online (its price, or cash on delivery's deposit), not one owed back whole (a second payment); undefined when none. */
async function paidPaymentOf(tx: Tx, orderId: string) {
  const [paid] = rowsOf<{ user_id: string; gateway: "razorpay" | "test"; razorpay_order_id: string; razorpay_payment_id: string }>(
    await tx.execute(sql`
      SELECT p.user_id, p.gateway, p.razorpay_order_id, p.razorpay_payment_id FROM payments p
       WHERE p.order_id = ${orderId} AND p.status = 'paid' AND p.purpose = 'order'
         AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.owed_for = p.razorpay_payment_id)
       ORDER BY p.created_at LIMIT 1`),
  );
  return paid;
}

async function refundLine(tx: Tx, { order, lines, line }: Locked, why: LineRefundWhy, withShipping: boolean) {
  if (order.payment_method === "cod") return 0;
  const paid = await paidPaymentOf(tx, order.id);
  if (!paid) return 0;
  const lastLine = lines.every((l) => l.id === line.id || l.cancelled_at);
  const amount = line.price_at_purchase * line.quantity + (withShipping && lastLine ? order.shipping : 0);
  if (amount === 0) return 0;
  // Paid from the seller's share held at the gateway, taken back first (issue 49, point 1); the shipping from the platform's.
  await reverseHeldSale(tx, line.id, new Date());
  await oweRefund(tx, {
    userId: paid.user_id,
    gateway: paid.gateway,
    orderId: paid.razorpay_order_id,
    paymentId: paid.razorpay_payment_id,
    // The held share's own reference: the refund waits for that share's reversal (../../payments/refunds.server.ts).
    owedFor: heldReference(line.id),
    amount,
    reason: REFUND_REASONS.line(line.title_at_purchase, order.id, why),
  });
  return amount;
}

/**
 * Cash on delivery's deposit (issue 49, point 5), once every line of its order has ended:
 * refunded (owed back, the amount returned) when they all ended well (delivered, or
 * cancelled before shipping), kept when a parcel was refused at the door. In the step's
 * transaction, after the line's own change; the order's row is locked by the step.
 */
async function settleDeposit(tx: Tx, order: OrderRow) {
  if (order.deposit === 0) return 0;
  const lines = await tx.select({ delivered: order_items.delivered_at, cancelled: order_items.cancelled_at, refused: order_items.refused_at }).from(order_items).where(eq(order_items.order_id, order.id));
  if (!lines.every((l) => l.delivered || l.cancelled || l.refused)) return 0;
  const kept = lines.some((l) => l.refused);
  const [settled] = await tx
    .update(orders)
    .set({ deposit_outcome: kept ? "kept" : "refunded" })
    .where(and(eq(orders.id, order.id), isNull(orders.deposit_outcome)))
    .returning({ id: orders.id });
  if (!settled || kept) return 0;
  const paid = await paidPaymentOf(tx, order.id);
  if (!paid) return 0;
  await oweRefund(tx, { userId: paid.user_id, gateway: paid.gateway, orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, owedFor: `deposit:${order.id}`, amount: order.deposit, reason: REFUND_REASONS.codDeposit(order.id) });
  return order.deposit;
}

async function cancelLine(tx: Tx, found: Locked, by: "buyer" | "seller" | "system", reason: string | null, now: Date) {
  await tx.update(order_items).set({ cancelled_at: now, cancelled_by: by, cancel_reason: reason }).where(eq(order_items.id, found.line.id));
  await moveStock(tx, [found.line], +1);
  const refunded = (await refundLine(tx, found, by, true)) + (await settleDeposit(tx, found.order));
  await tell(tx, reason === UNCONFIRMED_REASON ? "unconfirmed-cancelled" : `${by}-cancelled`, { ...found, line: { ...found.line, cancelled_at: now, cancelled_by: by, cancel_reason: reason } }, refunded);
  return refunded;
}

/** The step's mails to the other party (both, for the sweep's cancel), in the step's transaction. */
export async function tell(tx: Tx, step: LifeStep, found: Locked, refunded: number) {
  for (const mail of await lifeMails(tx, step, found, refunded)) await enqueueEmail(tx, mail);
}

// `ticket`: the complaint a step opened (a dispute sent to support: app/models/support/complaints.server.ts).
export type StepOutcome<K extends string> = { kind: K; refunded?: number; left?: number; ticket?: string } | null;

/**
 * One step on one line: the line found and locked for `who` (null, as for a missing line,
 * when it is not theirs), then `take` in the same transaction. Once a step that `moved`
 * the line has committed, its mail and any refund it owed leave at once (the outbox's
 * and the refunds' loops would pick them up anyway).
 */
export async function step<K extends string>(db: Db, itemId: string, who: Who, moved: K, take: (tx: Tx, found: Locked) => Promise<NonNullable<StepOutcome<K>>>): Promise<StepOutcome<K>> {
  const outcome = await db.transaction(async (tx) => {
    const found = await lineFor(tx, itemId, who);
    return found ? take(tx, found) : null;
  });
  if (outcome?.kind === moved) {
    kickOutbox();
    if (outcome.refunded) kickMoneyBack(db);
  }
  return outcome;
}

/** The buyer cancels a line not yet shipped: its copies return, a prepaid line is refunded, its seller is told. */
export function buyerCancels(db: Db, input: { buyerId: string; orderId: string; itemId: string; now: Date }) {
  return step<"cancelled" | "shipped" | "cancelled-already">(db, input.itemId, input, "cancelled", async (tx, found) => {
    if (!buyerCan(found.line, input.now).cancel) return { kind: found.line.cancelled_at ? "cancelled-already" : "shipped" };
    return { kind: "cancelled", refunded: await cancelLine(tx, found, "buyer", null, input.now) };
  });
}

/** The seller can't fulfil a line: cancelled with their reason, which the buyer is mailed. */
export function sellerCancels(db: Db, input: { sellerId: string; itemId: string; reason: string; now: Date }) {
  return step<"cancelled" | "shipped" | "cancelled-already">(db, input.itemId, input, "cancelled", async (tx, found) => {
    if (!sellerCan(found.line, found.order).cancel) return { kind: found.line.cancelled_at ? "cancelled-already" : "shipped" };
    return { kind: "cancelled", refunded: await cancelLine(tx, found, "seller", input.reason, input.now) };
  });
}

/** The seller ships a line (a tracking number if they have one); the buyer is mailed. A line the buyer cancelled first stays cancelled. */
export function sellerShips(db: Db, input: { sellerId: string; itemId: string; tracking: string | null; now: Date }) {
  return step<"shipped" | ShipRefusal>(db, input.itemId, input, "shipped", async (tx, found) => {
    const refused = whyNotShip(found);
    if (refused) return { kind: refused };
    await tx.update(order_items).set({ shipped_at: input.now, tracking_number: input.tracking }).where(eq(order_items.id, found.line.id));
    await tell(tx, "shipped", { ...found, line: { ...found.line, shipped_at: input.now, tracking_number: input.tracking } }, 0);
    return { kind: "shipped" };
  });
}

export type ShipRefusal = "shipped-already" | "cancelled" | "unconfirmed" | "meet";

/** Why a line may not be sent now (marked shipped, or booked with a carrier: ./shipments.server.ts), or null when it may. */
export function whyNotShip({ order, line }: Locked): ShipRefusal | null {
  if (line.cancelled_at) return "cancelled";
  if (line.shipped_at) return "shipped-already";
  if (order.delivery === "meet") return "meet";
  if (awaitsConfirmation(order)) return "unconfirmed";
  return null;
}

/**
 * A shipped parcel came back to its seller undelivered (cash on delivery: refused at the door;
 * issue 49, point 5): its copies return to the listing and it is never delivered. A prepaid
 * line's price is refunded (its shipping was spent), and the buyer is mailed.
 */
export function sellerMarksRefused(db: Db, input: { sellerId: string; itemId: string; now: Date }) {
  return step<"refused" | "not-refusable">(db, input.itemId, input, "refused", async (tx, found) => {
    if (!sellerCan(found.line, found.order).refused) return { kind: "not-refusable" };
    return { kind: "refused", refunded: await cameBack(tx, found, input.now) };
  });
}

async function cameBack(tx: Tx, found: Locked, now: Date) {
  await tx.update(order_items).set({ refused_at: now }).where(eq(order_items.id, found.line.id));
  await moveStock(tx, [found.line], +1);
  const refunded = (await refundLine(tx, found, "undelivered", false)) + (await settleDeposit(tx, found.order));
  await tell(tx, "undelivered", { ...found, line: { ...found.line, refused_at: now } }, refunded);
  return refunded;
}

/**
 * What a carrier reported of a line's parcel (issue 49, point 2; ./shipments.server.ts, in
 * its transaction): delivered at the carrier's time (the return window runs from it, both
 * parties mailed), or returned to its seller undelivered (as the seller's "came back").
 * False when the line has moved on otherwise (the buyer confirmed it first, say).
 */
export async function carrierReported(tx: Tx, itemId: string, end: "delivered" | "returned_to_origin", at: Date) {
  const found = await lockLine(tx, itemId);
  if (!found || lineState(found.line) !== "shipped") return { moved: false, refunded: 0 };
  if (end === "returned_to_origin") return { moved: true, refunded: await cameBack(tx, found, at) };
  // The buyer hears it from the courier's side; the seller, as when a buyer confirms it, that the buyer has it.
  await deliver(tx, found, at, "carrier-delivered");
  await tell(tx, "delivered", { ...found, line: { ...found.line, delivered_at: at } }, 0);
  return { moved: true, refunded: 0 };
}

/**
 * Met in person (issue 49, point 4): the seller enters the code the buyer gives them at the
 * hand-over. Right, the line is shipped and delivered at once (its return window starts) and
 * the buyer is mailed; wrong, the try is counted and kept, and after HANDOVER_TRIES wrong
 * codes the hand-over is locked for good (support settles it), so a code is never guessed.
 */
export function sellerHandsOver(db: Db, input: { sellerId: string; itemId: string; code: string; now: Date }) {
  return step<"handed-over" | "wrong" | "locked" | "not-now">(db, input.itemId, input, "handed-over", async (tx, found) => {
    if (!sellerCan({ ...found.line, delivery: found.order.delivery }, found.order).handOver) return { kind: "not-now" };
    if (found.line.handover_failures >= HANDOVER_TRIES) return { kind: "locked" };
    const expected = Buffer.from(found.line.handover_code ?? "");
    const given = Buffer.from(input.code);
    if (expected.length !== 6 || given.length !== 6 || !timingSafeEqual(expected, given)) {
      const failures = found.line.handover_failures + 1;
      await tx.update(order_items).set({ handover_failures: failures }).where(eq(order_items.id, found.line.id));
      return failures >= HANDOVER_TRIES ? { kind: "locked" } : { kind: "wrong", left: HANDOVER_TRIES - failures };
    }
    await tx.update(order_items).set({ shipped_at: input.now, delivered_at: input.now }).where(eq(order_items.id, found.line.id));
    await tell(tx, "handed-over", { ...found, line: { ...found.line, shipped_at: input.now, delivered_at: input.now } }, 0);
    return { kind: "handed-over" };
  });
}

/**
 * The buyer confirms their cash-on-delivery order (issue 49, point 5), within
 * POLICY.codConfirmHours of placing it: each seller is mailed to ship. Too late, its lines
 * not yet cancelled are cancelled now, as the sweep would. Anyone else's order, or a
 * prepaid one, is null (a 404).
 */
export async function buyerConfirmsCod(db: Db, input: { buyerId: string; orderId: string; now: Date }) {
  const outcome = await db.transaction(async (tx): Promise<"confirmed" | "already" | "cancelled" | "too-late" | null> => {
    const [order] = await tx.select().from(orders).where(and(eq(orders.id, input.orderId), eq(orders.buyer_id, input.buyerId), eq(orders.status, "completed"))).for("update");
    if (!order || order.payment_method !== "cod") return null;
    if (order.cod_confirmed_at) return "already";
    const lines = await tx.select().from(order_items).where(eq(order_items.order_id, order.id)).orderBy(asc(order_items.id)).for("update");
    const open = lines.filter((l) => !l.cancelled_at);
    if (open.length === 0) return "cancelled";
    if (input.now > confirmBy(order)) {
      for (const line of open) await cancelLine(tx, { order, lines, line }, "system", UNCONFIRMED_REASON, input.now);
      return "too-late";
    }
    const confirmed = { ...order, cod_confirmed_at: input.now };
    await tx.update(orders).set({ cod_confirmed_at: input.now }).where(eq(orders.id, order.id));
    for (const line of open) await tell(tx, "cod-confirmed", { order: confirmed, lines, line }, 0);
    return "confirmed";
  });
  if (outcome === "confirmed" || outcome === "too-late") kickOutbox();
  return outcome;
}

/** The buyer has the book: delivered, and the seller is told. */
export function buyerConfirmsDelivery(db: Db, input: { buyerId: string; orderId: string; itemId: string; now: Date }) {
  return step<"delivered" | "not-shipped" | "delivered-already">(db, input.itemId, input, "delivered", async (tx, found) => {
    if (!buyerCan(found.line, input.now).confirmDelivery) return { kind: found.line.delivered_at ? "delivered-already" : "not-shipped" };
    await deliver(tx, found, input.now, "delivered");
    return { kind: "delivered" };
  });
}

async function deliver(tx: Tx, found: Locked, now: Date, mail: "delivered" | "auto-delivered" | "carrier-delivered") {
  await tx.update(order_items).set({ delivered_at: now }).where(eq(order_items.id, found.line.id));
  await settleDeposit(tx, found.order);
  await tell(tx, mail, { ...found, line: { ...found.line, delivered_at: now } }, 0);
}

/** Within the return window after delivery, the buyer asks to return a line, saying why; the seller is told. */
export function buyerRequestsReturn(db: Db, input: { buyerId: string; orderId: string; itemId: string; reason: string; now: Date }) {
  return step<"requested" | "window-closed" | "not-possible">(db, input.itemId, input, "requested", async (tx, found) => {
    if (!buyerCan(found.line, input.now).requestReturn) return { kind: lineState(found.line) === "delivered" ? "window-closed" : "not-possible" };
    await tx.update(order_items).set({ return_requested_at: input.now, return_reason: input.reason }).where(eq(order_items.id, found.line.id));
    await tell(tx, "return-requested", { ...found, line: { ...found.line, return_requested_at: input.now, return_reason: input.reason } }, 0);
    return { kind: "requested" };
  });
}

/** The seller has the returned book back: returned, a prepaid line refunded (not its shipping), the buyer mailed. */
export function sellerConfirmsReturn(db: Db, input: { sellerId: string; itemId: string; now: Date }, by: "seller" | "support" = "seller") {
  return step<"returned" | "not-requested">(db, input.itemId, input, "returned", async (tx, found) => {
    if (!sellerCan(found.line, found.order).confirmReturn) return { kind: "not-requested" };
    await tx.update(order_items).set({ returned_at: input.now }).where(eq(order_items.id, found.line.id));
    const refunded = await refundLine(tx, found, "returned", false);
    // A return its seller had disputed is settled so: the complaint is resolved (app/models/support/complaints.server.ts).
    await resolveComplaintsAbout(tx, `order-line:${found.line.id}`, input.now);
    await tell(tx, by === "support" ? "support-returned" : "returned", { ...found, line: { ...found.line, returned_at: input.now } }, refunded);
    return { kind: "returned", refunded };
  });
}

/**
 * Support confirms a return the seller has not (`npm run support:return`; docs/admin-sql.md,
 * "Return disputes"): after checking that the book went back, on the seller's behalf, with
 * the seller's own step (the buyer refunded from the held money) and a mail telling the
 * seller. Any open return of a line; null for a line that is no order line.
 */
export async function supportConfirmsReturn(db: Db, input: { itemId: string; now: Date }) {
  const [line] = await db.select({ sellerId: order_items.seller_id }).from(order_items).where(eq(order_items.id, input.itemId));
  if (!line?.sellerId) return null;
  return sellerConfirmsReturn(db, { sellerId: line.sellerId, itemId: input.itemId, now: input.now }, "support");
}

const SWEEP_BATCH = 100;

/**
 * The server's order sweep: cash-on-delivery orders not confirmed within
 * POLICY.codConfirmHours have their lines cancelled (copies back, both parties mailed);
 * lines not shipped (nor handed over) within COD_SHIP_WITHIN_DAYS of the buyer's
 * confirmation (cash on delivery) or PREPAID_SHIP_WITHIN_DAYS of the payment are
 * cancelled (copies back, a prepaid line refunded, both parties mailed),
 * and lines shipped ORDER_AUTO_DELIVER_DAYS ago that nobody confirmed are delivered.
 * Each line in its own transaction, rechecked under its lock (a seller shipping it at
 * that moment wins or loses cleanly); at most a batch of each per run.
 */
export async function sweepOrderLines(db: Db, now: Date) {
  const limits = env();
  const confirmCutoff = new Date(now.getTime() - COD_CONFIRM_MS);
  const unconfirmed = await db
    .select({ id: order_items.id })
    .from(order_items)
    .innerJoin(orders, eq(orders.id, order_items.order_id))
    .where(and(eq(orders.payment_method, "cod"), eq(orders.status, "completed"), isNull(orders.cod_confirmed_at), lt(orders.created_at, confirmCutoff), isNull(order_items.cancelled_at)))
    .limit(SWEEP_BATCH);
  let unconfirmedCancelled = 0;
  for (const { id } of unconfirmed) {
    const done = await db.transaction(async (tx) => {
      const found = await lockLine(tx, id);
      // Confirmed meanwhile (the buyer's press and the sweep meet on the order's lock), or already gone: left alone.
      if (!found || !awaitsConfirmation(found.order) || lineState(found.line) !== "placed" || now <= confirmBy(found.order)) return false;
      await cancelLine(tx, found, "system", UNCONFIRMED_REASON, now);
      return true;
    });
    if (done) unconfirmedCancelled++;
  }
  // Not shipped (nor handed over) in time: cash on delivery counted from its buyer's confirmation, prepaid from its payment.
  const codBy = new Date(now.getTime() - limits.COD_SHIP_WITHIN_DAYS * DAY_MS);
  const paidBy = new Date(now.getTime() - limits.PREPAID_SHIP_WITHIN_DAYS * DAY_MS);
  const lateSince = (order: Pick<OrderRow, "payment_method" | "cod_confirmed_at" | "completed_at">) => (order.payment_method === "cod" ? order.cod_confirmed_at : order.completed_at);
  const unshipped = await db
    .select({ id: order_items.id })
    .from(order_items)
    .innerJoin(orders, eq(orders.id, order_items.order_id))
    .where(
      and(
        isNull(order_items.shipped_at),
        isNull(order_items.cancelled_at),
        eq(orders.status, "completed"),
        sql`CASE WHEN ${orders.payment_method} = 'cod' THEN ${orders.cod_confirmed_at} < ${codBy.toISOString()}::timestamptz ELSE ${orders.completed_at} < ${paidBy.toISOString()}::timestamptz END`,
      ),
    )
    .limit(SWEEP_BATCH);
  let cancelled = 0;
  for (const { id } of unshipped) {
    const done = await db.transaction(async (tx) => {
      const found = await lockLine(tx, id);
      const since = found && lateSince(found.order);
      if (!found || !since || lineState(found.line) !== "placed" || since >= (found.order.payment_method === "cod" ? codBy : paidBy)) return false;
      const days = found.order.payment_method === "cod" ? limits.COD_SHIP_WITHIN_DAYS : limits.PREPAID_SHIP_WITHIN_DAYS;
      await cancelLine(tx, found, "system", `not shipped within ${days} days`, now);
      return true;
    });
    if (done) cancelled++;
  }
  const deliveredBy = new Date(now.getTime() - limits.ORDER_AUTO_DELIVER_DAYS * DAY_MS);
  const inTransit = await db
    .select({ id: order_items.id })
    .from(order_items)
    .where(and(isNull(order_items.delivered_at), isNull(order_items.refused_at), lt(order_items.shipped_at, deliveredBy)))
    // Oldest first, so a batch is never filled by lines that stay (parcels that came back are not in it at all).
    .orderBy(asc(order_items.shipped_at))
    .limit(SWEEP_BATCH);
  let delivered = 0;
  for (const { id } of inTransit) {
    const done = await db.transaction(async (tx) => {
      const found = await lockLine(tx, id);
      if (!found || lineState(found.line) !== "shipped") return false;
      await deliver(tx, found, now, "auto-delivered");
      return true;
    });
    if (done) delivered++;
  }
  return { unconfirmed: unconfirmedCancelled, cancelled, delivered };
}
