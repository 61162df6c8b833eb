import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { log } from "~/utils/log.server";

// For load balancers: 200 once the database answers, 503 while it does not.
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
