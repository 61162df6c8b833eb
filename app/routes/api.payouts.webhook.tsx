import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { db } from "~/db/client.server";
import { GATEWAY_ID } from "~/models/payments/gateway.server";
import { fromPayoutEntity, payoutGateway, payoutWebhookVerifier } from "~/models/payments/payout-gateway.server";
import { recordPayoutEvent } from "~/models/payments/payout-sender.server";
import { kickOutbox } from "~/services/email.server";
import { readJson } from "~/utils/forms.server";
import { notFound } from "~/utils/http.server";
import { WEBHOOK_BODY } from "~/utils/request-guard";
import type { RequestPolicy } from "~/server/policy";

// RazorpayX's payout events (payout.processed, .reversed, .failed, …). The signature,
// HMAC-SHA256 of the raw body with RAZORPAYX_WEBHOOK_SECRET, is its only credential.
// Events come more than once and in any order; a payout only ever moves forward
// (models/payments/payout-sender.server.ts), so each changes it at most once.
const PayoutEvent = z.object({
  event: z.string().max(60),
  payload: z.object({
    payout: z.object({
      entity: z.object({
        id: z.string().regex(GATEWAY_ID),
        status: z.string().max(40),
        utr: z.string().max(64).nullish(),
        reference_id: z.string().max(64).nullish(),
        failure_reason: z.string().max(500).nullish(),
        status_details: z.object({ description: z.string().max(500).nullish() }).nullish(),
      }),
    }),
  }),
});

const json = (body: unknown, status = 200) => Response.json(body, { status });

/** RazorpayX's JSON, posted from its servers: its signature, not the Origin, is the check. */
export const requestPolicy: RequestPolicy = { body: WEBHOOK_BODY, crossSite: "signed" };

export async function action({ request }: ActionFunctionArgs) {
  const isSigned = payoutWebhookVerifier();
  const gateway = payoutGateway();
  if (!isSigned || !gateway) notFound();
  const { raw, value } = await readJson(request, WEBHOOK_BODY);
  if (!isSigned(raw, request.headers.get("X-Razorpay-Signature") ?? "")) return json({ error: "signature" }, 400);
  const parsed = PayoutEvent.safeParse(value);
  // Events we do not act on are acknowledged, so RazorpayX does not retry them.
  if (!parsed.success || !parsed.data.event.startsWith("payout.")) return json({ ok: true, ignored: true });
  const moved = await recordPayoutEvent(db, fromPayoutEntity(parsed.data.payload.payout.entity), gateway.kind, new Date());
  if (moved === "paid" || moved === "failed" || moved === "reversed") kickOutbox();
  return json({ ok: true, status: moved ?? "unchanged" });
}

export function loader() {
  notFound();
}
