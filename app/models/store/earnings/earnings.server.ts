// Sellers get paid (docs/decisions/money-seller-earnings.md, "Sellers get paid"). A prepaid order line becomes
// its seller's earnings once its return window has passed: its price less the
// marketplace's commission (MARKETPLACE_COMMISSION_PERCENT), fixed on the line. Earned
// lines are gathered into one payout per seller, weekly or when the seller asks; each
// line is written down with the payout that pays it (seller_payout_lines, keyed by the
// line) in the transaction that makes the payout, so a line is paid once however often
// either runs. The payout itself goes out through
// the same sender as prizes (../payments/payout-sender.server.ts). Cash on delivery was
// collected by the seller at the door: shown on the statement, never paid out.
import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { rowsOf, type Db, type DbOrTx } from "~/db/client.server";
import { held_transfers, order_items, orders, payout_details, payouts, seller_payout_lines } from "~/db/schema";
import { commissionOn } from "~/models/store/earnings/commission";
import { heldReferenceOf, releaseHeldSales } from "~/models/store/earnings/held-sales.server";
import { payoutGateway } from "~/models/payments/payout-gateway.server";
import { kickPayouts } from "~/models/payments/payout-sender.server";
import { DAY_MS, returnOpenUntil } from "~/models/store/orders/order-life";
import { POLICY } from "~/models/support/policy";
import { env } from "~/utils/env.server";

const notInPayout = sql`NOT EXISTS (SELECT 1 FROM ${seller_payout_lines} WHERE ${seller_payout_lines.order_item_id} = ${order_items.id})`;
/** A line whose money the gateway holds for its seller (./held-sales.server.ts): the gateway pays it, never a payout of ours. */
const notHeld = sql`NOT EXISTS (SELECT 1 FROM ${held_transfers} h WHERE h.reference = ${heldReferenceOf(order_items.id)})`;

export { commissionOn };

/**
 * The earnings sweep: prepaid lines delivered more than POLICY.returnDays ago, with no
 * return asked for, become earnings with the commission of the day. One statement; a
 * line already earned is left as it is.
 */
export async function earnDueLines(db: DbOrTx, now: Date, percent = env().MARKETPLACE_COMMISSION_PERCENT) {
  const windowClosed = new Date(now.getTime() - POLICY.returnDays * DAY_MS);
  const earned = await db
    .update(order_items)
    // A line held at the gateway keeps the commission fixed when its money was held.
    .set({
      earned_at: now,
      commission: sql`COALESCE(
        (SELECT ${order_items.price_at_purchase} * ${order_items.quantity} - h.amount FROM ${held_transfers} h WHERE h.reference = ${heldReferenceOf(order_items.id)}),
        LEAST(${order_items.price_at_purchase} * ${order_items.quantity}, round(${order_items.price_at_purchase} * ${order_items.quantity} * ${percent}::numeric / 100)::int))`,
    })
    .where(
      and(
        isNull(order_items.earned_at),
        isNotNull(order_items.delivered_at),
        sql`${order_items.delivered_at} < ${windowClosed.toISOString()}::timestamptz`,
        isNull(order_items.return_requested_at),
        isNull(order_items.cancelled_at),
        isNotNull(order_items.seller_id),
        sql`EXISTS (SELECT 1 FROM ${orders} o WHERE o.id = ${order_items.order_id} AND o.status = 'completed' AND o.payment_method <> 'cod')`,
      ),
    )
    .returning({ id: order_items.id });
  // Money held at the gateway for these lines is its seller's now: released, once, by the sender.
  if (earned.length > 0) await releaseHeldSales(db, earned.map((l) => l.id), now);
  return earned.length;
}

/**
 * One payout of everything the seller has earned and not yet been paid: "queued" (or
 * "awaiting_details" until they add payout details in My Account), or "nothing" when
 * there is nothing to pay. The seller's row is locked first, then their earned lines:
 * a request and the schedule at once make one payout, and a line is in one payout only.
 */
