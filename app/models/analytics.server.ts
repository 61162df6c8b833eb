import type { DbOrTx } from "~/db/client.server";
import { analytics_events } from "~/db/schema";
import { consume, LIMITS } from "~/utils/rate-limit.server";

// Only names we emit are stored, so the endpoint cannot be used as free storage.
export const EVENT_NAMES = ["Page view", "Outbound click"] as const;

/** Stores known events; "limited" once an address sends more than a person could. */
export async function recordEvents(
  db: DbOrTx,
  input: { names: string[]; label: string; path: string; target: string; userId: string | null; ip: string; now: Date },
): Promise<"saved" | "invalid" | "limited"> {
  const names = [...new Set(input.names)].filter((n): n is (typeof EVENT_NAMES)[number] =>
    (EVENT_NAMES as readonly string[]).includes(n),
  );
  if (names.length === 0) return "invalid";
  if (await consume(db, `events:ip:${input.ip}`, LIMITS.eventsPerIp, input.now)) return "limited";
  await db.insert(analytics_events).values(
    names.map((name) => ({
      name,
      label: input.label.slice(0, 50) || null,
      path: input.path.slice(0, 300) || null,
      target: input.target.slice(0, 300) || null,
      user_id: input.userId,
    })),
  );
  return "saved";
}
