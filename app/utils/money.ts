const whole = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const withDecimals = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });

/** ₹1,50,000 — amounts are integer rupees everywhere; the cart alone shows decimals (spec). */
export function formatINR(rupees: number, options: { decimals?: boolean } = {}) {
  return (options.decimals ? withDecimals : whole).format(rupees);
}
