import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { db } from "~/db/client.server";
import { requireApiUser } from "~/models/accounts/auth.server";
import { verifyForPayer } from "~/models/fulfilments.server";
import { GATEWAY_ID } from "~/models/payments/gateway.server";
import { jsonWithFlash, notFound, parseJsonBody } from "~/utils/http.server";
import type { RequestPolicy } from "~/server/policy";
import { JSON_API_BODY } from "~/utils/request-guard";

// docs/product/marketplace.md §7, POST payment/marketplace-verify → { success, orderId }. The
// spec's razorpay_* names and the checkout script's short names are both read; its
// userId is ignored (the payer is the session's, and must own the order).
const id = z.string().regex(GATEWAY_ID);
const signature = z.string().regex(/^[0-9a-f]{1,128}$/i);
const Body = z.union([
  z.object({ razorpay_order_id: id, razorpay_payment_id: id, razorpay_signature: signature }).transform((b) => ({ orderId: b.razorpay_order_id, paymentId: b.razorpay_payment_id, signature: b.razorpay_signature })),
  z.object({ orderId: id, paymentId: id, signature }),
]);

/** JSON from the pay page's script. */
export const requestPolicy: RequestPolicy = { body: JSON_API_BODY };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const body = await parseJsonBody(request, Body);
  const reply = await verifyForPayer(db, { userId: user.id, ...body, now: new Date() });
  return jsonWithFlash(reply.body, reply);
}

export function loader() {
  notFound();
}
