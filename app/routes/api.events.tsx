import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { recordEvents } from "~/models/analytics/events.server";
import { clientIp, getUserId } from "~/models/accounts/auth.server";
import { readForm } from "~/utils/forms.server";
import { notFound } from "~/utils/http.server";

// First-party analytics, posted with navigator.sendBeacon (no third-party script).
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, ["name", "label", "path", "target"]);
  const outcome = await recordEvents(db, {
    names: form.getAll("name").map(String),
    label: String(form.get("label") ?? ""),
    path: String(form.get("path") ?? ""),
    target: String(form.get("target") ?? ""),
    userId: await getUserId(request, context),
    ip: clientIp(context),
    now: new Date(),
  });
  return new Response(null, { status: { saved: 204, invalid: 400, limited: 429 }[outcome] });
}

export function loader() {
  notFound();
}
