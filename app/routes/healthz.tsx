import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";

// For load balancers: 200 once the database answers, 503 while it does not.
export async function loader() {
  const headers = { "Cache-Control": "no-store", "Content-Type": "application/json" };
  try {
    await db.execute(sql`SELECT 1`);
    return new Response(JSON.stringify({ status: "ok" }), { headers });
  } catch (error) {
    console.error("[healthz] database unreachable", error);
    return new Response(JSON.stringify({ status: "database unreachable" }), { status: 503, headers });
  }
}
