import type { LoaderFunctionArgs } from "@remix-run/node";
import { inEnglish } from "~/utils/i18n.server";
import { pincodePlace } from "~/models/store/checkout/pincodes.server";

// Where a pincode is (its district and state), for the checkout's shipping step to fill the
// state as the buyer types it (issue 49, point 3). It only saves typing: the server checks
// the pincode again when the form is sent (routes/checkout.tsx). Public data, a day's cache:
// the directory changes only with a release (scripts/pincodes.mjs).
export function loader({ params }: LoaderFunctionArgs) {
  const place = pincodePlace(params.code ?? "");
  const headers = { "Cache-Control": "public, max-age=86400" };
  return place ? Response.json(place, { headers }) : Response.json({ error: inEnglish({ id: "common.api.pincodeUnknown" }) }, { status: 404, headers });
}
