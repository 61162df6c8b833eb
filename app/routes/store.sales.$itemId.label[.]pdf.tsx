import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { db } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { labelOf } from "~/models/store/orders/shipments.server";
import { invariantResponse, requireUuidParam } from "~/utils/http.server";

// A booked parcel's shipping label (issue 49, point 2), a PDF its seller prints; anyone else,
// and a line not booked with a carrier, gets the same 404.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const itemId = requireUuidParam(params, "itemId");
  const sellerId = await requireUserId(request, context, `/store/sales/${itemId}/label.pdf`);
  const label = await labelOf(db, { sellerId, itemId });
  invariantResponse(label);
  // The carrier's own label, where it makes one (Shiprocket's PDF, at its address).
  if ("url" in label) return redirect(label.url);
  return new Response(label.pdf, {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="label-${itemId.slice(0, 8)}.pdf"`, "Cache-Control": "private, no-store" },
  });
}
