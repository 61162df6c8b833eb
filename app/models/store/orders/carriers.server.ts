// The carriers a seller books a parcel with (issue 49, point 2; docs/decisions/marketplace-carriers.md):
// what the marketplace needs of one, and the built-in test carrier, the parcels' counterpart
// of the test gateway, which keeps its own books in our database. Shiprocket's client is
// ./shiprocket.server.ts; ./shipments.server.ts chooses the live one and books with it.
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { test_carrier_areas, test_carrier_parcels, type ShippingAddress } from "~/db/schema";
import type { CarrierKind, ParcelReport, ParcelState } from "~/models/store/orders/shipments";
import { env } from "~/utils/env.server";

/** Where a seller's parcels are picked up (their profile), as a carrier needs it. */
export type Pickup = { name: string; email: string; phone: string | null; address: string | null; city: string | null; pincode: string | null };

/** What a booking sends: our key (the same key answers the same parcel), both ends, the cash to collect and what is inside. */
export type BookingInput = { key: string; from: Pickup; to: ShippingAddress & { email: string }; codAmount: number; item: { title: string; copies: number; price: number }; now: Date };

/** A booked parcel: the carrier's number (AWB) and its own ids for it, where it has them (its label and cancel take them). */
export type Booking = { awb: string; ref: string | null };

/** A carrier as the marketplace needs one (docs/decisions/marketplace-carriers.md). Each call throws CarrierRefusal when the carrier says no for good; any other error is worth trying later. */
export type Carrier = {
  kind: CarrierKind;
  /** Whether a seller must have a pickup address (PIN code, phone, address) before booking. */
  needsPickup: boolean;
  /** Whether a parcel from `from` reaches `to`, and whether cash on delivery can be collected there. */
  serves(db: DbOrTx, input: { from: string | null; to: string }): Promise<{ served: boolean; cod: boolean }>;
  book(db: DbOrTx, input: BookingInput): Promise<Booking>;
  /** Undoes a booking that was not used (the line moved on while the carrier was asked). */
  cancel(db: DbOrTx, booking: Booking): Promise<void>;
  /** Every state the parcel has reached, with when. Throws when the carrier cannot be asked (then the poll tries later). */
  track(db: DbOrTx, awb: string, now: Date): Promise<ParcelReport[]>;
  /** The carrier's own label (a URL to its PDF), or null when we print ours (./label.server.ts). */
  labelUrl(db: DbOrTx, booking: Booking): Promise<string | null>;
};

/** A carrier's "no" for good (a wrong address, an unserved pincode): said to the seller, not retried. */
export class CarrierRefusal extends Error {}

// The test carrier's parcel moves a state every step after its booking: picked up, in
// transit, out for delivery, then delivered, or (its `outcome`) not delivered and, two
// steps later, back at its seller.
const AFTER_STEPS: Record<"delivered" | "returned_to_origin", Array<[ParcelState, number]>> = {
  delivered: [["picked_up", 1], ["in_transit", 2], ["out_for_delivery", 3], ["delivered", 4]],
  returned_to_origin: [["picked_up", 1], ["in_transit", 2], ["out_for_delivery", 3], ["undelivered", 4], ["returned_to_origin", 6]],
};

export const testCarrier: Carrier = {
  kind: "test",
  needsPickup: false,
  async serves(db, { to }) {
    // Every pincode is served with cash on delivery unless a row of test_carrier_areas says otherwise.
    const [area] = await db.select().from(test_carrier_areas).where(eq(test_carrier_areas.pincode, to));
    return area ? { served: area.served, cod: area.served && area.cod } : { served: true, cod: true };
  },
  async book(db, input) {
    const awb = `TC${String(randomInt(100_000_000, 999_999_999))}IN`;
    await db
      .insert(test_carrier_parcels)
      .values({ awb, booking_key: input.key, from_pincode: input.from.pincode, to_pincode: input.to.postal_code, cod_amount: input.codAmount, booked_at: input.now })
      .onConflictDoNothing({ target: test_carrier_parcels.booking_key });
    const [parcel] = await db.select({ awb: test_carrier_parcels.awb }).from(test_carrier_parcels).where(eq(test_carrier_parcels.booking_key, input.key));
    return { awb: parcel!.awb, ref: null };
  },
  async cancel(db, booking) {
    await db.update(test_carrier_parcels).set({ cancelled: true }).where(eq(test_carrier_parcels.awb, booking.awb));
  },
  async track(db, awb, now) {
    const [parcel] = await db.select().from(test_carrier_parcels).where(eq(test_carrier_parcels.awb, awb));
    if (!parcel || parcel.cancelled) return [];
    const stepMs = env().TEST_CARRIER_STEP_MINUTES * 60_000;
    return AFTER_STEPS[parcel.outcome]
      .map(([status, steps]) => ({ status, at: new Date(parcel.booked_at.getTime() + steps * stepMs) }))
      .filter((report) => report.at <= now)
      .map((report) => ({ status: report.status, at: report.at.toISOString() }));
  },
  labelUrl: async () => null,
};
