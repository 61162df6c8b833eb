import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { clockOf } from "~/utils/clock";
import { askDatabase, HEALTH_DEADLINE_MS } from "~/db/health.server";
import { log } from "~/services/log.server";
import type { RequestPolicy } from "~/server/policy";

// For load balancers: 200 once the database answers, 503 while it does not.
/** Never shed; fails while the instance drains (app/server/front-door.server.ts). */
export const requestPolicy: RequestPolicy = { healthCheck: true };

export async function loader({ context }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": "no-store", "Content-Type": "application/json" };
  try {
    if ((await askDatabase(db, HEALTH_DEADLINE_MS, clockOf(context))) === "ok") return new Response(JSON.stringify({ status: "ok" }), { headers });
    log().error({ deadlineMs: HEALTH_DEADLINE_MS }, "health check: database did not answer in time");
    return new Response(JSON.stringify({ status: "database slow" }), { status: 503, headers });
  } catch (error) {
    log().error({ err: error }, "health check: database unreachable");
    return new Response(JSON.stringify({ status: "database unreachable" }), { status: 503, headers });
  }
}
