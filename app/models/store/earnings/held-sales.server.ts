// A prepaid sale's money held at the gateway until the book arrived and stayed (issue 49,
// point 1; docs/decisions/money-held-until-delivery.md). When an order's payment is captured,
// each line's share for its seller (its price less the commission of the day, fixed then) is
// held in a transfer to the seller's linked account; once the return window has passed
// without a return (./earnings.server.ts, earnDueLines) it is released to them; a
// cancellation, a return or a parcel that came back reverses it, and the buyer's refund is
// paid from it. The money's own life is ../../payments/held-money.server.ts.
import { and, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, DbOrTx, Tx } from "~/db/client.server";
import { held_transfers, order_items, payments } from "~/db/schema";
import { paymentGateway } from "~/models/payments/gateway.server";
import { holdFor, kickTransfers, wantHeld } from "~/models/payments/held-money.server";
import { kickRefunds } from "~/models/payments/refunds.server";
import type { CapturedPayment } from "~/models/payments/ledger.server";
import { linkedAccountOf, transferGateway } from "~/models/payments/transfer-gateway.server";
import { commissionOn } from "~/models/store/earnings/commission";
import { env } from "~/utils/env.server";

export const heldReference = (itemId: string) => `order-line:${itemId}`;
/** The same reference in SQL, of a line's id column (a query's own join or filter). */
export const heldReferenceOf = (itemId: SQL | AnyPgColumn) => sql`'order-line:' || ${itemId}`;

/**
 * In the capture's transaction: each line's seller share held for them; its commission is
 * fixed by what is held (./earnings.server.ts reads it back when the line is earned). A seller with no linked account (with Razorpay, one Route has not onboarded) is
 * paid as before, from the platform's balance once the window has passed.
 */
export async function holdSales(tx: Tx, orderId: string, payment: CapturedPayment, now: Date, percent = env().MARKETPLACE_COMMISSION_PERCENT) {
  const [paid] = await tx.select({ gateway: payments.gateway }).from(payments).where(eq(payments.id, payment.id));
  if (!paid) return 0;
  const lines = await tx.select().from(order_items).where(and(eq(order_items.order_id, orderId), isNotNull(order_items.seller_id)));
  let held = 0;
  for (const line of lines) {
    const accountId = await linkedAccountOf(tx, line.seller_id!, paid.gateway);
    if (!accountId) continue;
    const amount = line.price_at_purchase * line.quantity;
    const commission = commissionOn(amount, percent);
    if (await holdFor(tx, { reference: heldReference(line.id), recipientId: line.seller_id!, gateway: paid.gateway, paymentId: payment.paymentId, accountId, amount: amount - commission, now })) held++;
  }
  return held;
}

/** The lines' held money is their sellers' now (the window passed with no return). */
export function releaseHeldSales(db: DbOrTx, itemIds: string[], now: Date) {
  return wantHeld(db, itemIds.map(heldReference), "released", now);
}

/** The line's held money comes back to the platform, to pay the buyer's refund owed in the same transaction. */
export function reverseHeldSale(tx: DbOrTx, itemId: string, now: Date) {
  return wantHeld(tx, heldReference(itemId), "reversed", now);
}

/** After a commit that owed refunds: held money is taken back now, then the refunds paid from it are sent, rather than at their loops' next turns. */
export function kickMoneyBack(db: Db) {
  kickTransfers(db, transferGateway(), () => kickRefunds(db, paymentGateway()));
}

/** The lines' held money as the gateway has it, for the statement and tests. */
export function heldSalesOf(db: DbOrTx, itemIds: string[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db.select().from(held_transfers).where(inArray(held_transfers.reference, itemIds.map(heldReference)));
}
