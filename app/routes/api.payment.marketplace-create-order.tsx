import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { db } from "~/db/client.server";
import { DELIVERIES } from "~/utils/enums";
import { requireApiUser } from "~/models/accounts/auth.server";
import { requireAgreementForApi } from "~/models/accounts/agreements/agreements.server";
import { paymentGateway } from "~/models/payments/gateway.server";
import { CHECKOUT_MESSAGES } from "~/models/store/checkout/checkout";
import { ShippingSchema } from "~/models/store/checkout/checkout-schema";
import { savedShipping } from "~/models/store/checkout/checkout-session.server";
import { placeOrder } from "~/models/store/checkout/orders.server";
import { withPlace } from "~/models/store/checkout/pincodes.server";
import { kickOutbox } from "~/services/email.server";
import type { Flash } from "~/utils/flash.server";
import { jsonWithFlash, notFound, parseJsonBody } from "~/utils/http.server";
import type { RequestPolicy } from "~/server/policy";
import { JSON_API_BODY } from "~/utils/request-guard";
import type { Msg } from "~/utils/i18n";
import { inEnglish } from "~/utils/i18n.server";

// docs/product/marketplace.md §7, POST /api/payment/marketplace-create-order → { orderId,
// razorpayOrderId, amount, currency }, for the checkout's in-page payment. The spec's
// userId, amount and items are ignored: the buyer is the session's, the items are
// their cart and the prices the database's. The address is the checkout's shipping
// step (its cookie), or the body's shippingAddress when there is none.
const Body = z.object({
  paymentMethod: z.enum(["razorpay", "upi"]).default("razorpay"),
  key: z.string().uuid(),
  // Met in person (issue 49, point 4): placeOrder checks that every seller is in the buyer's city.
  delivery: z.enum(DELIVERIES).default("ship"),
  shippingAddress: ShippingSchema.optional(),
});

/** The API's error in the spec's English; the flash the next page shows, in the buyer's language (the root says it). */
const refused = (status: number, message: Msg, kind: Flash["kind"], to: string) =>
  jsonWithFlash({ error: inEnglish(message), redirect: to }, { status, flash: { kind, message } });

/** JSON from the pay page's script. */
export const requestPolicy: RequestPolicy = { body: JSON_API_BODY };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const body = await parseJsonBody(request, Body);
  // As the checkout's own guard (issue 67, point 7): changed terms are agreed to first.
  await requireAgreementForApi(db, user.id, "/checkout");
  const saved = await savedShipping(request);
  // The body's address is checked as the shipping step checks its form: a pincode India Post has (issue 49, point 3).
  const given = !saved && body.shippingAddress ? withPlace(body.shippingAddress) : null;
  if (given?.kind === "unknown") return Response.json({ error: inEnglish(CHECKOUT_MESSAGES.zipUnknown(body.shippingAddress!.zip)), redirect: "/checkout" }, { status: 400 });
  // And in the state typed, as the shipping step asks (issue 65, point 7).
  if (given?.kind === "elsewhere") return Response.json({ error: inEnglish(CHECKOUT_MESSAGES.zipElsewhere(body.shippingAddress!.zip, given.state, body.shippingAddress!.state)), redirect: "/checkout" }, { status: 400 });
  const shipping = saved ?? (given?.kind === "placed" ? given.shipping : null);
  if (!shipping) return Response.json({ error: inEnglish({ id: "common.api.shippingRequired" }), redirect: "/checkout" }, { status: 400 });
  const outcome = await placeOrder(db, paymentGateway(), { userId: user.id, shipping, method: body.paymentMethod, delivery: body.delivery, key: body.key, now: new Date() });
  switch (outcome.kind) {
    case "pay":
      return Response.json({ orderId: outcome.orderId, razorpayOrderId: outcome.gatewayOrderId, amount: outcome.amount, currency: "INR", keyId: outcome.gateway.keyId, gateway: outcome.gateway.kind });
    case "completed":
      kickOutbox();
      return Response.json({ orderId: outcome.orderId, redirect: `/checkout?order=${outcome.orderId}` });
    case "sold-out":
      return refused(409, CHECKOUT_MESSAGES.soldOut(outcome.titles), "error", "/cart");
    case "empty":
      return refused(409, CHECKOUT_MESSAGES.emptyCart, "info", "/cart");
    case "refused":
      return refused(409, outcome.msg, "error", "/cart");
    case "limited":
      return Response.json({ error: inEnglish(CHECKOUT_MESSAGES.tooManyOrders) }, { status: 429, headers: { "Retry-After": "3600" } });
    case "unavailable":
      return Response.json({ error: inEnglish(CHECKOUT_MESSAGES.paymentsOff) }, { status: 503 });
    case "erased":
      // The account went while the order waited for it: as requireApiUser answers once its session is gone.
      return Response.json({ error: inEnglish({ id: "common.api.logInAgain" }) }, { status: 401 });
  }
}

export function loader() {
  notFound();
}
