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

/** The shipping details with the pincode's district and state (the directory's, over what was typed), or null when the pincode is unknown. */
export function withPlace(shipping: Shipping): Shipping | null {
  const place = pincodePlace(shipping.zip);
  return place ? { ...shipping, district: place.district, state: place.state } : null;
}
