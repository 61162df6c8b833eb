import type { ActionFunctionArgs } from "@remix-run/node";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { db } from "~/db/client.server";
import { findOpenOrder } from "~/models/payments.server";
import { notFound, parseJsonBody, requireApiUser } from "~/utils/http.server";
import { checkoutSignature, GATEWAY_ID, paymentGateway } from "~/utils/payment-gateway.server";

// The test gateway's stand-in for Razorpay's checkout.js: the pay page's in-page dialog
// asks here for what Razorpay's modal would hand back on success, then verifies it
// through /api/payment/verify like a real payment. Exists only without Razorpay keys.
const Body = z.object({ orderId: z.string().regex(GATEWAY_ID) });

export async function action({ request, context }: ActionFunctionArgs) {
  const gateway = paymentGateway();
  if (gateway.kind !== "test") notFound();
  const user = await requireApiUser(request, context);
  const { orderId } = await parseJsonBody(request, Body);
  const order = await findOpenOrder(db, orderId);
  if (!order || order.userId !== user.id) return Response.json({ error: "Unknown order" }, { status: 404 });
  const paymentId = `pay_test_${randomBytes(9).toString("base64url")}`;
  return Response.json({
    razorpay_order_id: order.orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: checkoutSignature(gateway, order.orderId, paymentId),
  });
}

export function loader() {
  notFound();
}
