import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { db } from "~/db/client.server";
import { noteFailedAttempt, queuedMail, settlePayment } from "~/models/fulfilments.server";
import { GATEWAY_ID, webhookVerifier } from "~/models/payments/gateway.server";
import { kickOutbox } from "~/services/email.server";
import { readJson } from "~/utils/forms.server";
import { notFound } from "~/utils/http.server";
import { WEBHOOK_BODY } from "~/utils/request-guard";
import type { RequestPolicy } from "~/server/policy";

// Razorpay's server-to-server notice (docs/product/design.md §5). Its signature, HMAC-SHA256 of the
// raw body with RAZORPAY_WEBHOOK_SECRET, is its only credential; the path is exempt
// from the cross-site check. Idempotent by payment: a notice that arrives twice, or
// before or after the student's own callback, records the payment once.
const PaymentEvent = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({
      entity: z.object({ id: z.string().regex(GATEWAY_ID), order_id: z.string().regex(GATEWAY_ID), amount: z.number().int() }),
    }),
  }),
});

const json = (body: unknown, status = 200) => Response.json(body, { status });

/** Razorpay's JSON, posted from its servers: its signature, not the Origin, is the check. */
export const requestPolicy: RequestPolicy = { body: WEBHOOK_BODY, crossSite: "signed" };

export async function action({ request }: ActionFunctionArgs) {
  const isSigned = webhookVerifier();
  if (!isSigned) notFound();
  const { raw, value } = await readJson(request, WEBHOOK_BODY);
  if (!isSigned(raw, request.headers.get("X-Razorpay-Signature") ?? "")) return json({ error: "signature" }, 400);
  const parsed = PaymentEvent.safeParse(value);
  // Events we do not act on are acknowledged, so Razorpay does not retry them.
  if (!parsed.success) return json({ ok: true, ignored: true });
  const { event, payload } = parsed.data;
  const payment = payload.payment.entity;
  if (event === "payment.failed") {
    await noteFailedAttempt(db, { orderId: payment.order_id });
    return json({ ok: true });
  }
  if (event !== "payment.captured" && event !== "order.paid") return json({ ok: true, ignored: true });
  const outcome = await settlePayment(db, {
    orderId: payment.order_id,
    paymentId: payment.id,
    verified: true,
    // Paise at the boundary; a fraction of a rupee can never match an order.
    amount: payment.amount / 100,
    now: new Date(),
  });
  if (queuedMail(outcome)) kickOutbox();
  return json({ ok: true, outcome: outcome.kind });
}

export function loader() {
  notFound();
}
