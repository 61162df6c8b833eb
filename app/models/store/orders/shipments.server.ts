// Parcels sent through a carrier (issue 49, point 2; docs/decisions/marketplace-carriers.md): the
// carrier interface and its built-in test carrier, a seller's booking of a shipment from the
// sale, and the poll that moves each parcel on as the carrier reports it. A booking is a step
// of the line's life (./order-life.server.ts: the order and line locked, the buyer mailed);
// the poll is one job queue (~/services/jobs.server.ts), and every report is applied forward
// only (./shipments.ts), so a late, replayed or reordered report changes nothing.
import { randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "~/db/client.server";
import { order_items, orders, profiles, shipments, test_carrier_parcels } from "~/db/schema";
import { shortOrderId } from "~/models/store/checkout/checkout";
import { labelPdf } from "~/models/store/orders/label.server";
import { paymentGateway } from "~/models/payments/gateway.server";
import { kickRefunds } from "~/models/payments/refunds.server";
import { carrierReported, step, tell, whyNotShip, type ShipRefusal } from "~/models/store/orders/order-life.server";
import { isParcelEnd, movesOn, type ParcelReport, type ParcelState } from "~/models/store/orders/shipments";
import { claimDue, backoffMs, type JobQueue } from "~/services/jobs.server";
import { kickOutbox } from "~/services/email.server";
import { log } from "~/services/log.server";
import { env } from "~/utils/env.server";

/** A carrier as the marketplace needs one: book a parcel under our key (the same key answers the same parcel), and say where it is. */
export type Carrier = {
  /** Which carrier: its name on the pages is the words `sell.sale.carrier.{kind}`. */
  kind: "test";
  book(db: DbOrTx, input: { key: string; fromPincode: string | null; toPincode: string; codAmount: number; now: Date }): Promise<{ awb: string }>;
  /** Every state the parcel has reached, with when. Throws when the carrier cannot be asked (then the poll tries later). */
  track(db: DbOrTx, awb: string, now: Date): Promise<ParcelReport[]>;
};

// The test carrier's parcel moves a state every step after its booking: picked up, in
// transit, out for delivery, then delivered, or (its `outcome`) not delivered and, two
// steps later, back at its seller.
const AFTER_STEPS: Record<"delivered" | "returned_to_origin", Array<[ParcelState, number]>> = {
  delivered: [["picked_up", 1], ["in_transit", 2], ["out_for_delivery", 3], ["delivered", 4]],
  returned_to_origin: [["picked_up", 1], ["in_transit", 2], ["out_for_delivery", 3], ["undelivered", 4], ["returned_to_origin", 6]],
};

export const testCarrier: Carrier = {
  kind: "test",
  async book(db, input) {
    const awb = `TC${String(randomInt(100_000_000, 999_999_999))}IN`;
    await db
      .insert(test_carrier_parcels)
      .values({ awb, booking_key: input.key, from_pincode: input.fromPincode, to_pincode: input.toPincode, cod_amount: input.codAmount, booked_at: input.now })
      .onConflictDoNothing({ target: test_carrier_parcels.booking_key });
    const [parcel] = await db.select({ awb: test_carrier_parcels.awb }).from(test_carrier_parcels).where(eq(test_carrier_parcels.booking_key, input.key));
    return { awb: parcel!.awb };
  },
  async track(db, awb, now) {
    const [parcel] = await db.select().from(test_carrier_parcels).where(eq(test_carrier_parcels.awb, awb));
    if (!parcel) return [];
    const stepMs = env().TEST_CARRIER_STEP_MINUTES * 60_000;
    return AFTER_STEPS[parcel.outcome]
      .map(([status, steps]) => ({ status, at: new Date(parcel.booked_at.getTime() + steps * stepMs) }))
      .filter((report) => report.at <= now)
      .map((report) => ({ status: report.status, at: report.at.toISOString() }));
  },
};

/** The carrier sellers book with, or null when none is set up (they ship on their own, with a tracking number). */
export function liveCarrier(): Carrier | null {
  // Shiprocket's client is the next step (docs/decisions/marketplace-carriers.md); the test carrier serves demos and tests.
  return paymentGateway()?.kind === "test" ? testCarrier : null;
}

/**
 * The seller books a parcel for a sale: the carrier's number (AWB) becomes the line's
 * tracking number, the line is shipped, and the buyer is mailed; as "Mark as shipped", only
 * a line that may ship (confirmed if cash on delivery, not met in person, not cancelled).
 * The booking's key is the line: a second press answers the same parcel.
 */
export function sellerBooksShipment(db: Db, carrier: Carrier, input: { sellerId: string; itemId: string; now: Date }) {
  return step<"booked" | ShipRefusal>(db, input.itemId, input, "booked", async (tx, found) => {
    const refused = whyNotShip(found);
    if (refused) return { kind: refused };
    const cod = found.order.payment_method === "cod" ? found.line.price_at_purchase * found.line.quantity : 0;
    const { awb } = await carrier.book(tx, { key: `line:${found.line.id}`, fromPincode: null, toPincode: found.order.shipping_address.postal_code, codAmount: cod, now: input.now });
    await tx.insert(shipments).values({ order_item_id: found.line.id, carrier: carrier.kind, awb, events: [{ status: "booked", at: input.now.toISOString() }], next_attempt_at: input.now, created_at: input.now });
    await tx.update(order_items).set({ shipped_at: input.now, tracking_number: awb }).where(eq(order_items.id, found.line.id));
    await tell(tx, "shipped", { ...found, line: { ...found.line, shipped_at: input.now, tracking_number: awb } }, 0);
    return { kind: "booked" };
  });
}

/** How often a parcel not at its end is asked about. */
const POLL_EVERY_MS = 5 * 60_000;

const PARCELS: JobQueue = {
  table: sql`shipments`,
  waiting: sql`status NOT IN ('delivered', 'returned_to_origin')`,
  leaseMs: 2 * 60_000,
  alsoSet: sql`attempts = attempts + 1`,
  returning: sql`order_item_id, awb, status, attempts`,
};

/** The poll: each parcel due is asked about, and what moved it on is applied; returns how many moved. */
export async function pollShipments(db: Db, carrier: Carrier, now: Date, limit = 50) {
  const due = await claimDue<{ order_item_id: string; awb: string; status: ParcelState; attempts: number }>(db, PARCELS, now, limit);
  let moved = 0;
  let refunded = false;
  for (const parcel of due) {
    let reports: ParcelReport[];
    try {
      reports = await carrier.track(db, parcel.awb, now);
    } catch (error) {
      log().warn({ err: error, event: "carrier-track", awb: parcel.awb }, "the carrier could not be asked");
      await db.update(shipments).set({ next_attempt_at: new Date(now.getTime() + backoffMs(parcel.attempts)) }).where(eq(shipments.order_item_id, parcel.order_item_id));
      continue;
    }
    const outcome = await applyReports(db, parcel.order_item_id, reports, now);
    if (outcome.moved) moved++;
    if (outcome.refunded) refunded = true;
  }
  if (moved > 0) kickOutbox();
  if (refunded) kickRefunds(db, paymentGateway());
  return moved;
}

/**
 * Applies a carrier's reports to one parcel under its row's lock: the states past the one it
 * is in, in order, each kept with its time; at an end, the line is delivered (or came back).
 * A report that would take it back changes nothing. Shared by the poll (and a webhook's
 * route, once a carrier sends them).
 */
export async function applyReports(db: Db, itemId: string, reports: ParcelReport[], now: Date) {
  return db.transaction(async (tx) => {
    const [parcel] = await tx.select().from(shipments).where(eq(shipments.order_item_id, itemId)).for("update");
    if (!parcel) return { moved: false, refunded: 0 };
    const moves = movesOn(parcel.status, reports);
    const next = new Date(now.getTime() + POLL_EVERY_MS);
    if (moves.length === 0) {
      await tx.update(shipments).set({ next_attempt_at: next, attempts: 0 }).where(eq(shipments.order_item_id, itemId));
      return { moved: false, refunded: 0 };
    }
    const last = moves.at(-1)!;
    await tx
      .update(shipments)
      .set({ status: last.status, events: [...parcel.events, ...moves], next_attempt_at: next, attempts: 0 })
      .where(eq(shipments.order_item_id, itemId));
    const ended = isParcelEnd(last.status) ? await endOf(tx, itemId, last) : { refunded: 0 };
    return { moved: true, refunded: ended.refunded };
  });
}

const endOf = (tx: Tx, itemId: string, report: ParcelReport) => carrierReported(tx, itemId, report.status === "delivered" ? "delivered" : "returned_to_origin", new Date(report.at));

/** The parcels of these lines with their carrier's reports, for the timelines. */
export async function parcelsOf(db: DbOrTx, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  return db
    .select({ itemId: shipments.order_item_id, carrier: shipments.carrier, awb: shipments.awb, status: shipments.status, events: shipments.events })
    .from(shipments)
    .where(sql`${shipments.order_item_id} = ANY(${`{${itemIds.join(",")}}`}::uuid[])`);
}

/** The label of a line's parcel, for its seller only (undefined for anyone else, or a line not booked with a carrier). */
export async function labelOf(db: DbOrTx, input: { sellerId: string; itemId: string }) {
  const [row] = await db
    .select({
      awb: shipments.awb,
      carrier: shipments.carrier,
      orderId: orders.id,
      to: orders.shipping_address,
      method: orders.payment_method,
      amount: sql<number>`${order_items.price_at_purchase} * ${order_items.quantity}`,
      sellerName: profiles.full_name,
      sellerAddress: profiles.address,
      sellerCity: profiles.city,
    })
    .from(shipments)
    .innerJoin(order_items, eq(order_items.id, shipments.order_item_id))
    .innerJoin(orders, eq(orders.id, order_items.order_id))
    .leftJoin(profiles, eq(profiles.id, order_items.seller_id))
    .where(and(eq(shipments.order_item_id, input.itemId), eq(order_items.seller_id, input.sellerId)));
  if (!row) return undefined;
  return labelPdf({
    awb: row.awb,
    carrier: row.carrier === "test" ? "StudyArena test courier" : row.carrier,
    to: row.to,
    from: { name: row.sellerName?.trim() || "The seller", address: [row.sellerAddress?.trim(), row.sellerCity?.trim()].filter(Boolean).join(", ") },
    codAmount: row.method === "cod" ? Number(row.amount) : 0,
    orderRef: shortOrderId(row.orderId),
  });
}
