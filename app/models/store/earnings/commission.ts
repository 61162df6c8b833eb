// The marketplace's commission on a prepaid sale (docs/decisions/money-seller-earnings.md), written once for
// the earnings sweep and for money held at capture (./held-sales.server.ts).

/** The commission on a line's price, in whole rupees, rounded to the nearest (never more than the price). */
export function commissionOn(amount: number, percent: number) {
  return Math.min(amount, Math.round((amount * percent) / 100));
}
