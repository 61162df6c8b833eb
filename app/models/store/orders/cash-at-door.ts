// The cash a cash-on-delivery order's buyer pays at the door (issue 65, point 7), worked out
// here only: the carrier's booking and the label (./shipments.server.ts), the order's page and
// the buyer's mail read these, so what the courier collects is what the buyer was told
// (docs/decisions/marketplace-cod-deposit.md, "What the door collects").
//
// Each line is its own parcel; the order's shipping is charged once, so it rides with one of
// them: the order's first line in the order its lines are locked in (the lowest id, fixed when
// the order is placed, so two sellers booking at once cannot both, or neither, collect it). A
// deposit paid online is a guarantee refunded at the order's end, not part of the price: the
// door collects the whole price.

type Order = { payment_method: "cod" | "upi" | "razorpay"; shipping: number };
type Line = { id: string; price_at_purchase: number; quantity: number; cancelled_at: Date | string | null };

/** The line whose parcel collects the order's shipping. */
const shippingLineOf = (lines: readonly Line[]) => lines.reduce<Line | undefined>((first, line) => (!first || line.id < first.id ? line : first), undefined);

/** What the courier collects with this line's parcel: nothing if the order was paid online or the line was cancelled. */
export function cashAtDoor(order: Order, lines: readonly Line[], lineId: string) {
  const line = lines.find((l) => l.id === lineId);
  if (order.payment_method !== "cod" || !line || line.cancelled_at) return 0;
  return line.price_at_purchase * line.quantity + (shippingLineOf(lines)?.id === line.id ? order.shipping : 0);
}

/** What the buyer pays at the doors of the whole order: every line not cancelled, each parcel's cash added up. */
export function orderCashAtDoor(order: Order, lines: readonly Line[]) {
  return lines.reduce((sum, line) => sum + cashAtDoor(order, lines, line.id), 0);
}
