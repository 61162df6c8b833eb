import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { log } from "~/services/log.server";
import type { RequestPolicy } from "~/server/policy";

// For load balancers: 200 once the database answers, 503 while it does not.
/** Never shed; fails while the instance drains (app/server/front-door.server.ts). */
export const requestPolicy: RequestPolicy = { healthCheck: true };

export async function loader() {
  const headers = { "Cache-Control": "no-store", "Content-Type": "application/json" };
  try {
    await db.execute(sql`SELECT 1`);
    return new Response(JSON.stringify({ status: "ok" }), { headers });
  } catch (error) {
    log().error({ err: error }, "health check: database unreachable");
    return new Response(JSON.stringify({ status: "database unreachable" }), { status: 503, headers });
  }
}
