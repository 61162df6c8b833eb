// Parcels sent through a carrier (issue 49, point 2; docs/decisions/marketplace-carriers.md): the
// carrier interface and its built-in test carrier, a seller's booking of a shipment from the
// sale, and the poll that moves each parcel on as the carrier reports it. A booking is a step
// of the line's life (./order-life.server.ts: the order and line locked, the buyer mailed);
// the poll is one job queue (~/services/jobs.server.ts), and every report is applied forward
// only (./shipments.ts), so a late, replayed or reordered report changes nothing.
import { and, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "~/db/client.server";
import { order_items, orders, profiles, shipments } from "~/db/schema";
import { getProfile } from "~/models/accounts/profile.server";
import { cashAtDoor, shortOrderId } from "~/models/store/checkout/checkout";
import { labelPdf } from "~/models/store/orders/label.server";
import { paymentGateway } from "~/models/payments/gateway.server";
import { kickMoneyBack } from "~/models/store/earnings/held-sales.server";
import { carrierReported, peekLine, step, tell, whyNotShip, type ShipRefusal, type StepOutcome } from "~/models/store/orders/order-life.server";
import { shiprocketCarrier } from "~/models/store/orders/shiprocket.server";
import { CarrierRefusal, testCarrier, type Booking, type Carrier, type Pickup } from "~/models/store/orders/carriers.server";
import { isParcelEnd, movesOn, type ParcelReport, type ParcelState } from "~/models/store/orders/shipments";
import { claimDue, backoffMs, type JobQueue } from "~/services/jobs.server";
import { kickOutbox } from "~/services/email.server";
import { log } from "~/services/log.server";
import { env } from "~/utils/env.server";

let shiprocket: Carrier | undefined;

/** The carrier sellers book with: Shiprocket when its API user is set, else the test carrier wherever the test gateway is, else none (sellers ship on their own, with a tracking number). */
export function liveCarrier(): Carrier | null {
  const config = env();
  if (config.SHIPROCKET_EMAIL && config.SHIPROCKET_PASSWORD) return (shiprocket ??= shiprocketCarrier(config.SHIPROCKET_EMAIL, config.SHIPROCKET_PASSWORD));
  return paymentGateway()?.kind === "test" ? testCarrier : null;
}

export type BookRefusal = ShipRefusal | "no-pickup" | "carrier-refused" | "carrier-down";

/**
 * The seller books a parcel for a sale: the carrier's number (AWB) becomes the line's
 * tracking number, the line is shipped, and the buyer is mailed; as "Mark as shipped", only
 * a line that may ship (confirmed if cash on delivery, not met in person, not cancelled).
 * The carrier is asked outside any transaction (a slow carrier holds no lock), under the
 * line's key, so a second press or a retry answers the same parcel; if the line moved on
 * meanwhile (the buyer cancelled), the parcel is cancelled with the carrier.
 */
export async function sellerBooksShipment(db: Db, carrier: Carrier, input: { sellerId: string; itemId: string; now: Date }): Promise<StepOutcome<"booked" | BookRefusal>> {
  const found = await peekLine(db, input.itemId, input);
  if (!found) return null;
  const refused = whyNotShip(found);
  if (refused) return { kind: refused };
  const from = await pickupOf(db, input.sellerId);
  if (carrier.needsPickup && !(from.pincode && from.phone && from.address)) return { kind: "no-pickup" };
  const { order, line } = found;
  let booking: Booking;
  try {
    booking = await carrier.book(db, {
      key: `line:${line.id}`,
      from,
      to: { ...order.shipping_address, email: order.buyer_email },
      codAmount: cashAtDoor(order, found.lines, line.id),
      item: { title: line.title_at_purchase, copies: line.quantity, price: line.price_at_purchase },
      now: input.now,
    });
  } catch (error) {
    log().warn({ err: error, event: "carrier-book", itemId: line.id }, "the carrier did not book the parcel");
    return { kind: error instanceof CarrierRefusal ? "carrier-refused" : "carrier-down" };
  }
  let unused = false;
  const outcome = await step<"booked" | ShipRefusal>(db, input.itemId, input, "booked", async (tx, now) => {
    const late = whyNotShip(now);
    unused = late !== null && now.line.tracking_number !== booking.awb;
    if (late) return { kind: late };
    await tx.insert(shipments).values({ order_item_id: now.line.id, carrier: carrier.kind, awb: booking.awb, carrier_ref: booking.ref, events: [{ status: "booked", at: input.now.toISOString() }], next_attempt_at: input.now, created_at: input.now });
    await tx.update(order_items).set({ shipped_at: input.now, tracking_number: booking.awb }).where(eq(order_items.id, now.line.id));
    await tell(tx, "shipped", { ...now, line: { ...now.line, shipped_at: input.now, tracking_number: booking.awb } }, 0);
    return { kind: "booked" };
  });
  // The line moved on while the carrier was asked, and not by this same parcel (a second press): nobody will hand it over.
  if (unused) await carrier.cancel(db, booking).catch((error) => log().warn({ err: error, event: "carrier-cancel", awb: booking.awb }, "a parcel nobody will send could not be cancelled"));
  return outcome;
}

/** Where the seller's parcels are picked up: their profile (My Account's details). */
async function pickupOf(db: DbOrTx, sellerId: string): Promise<Pickup> {
  const row = await getProfile(db, sellerId);
  return { name: row?.full_name?.trim() || "StudyArena seller", email: row?.email ?? "", phone: row?.phone ?? null, address: row?.address ?? null, city: row?.city ?? null, pincode: row?.pincode ?? null };
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
  if (refunded) kickMoneyBack(db);
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

/**
 * A carrier's webhook for one of its parcels (the route checked where it came from): applied
 * as a poll's answer would be, forward only, so a replayed or reordered report changes
 * nothing. "unknown" for an AWB that is not one of our parcels with that carrier.
 */
export async function carrierPushed(db: Db, carrier: Carrier["kind"], awb: string, reports: ParcelReport[], now: Date) {
  const [parcel] = await db.select({ itemId: shipments.order_item_id }).from(shipments).where(and(eq(shipments.awb, awb), eq(shipments.carrier, carrier)));
  if (!parcel) return "unknown" as const;
  const outcome = await applyReports(db, parcel.itemId, reports, now);
  if (outcome.moved) kickOutbox();
  if (outcome.refunded) kickMoneyBack(db);
  return outcome.moved ? ("moved" as const) : ("unchanged" as const);
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

/**
 * The label of a line's parcel, for its seller only (undefined for anyone else, or a line
 * not booked with a carrier): the carrier's own where it makes one (a URL), else ours (a PDF).
 */
export async function labelOf(db: DbOrTx, input: { sellerId: string; itemId: string }, carrier = liveCarrier()): Promise<{ url: string } | { pdf: ReturnType<typeof labelPdf> } | undefined> {
  const [row] = await db
    .select({
      awb: shipments.awb,
      carrier: shipments.carrier,
      ref: shipments.carrier_ref,
      orderId: orders.id,
      to: orders.shipping_address,
      method: orders.payment_method,
      shipping: orders.shipping,
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
  const lines = await db.select().from(order_items).where(eq(order_items.order_id, row.orderId));
  const url = carrier && carrier.kind === row.carrier ? await carrier.labelUrl(db, { awb: row.awb, ref: row.ref }).catch(() => null) : null;
  if (url) return { url };
  const pdf = labelPdf({
    awb: row.awb,
    carrier: row.carrier === "test" ? "StudyArena test courier" : "Shiprocket",
    to: row.to,
    from: { name: row.sellerName?.trim() || "The seller", address: [row.sellerAddress?.trim(), row.sellerCity?.trim()].filter(Boolean).join(", ") },
    codAmount: cashAtDoor({ payment_method: row.method, shipping: row.shipping }, lines, input.itemId),
    orderRef: shortOrderId(row.orderId),
  });
  return { pdf };
}
