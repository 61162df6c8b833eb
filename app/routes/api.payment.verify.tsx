import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { db } from "~/db/client.server";
import { confirmContestPayment, orderOwner, queuedMail } from "~/models/payments.server";
import { kickOutbox } from "~/utils/email.server";
import { notFound, parseJsonBody, requireApiUser } from "~/utils/http.server";
import { GATEWAY_ID, paymentGateway } from "~/utils/payment-gateway.server";

// contests.md §7, POST /api/payment/verify: { orderId, paymentId, signature } → { success }.
// The same verification path as the callback; only the order's own student may call it.
const Body = z.object({ orderId: z.string().regex(GATEWAY_ID), paymentId: z.string().regex(GATEWAY_ID), signature: z.string().regex(/^[0-9a-f]{1,128}$/i) });

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const body = await parseJsonBody(request, Body);
  const owner = await orderOwner(db, body.orderId);
  if (!owner || owner.userId !== user.id) return Response.json({ success: false, error: "Payment verification failed" }, { status: 404 });
  const outcome = await confirmContestPayment(db, paymentGateway(), { ...body, now: new Date() });
  if (queuedMail(outcome)) kickOutbox();
  const success = outcome.kind === "enrolled" || outcome.kind === "already";
  return Response.json(
    success ? { success, contestId: owner.contestId } : { success, outcome: outcome.kind, error: "Payment verification failed" },
    { status: success ? 200 : 400 },
  );
}

export function loader() {
  notFound();
}
