// Addresses that exist (issue 49, point 3): the all-India pincode directory, 19,159 pincodes
// each with its district and state, built by scripts/pincodes.mjs into ./pincodes.json (263 KB,
// 47 KB compressed, in the server's bundle only). Checkout refuses a pincode that is not in
// it and takes the district and state from it (docs/decisions/marketplace-pincodes.md).
import directory from "~/models/store/checkout/pincodes.json";
import type { Shipping } from "~/models/store/checkout/checkout-schema";
import { PINCODE_SHAPE } from "~/models/store/checkout/checkout";

export type Place = { district: string; state: string };

const { places, pins } = directory as unknown as { places: [string, string][]; pins: Record<string, number> };

/** Where a pincode is (its district and state), or null for six digits that are no pincode. */
export function pincodePlace(pincode: string): Place | null {
  if (!PINCODE_SHAPE.test(pincode)) return null;
  const index = pins[pincode];
  if (index === undefined) return null;
  const [district, state] = places[index]!;
  return { district, state };
}

// Each state's and union territory's codes (ISO 3166-2:IN and the vehicle registration
// series) and old or other names, as buyers type them: "MH" or "Orissa" is no contradiction.
const OTHER_NAMES: Record<string, string[]> = {
  "Andaman & Nicobar": ["AN", "Andaman and Nicobar Islands", "Andaman"],
  "Andhra Pradesh": ["AP"],
  "Arunachal Pradesh": ["AR"],
  Assam: ["AS"],
  Bihar: ["BR"],
  Chandigarh: ["CH"],
  Chhattisgarh: ["CG", "CT", "Chattisgarh"],
  "Dadra and Nagar Haveli and Daman and Diu": ["DN", "DD", "DH", "Dadra and Nagar Haveli", "Daman and Diu", "Daman", "Diu", "Silvassa"],
  Delhi: ["DL", "New Delhi", "NCT of Delhi", "National Capital Territory of Delhi"],
  Goa: ["GA"],
  Gujarat: ["GJ"],
  Haryana: ["HR"],
  "Himachal Pradesh": ["HP"],
  "Jammu & Kashmir": ["JK", "J&K", "Jammu and Kashmir", "Kashmir", "Jammu"],
  Jharkhand: ["JH"],
  Karnataka: ["KA"],
  Kerala: ["KL"],
  Ladakh: ["LA"],
  Lakshadweep: ["LD"],
  "Madhya Pradesh": ["MP"],
  Maharashtra: ["MH"],
  Manipur: ["MN"],
  Meghalaya: ["ML"],
  Mizoram: ["MZ"],
  Nagaland: ["NL"],
  Odisha: ["OD", "OR", "Orissa"],
  Puducherry: ["PY", "Pondicherry"],
  Punjab: ["PB"],
  Rajasthan: ["RJ"],
  Sikkim: ["SK"],
  "Tamil Nadu": ["TN"],
  Telangana: ["TS", "TG"],
  Tripura: ["TR"],
  "Uttar Pradesh": ["UP"],
  Uttarakhand: ["UK", "UT", "Uttaranchal"],
  "West Bengal": ["WB"],
};

/** A state's name as compared: letters only, "&" as "and", case and spaces aside ("Tamilnadu", "tamil nadu", "TAMIL NADU" are one). */
const key = (name: string) => name.toLowerCase().replaceAll("&", "and").replace(/[^a-z]/g, "");
const STATE_OF = new Map(Object.entries(OTHER_NAMES).flatMap(([state, names]) => [state, ...names].map((name) => [key(name), state] as const)));

/** Whether what the buyer typed names the pincode's state (or one we do not know, which the pincode then decides). */
function namesState(typed: string, state: string) {
  const named = STATE_OF.get(key(typed));
  return named === undefined || named === state;
}

export type Placed = { kind: "placed"; shipping: Shipping } | { kind: "unknown" } | { kind: "elsewhere"; state: string };

/**
 * The shipping details with the pincode's district and state (the directory's name for the
 * state the buyer typed), or why not: a pincode the directory does not have, or one in
 * another state than the one typed. That is asked, not decided for the buyer: "Bengaluru,
 * Karnataka" with 110001 silently became Delhi (issue 65, point 7), and only the buyer
 * knows which of the two is wrong.
 */
export function withPlace(shipping: Shipping): Placed {
  const place = pincodePlace(shipping.zip);
  if (!place) return { kind: "unknown" };
  if (!namesState(shipping.state, place.state)) return { kind: "elsewhere", state: place.state };
  return { kind: "placed", shipping: { ...shipping, district: place.district, state: place.state } };
}
