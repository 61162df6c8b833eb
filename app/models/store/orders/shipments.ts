// A parcel's states as a carrier reports them (issue 49, point 2; docs/decisions/marketplace-carriers.md),
// shared by the poll and the pages: the order they come in, and which reports move a parcel
// on. A parcel never goes back: a report of "in transit" after "delivered" (late, replayed,
// or out of order) is dropped, and nothing follows an end.
import type { PARCEL_STATES } from "~/utils/enums";
import type { MessageId } from "~/utils/i18n";

export type ParcelState = (typeof PARCEL_STATES)[number];
export type ParcelReport = { status: ParcelState; at: string };

/** The carriers a parcel can be booked with (./carriers.server.ts). Its name on the pages is the words `sell.sale.carrier.{kind}`. */
export type CarrierKind = "test" | "shiprocket";

/** How far along each state is; delivered and returned to origin are both ends. */
export const PARCEL_RANK: Record<ParcelState, number> = { booked: 0, picked_up: 1, in_transit: 2, out_for_delivery: 3, undelivered: 4, delivered: 5, returned_to_origin: 5 };

export const isParcelEnd = (state: ParcelState) => state === "delivered" || state === "returned_to_origin";

/** The reports past `current`, in order, each further along than the last; none after an end. */
export function movesOn(current: ParcelState, reports: ParcelReport[]): ParcelReport[] {
  const moves: ParcelReport[] = [];
  let state = current;
  const ordered = [...reports].sort((a, b) => PARCEL_RANK[a.status] - PARCEL_RANK[b.status] || a.at.localeCompare(b.at));
  for (const report of ordered) {
    if (isParcelEnd(state)) break;
    if (PARCEL_RANK[report.status] <= PARCEL_RANK[state]) continue;
    moves.push(report);
    state = report.status;
  }
  return moves;
}

/** Each state's words on the timelines. */
export const PARCEL_WORDS: Record<ParcelState, MessageId> = {
  booked: "orders.parcel.booked",
  picked_up: "orders.parcel.pickedUp",
  in_transit: "orders.parcel.inTransit",
  out_for_delivery: "orders.parcel.outForDelivery",
  undelivered: "orders.parcel.undelivered",
  delivered: "orders.parcel.delivered",
  returned_to_origin: "orders.parcel.returned",
};
