// The one question that says the database is there, asked with a deadline: by the health
// check a load balancer reads (app/routes/healthz.tsx) and by each instance's watch on its
// database (app/server/outage-watch.server.ts), so both mean the same by "down".
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { systemClock, type Clock } from "~/utils/clock";

/**
 * How long the question waits. A page waits longer, but a load balancer must hear "not now"
 * while an admin's long statement holds the embedded database, not silence (issue 44, point 3).
 */
export const HEALTH_DEADLINE_MS = 2_000;

/**
 * "ok" once the database answers, "late" if it has not within `ms`; rejects when it cannot
 * be reached. A real table, read as the app reads it: a changed role, a hidden table or a
 * broken session fail here as they would fail every page (SELECT 1 passed through all three).
 */
export async function askDatabase(db: Db, ms = HEALTH_DEADLINE_MS, clock: Clock = systemClock): Promise<"ok" | "late"> {
  const check = db.execute(sql`SELECT count(*) FROM (SELECT 1 FROM contests LIMIT 1) AS one`).then(() => "ok" as const);
  let cancel = () => {};
  const late = new Promise<"late">((resolve) => (cancel = clock.after(ms, () => resolve("late"))));
  try {
    return await Promise.race([check, late]);
  } finally {
    cancel();
    // A check that lost the race still settles later: never an unhandled rejection.
    check.catch(() => {});
  }
}