export async function payOutEarnings(db: Db, sellerId: string, now: Date) {
  const made = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${sellerId} FOR UPDATE`);
    const lines = (
      await tx
        .select({ id: order_items.id, amount: sql<number>`${order_items.price_at_purchase} * ${order_items.quantity} - ${order_items.commission}` })
        .from(order_items)
        .where(and(eq(order_items.seller_id, sellerId), isNotNull(order_items.earned_at), notInPayout, notHeld))
        .orderBy(asc(order_items.id))
    ).map((l) => ({ ...l, amount: Number(l.amount) }));
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    if (total <= 0) return { kind: "nothing" as const };
    const [details] = await tx.select({ user_id: payout_details.user_id }).from(payout_details).where(eq(payout_details.user_id, sellerId));
    const status = details ? ("queued" as const) : ("awaiting_details" as const);
    const [payout] = await tx
      .insert(payouts)
      .values({ user_id: sellerId, purpose: "earnings", gross: total, tax: 0, net: total, tax_rate_bp: 0, status, created_at: now, updated_at: now, next_attempt_at: now })
      .returning({ id: payouts.id });
    // Each line's key is the line: were it already in a payout, this insert would fail and nothing above would stay.
    await tx.insert(seller_payout_lines).values(lines.map((l) => ({ order_item_id: l.id, payout_id: payout!.id, amount: l.amount })));
    return { kind: status, payoutId: payout!.id, amount: total };
  });
  // Sent now rather than at the payouts loop's next turn (the schedule's too: any instance's loop would take it).
  if (made.kind === "queued") kickPayouts(db, payoutGateway());
  return made;
}

/** The schedule: each seller with earnings unpaid whose last earnings payout is SELLER_PAYOUT_EVERY_DAYS old (or who has none) is paid. */
export async function payOutDueEarnings(db: Db, now: Date, limit = 50) {
  const since = new Date(now.getTime() - env().SELLER_PAYOUT_EVERY_DAYS * DAY_MS);
  const due = rowsOf<{ seller_id: string }>(
    await db.execute(sql`
      SELECT DISTINCT i.seller_id FROM order_items i
       WHERE i.earned_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM seller_payout_lines l WHERE l.order_item_id = i.id)
         AND NOT EXISTS (SELECT 1 FROM held_transfers h WHERE h.reference = ${heldReferenceOf(sql`i.id`)})
         AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.user_id = i.seller_id AND p.purpose = 'earnings' AND p.created_at > ${since.toISOString()}::timestamptz)
       LIMIT ${limit}`),
  );
  const made = [];
  for (const { seller_id } of due) made.push({ sellerId: seller_id, ...(await payOutEarnings(db, seller_id, now)) });
  return made;
}

/**
 * The seller's statement: every line they sold (newest first) with what it earns and
 * where that is (held in the return window, earned, in a payout, collected in cash,
 * cancelled or returned), each earnings payout with its bank reference, and the totals.
 */
export async function sellerStatement(db: DbOrTx, sellerId: string, now: Date) {
  const lines = await db
    .select({
      id: order_items.id,
      order_id: order_items.order_id,
      title: order_items.title_at_purchase,
      amount: sql<number>`${order_items.price_at_purchase} * ${order_items.quantity}`,
      commission: order_items.commission,
      delivered_at: order_items.delivered_at,
      earned_at: order_items.earned_at,
      cancelled_at: order_items.cancelled_at,
      returned_at: order_items.returned_at,
      refused_at: order_items.refused_at,
      return_requested_at: order_items.return_requested_at,
      payout_id: seller_payout_lines.payout_id,
      held_state: held_transfers.state,
      held_amount: held_transfers.amount,
      held_goal: held_transfers.goal,
      payment_method: orders.payment_method,
      sold_at: orders.created_at,
    })
    .from(order_items)
    .innerJoin(orders, eq(orders.id, order_items.order_id))
    .leftJoin(seller_payout_lines, eq(seller_payout_lines.order_item_id, order_items.id))
    .leftJoin(held_transfers, eq(held_transfers.reference, heldReferenceOf(order_items.id)))
    .where(and(eq(order_items.seller_id, sellerId), eq(orders.status, "completed")))
    .orderBy(desc(orders.created_at), order_items.id)
    .limit(200);
  const paid = await db
    .select({ id: payouts.id, net: payouts.net, status: payouts.status, bank_reference: payouts.bank_reference, created_at: payouts.created_at, paid_at: payouts.paid_at, failure_reason: payouts.failure_reason })
    .from(payouts)
    .where(and(eq(payouts.user_id, sellerId), eq(payouts.purpose, "earnings")))
    .orderBy(desc(payouts.created_at))
    .limit(100);
  const percent = env().MARKETPLACE_COMMISSION_PERCENT;
  // A line not yet earned shows the commission it would have today; an earned one keeps its own.
  const rows = lines.map((l) => {
    const amount = Number(l.amount);
    const commission = l.commission ?? (l.held_amount !== null ? amount - l.held_amount : commissionOn(amount, percent));
    return { ...l, amount, commission, net: amount - commission, where: whereIs(l, now) };
  });
  const sum = (kinds: string[], value: (r: (typeof rows)[number]) => number) => rows.filter((r) => kinds.includes(r.where.kind)).reduce((s, r) => s + value(r), 0);
  return {
    percent,
    // Whether the gateway holds any of these sales for the seller (it pays them, not our payouts).
    atGateway: lines.some((l) => l.held_state !== null),
    lines: rows,
    payouts: paid,
    totals: {
      held: sum(["held", "on-its-way", "return-asked"], (r) => r.net),
      balance: sum(["earned"], (r) => r.net),
      releasing: sum(["releasing"], (r) => r.net),
      released: sum(["released"], (r) => r.net),
      cash: sum(["cash"], (r) => r.amount),
    },
  };
}

type StatementLine = {
  payment_method: string;
  cancelled_at: Date | null;
  returned_at: Date | null;
  refused_at: Date | null;
  return_requested_at: Date | null;
  delivered_at: Date | null;
  earned_at: Date | null;
  payout_id: string | null;
  held_state: string | null;
  held_goal: string | null;
};

/** Where a line's money is, as the statement says it. */
function whereIs(line: StatementLine, now: Date): { kind: "cancelled" | "returned" | "cash" | "cash-due" | "on-its-way" | "held" | "return-asked" | "earned" | "in-payout" | "releasing" | "released"; until?: Date } {
  if (line.cancelled_at) return { kind: "cancelled" };
  // Came back to the seller undelivered (refused at the door): nothing was sold, as with a return.
  if (line.returned_at || line.refused_at) return { kind: "returned" };
  // Collected only once it was delivered; shipped (or yet to ship) the cash is still at the buyer's (issue 65, point 7).
  if (line.payment_method === "cod") return { kind: line.delivered_at ? "cash" : "cash-due" };
  if (line.payout_id) return { kind: "in-payout" };
  // Held at the gateway: released to the seller's bank once the window has passed.
  if (line.held_state === "released") return { kind: "released" };
  if (line.held_goal === "released") return { kind: "releasing" };
  if (line.earned_at) return { kind: "earned" };
  if (line.return_requested_at) return { kind: "return-asked" };
  if (!line.delivered_at) return { kind: "on-its-way" };
  const until = returnOpenUntil(line)!;
  return { kind: "held", until: until > now ? until : now };
}
