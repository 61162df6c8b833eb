// Issue 49, point 2: a parcel only moves forward through a carrier's states; a report that
// would take it back, a replay, or anything after an end changes nothing.
import { expect, test } from "vitest";
import { movesOn, type ParcelReport } from "~/models/store/orders/shipments";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute)).toISOString();
const r = (status: ParcelReport["status"], minute: number): ParcelReport => ({ status, at: at(minute) });

test("reports past the parcel's state are taken in order, however they came", () => {
  expect(movesOn("booked", [r("in_transit", 20), r("picked_up", 10)])).toEqual([r("picked_up", 10), r("in_transit", 20)]);
  expect(movesOn("picked_up", [r("picked_up", 10), r("in_transit", 20)])).toEqual([r("in_transit", 20)]);
  // Not delivered, then delivered at the next try, or back to the seller.
  expect(movesOn("out_for_delivery", [r("undelivered", 30), r("delivered", 50)])).toEqual([r("undelivered", 30), r("delivered", 50)]);
  expect(movesOn("undelivered", [r("returned_to_origin", 90)])).toEqual([r("returned_to_origin", 90)]);
});

test("nothing goes back, and nothing follows an end", () => {
  expect(movesOn("delivered", [r("in_transit", 20), r("returned_to_origin", 90)])).toEqual([]);
  expect(movesOn("returned_to_origin", [r("delivered", 99)])).toEqual([]);
  expect(movesOn("out_for_delivery", [r("in_transit", 20), r("picked_up", 10)])).toEqual([]);
  // Two ends reported at once: the first one counts.
  expect(movesOn("out_for_delivery", [r("delivered", 40), r("returned_to_origin", 41)])).toEqual([r("delivered", 40)]);
});
