import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { log } from "~/services/log.server";
import type { RequestPolicy } from "~/server/policy";

// For load balancers: 200 once the database answers, 503 while it does not.
/** Never shed; fails while the instance drains (app/server/front-door.server.ts). */
export const requestPolicy: RequestPolicy = { healthCheck: true };

/**
 * How long the check waits for the database. A page waits longer, but a load balancer
 * must hear "not now" while an admin's long statement holds the embedded database, not
 * silence (issue 44, point 3).
 */
export const HEALTH_DEADLINE_MS = 2_000;

export async function loader() {
  const headers = { "Cache-Control": "no-store", "Content-Type": "application/json" };
  // A real table, read as the app reads it: a changed role, a hidden table or a broken
  // session fail here as they would fail every page (SELECT 1 passed through all three).
  const check = db.execute(sql`SELECT count(*) FROM (SELECT 1 FROM contests LIMIT 1) AS one`).then(() => "ok" as const);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), HEALTH_DEADLINE_MS)));
  try {
    const outcome = await Promise.race([check, late]);
    if (outcome === "ok") return new Response(JSON.stringify({ status: "ok" }), { headers });
    log().error({ deadlineMs: HEALTH_DEADLINE_MS }, "health check: database did not answer in time");
    return new Response(JSON.stringify({ status: "database slow" }), { status: 503, headers });
  } catch (error) {
    log().error({ err: error }, "health check: database unreachable");
    return new Response(JSON.stringify({ status: "database unreachable" }), { status: 503, headers });
  } finally {
    clearTimeout(timer);
    // A check that lost the race still settles later: never an unhandled rejection.
    check.catch(() => {});
  }
}
