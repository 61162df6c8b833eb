import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { db } from "~/db/client.server";
import { requireApiUser } from "~/models/accounts/auth.server";
import { callbackPage, isSettled, queuedMail, settlePayment, verifyReplyField } from "~/models/fulfilments.server";
import { GATEWAY_ID } from "~/models/payments/gateway.server";
import { orderOwner } from "~/models/payments/ledger.server";
import { kickOutbox } from "~/utils/email.server";
import { setFlash } from "~/utils/flash.server";
import { notFound, parseJsonBody } from "~/utils/http.server";

// contests.md §7, POST /api/payment/verify: { orderId, paymentId, signature } → { success }.
// The same verification path as the callback; only the order's own payer may call it.
const Body = z.object({ orderId: z.string().regex(GATEWAY_ID), paymentId: z.string().regex(GATEWAY_ID), signature: z.string().regex(/^[0-9a-f]{1,128}$/i) });

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const body = await parseJsonBody(request, Body);
  const owner = await orderOwner(db, body.orderId);
  if (!owner || owner.userId !== user.id) return Response.json({ success: false, error: "Payment verification failed" }, { status: 404 });
  const outcome = await settlePayment(db, { ...body, now: new Date() });
  if (queuedMail(outcome)) kickOutbox();
  if (isSettled(outcome)) return Response.json({ success: true, [verifyReplyField(owner.purpose)]: owner.targetId });
  // Money taken but not booked (late, a second payment): the page goes where the callback
  // would send it, and reads the same message there, as it would without JavaScript.
  const page = callbackPage(owner.purpose, owner.targetId, outcome.kind);
  if (page.flash) {
    return Response.json({ success: false, outcome: outcome.kind, redirect: page.to, message: page.flash.message }, { headers: { "Set-Cookie": await setFlash(page.flash) } });
  }
  return Response.json({ success: false, outcome: outcome.kind, error: "Payment verification failed" }, { status: 400 });
}

export function loader() {
  notFound();
}
