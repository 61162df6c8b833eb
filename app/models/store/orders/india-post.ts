// India Post's article numbers (issue 49, point 2: "a seller may ship by India Post and type the
// article number, tracked by the buyer on India Post's site"). Every registered, Speed Post and
// parcel article carries a UPU S10 number: two letters, eight digits, a check digit, "IN". The
// check digit catches a mistyped digit before the buyer is sent looking for a parcel that
// does not exist. Pure: the seller's form checks it on the server, the buyer's page links it.

/** India Post's own tracking page (it asks for the number; there is no link per article). */
export const INDIA_POST_TRACKING_URL = "https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx";

const S10_INDIA = /^[A-Z]{2}[0-9]{9}IN$/;
const WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

/** The S10 check digit of eight serial digits: 11 less the weighted sum modulo 11, with 10 read as 0 and 11 as 5. */
export function s10CheckDigit(serial: string) {
  const sum = [...serial].reduce((total, digit, i) => total + Number(digit) * WEIGHTS[i]!, 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/** What a tracking number is: an India Post article (its check digit right or wrong), or another carrier's. */
export function trackingKind(tracking: string): "india-post" | "india-post-mistyped" | "other" {
  const upper = tracking.toUpperCase();
  if (!S10_INDIA.test(upper)) return "other";
  return s10CheckDigit(upper.slice(2, 10)) === Number(upper[10]) ? "india-post" : "india-post-mistyped";
}
