import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { readShiprocketWebhook, shiprocketWebhookToken } from "~/models/store/orders/shiprocket.server";
import { carrierPushed } from "~/models/store/orders/shipments.server";
import { readJson } from "~/utils/forms.server";
import { notFound } from "~/utils/http.server";
import { WEBHOOK_BODY } from "~/utils/request-guard";
import type { RequestPolicy } from "~/server/policy";

// Shiprocket's tracking webhook (issue 49, point 2; docs/decisions/marketplace-carriers.md). Its
// only proof of origin is the token set in its panel, sent as x-api-key (it signs nothing); a
// report only ever moves a parcel forward (models/store/orders/shipments.ts), so a replayed or
// reordered one changes nothing, and the poll asks Shiprocket itself anyway. Shiprocket
// refuses a webhook address containing "shiprocket" or "sr": hence "parcels".

const json = (body: unknown, status = 200) => Response.json(body, { status });

/** Shiprocket's JSON, posted from its servers: its token, not the Origin, is the check. */
export const requestPolicy: RequestPolicy = { body: WEBHOOK_BODY, crossSite: "signed" };

export async function action({ request }: ActionFunctionArgs) {
  const isOurs = shiprocketWebhookToken();
  if (!isOurs) notFound();
  if (!isOurs(request.headers.get("x-api-key"))) return json({ error: "token" }, 401);
  const { value } = await readJson(request, WEBHOOK_BODY);
  const pushed = readShiprocketWebhook(value);
  // Anything else (a test ping, a parcel not ours) is acknowledged, so Shiprocket does not retry it.
  if (!pushed) return json({ ok: true, ignored: true });
  const outcome = await carrierPushed(db, "shiprocket", pushed.awb, pushed.reports, new Date());
  return json({ ok: true, parcel: outcome });
}

export function loader() {
  notFound();
}
