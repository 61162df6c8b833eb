import type { ActionFunctionArgs } from "@remix-run/node";
import { inEnglish } from "~/utils/i18n.server";
import { z } from "zod";
import { db } from "~/db/client.server";
import { requireApiUser } from "~/models/accounts/auth.server";
import { GATEWAY_ID, paymentGateway, testCapture } from "~/models/payments/gateway.server";
import { findOpenOrder } from "~/models/payments/ledger.server";
import { notFound, parseJsonBody } from "~/utils/http.server";
import type { RequestPolicy } from "~/server/policy";
import { JSON_API_BODY } from "~/utils/request-guard";

// The test gateway's stand-in for Razorpay's checkout.js: the pay page's in-page dialog
// asks here for what Razorpay's modal would hand back on success, then verifies it
// through /api/payment/verify like a real payment. Exists only without Razorpay keys.
const Body = z.object({ orderId: z.string().regex(GATEWAY_ID) });

/** JSON from the pay page's script. */
export const requestPolicy: RequestPolicy = { body: JSON_API_BODY };

export async function action({ request, context }: ActionFunctionArgs) {
  const gateway = paymentGateway();
  if (gateway?.kind !== "test") notFound();
  const user = await requireApiUser(request, context);
  const { orderId } = await parseJsonBody(request, Body);
  const order = await findOpenOrder(db, orderId);
  if (!order || order.userId !== user.id) return Response.json({ error: inEnglish({ id: "common.api.orderUnknown" }) }, { status: 404 });
  return Response.json(testCapture(gateway, order.orderId));
}

export function loader() {
  notFound();
}
