import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { db } from "~/db/client.server";
import { requireApiUser } from "~/models/accounts/auth.server";
import { verifyForPayer } from "~/models/fulfilments.server";
import { GATEWAY_ID } from "~/models/payments/gateway.server";
import { jsonWithFlash, notFound, parseJsonBody } from "~/utils/http.server";
import type { RequestPolicy } from "~/server/policy";
import { JSON_API_BODY } from "~/utils/request-guard";

// docs/product/contests.md §7, POST /api/payment/verify: { orderId, paymentId, signature } → { success }.
// The same verification path as the callback; only the order's own payer may call it.
const Body = z.object({ orderId: z.string().regex(GATEWAY_ID), paymentId: z.string().regex(GATEWAY_ID), signature: z.string().regex(/^[0-9a-f]{1,128}$/i) });

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
