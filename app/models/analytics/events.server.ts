import type { DbOrTx } from "~/db/client.server";
import { analytics_events } from "~/db/schema";
import { consume, LIMITS } from "~/services/rate-limit.server";

// Only names we emit are stored, so the endpoint cannot be used as free storage.
export const EVENT_NAMES = ["Page view", "Outbound click"] as const;

// A label is a short word or two ('User'); paths are our own, as the browser encodes them.
const LABEL = /^[\w .-]{0,50}$/;
const PATH = /^\/(?![/\\])[\x21-\x7e]{0,299}$/;

/** Empty, or a path on this site (never `//host` or `/\host`), printable ASCII, at most 300 characters. */
export function isSameSitePath(value: string) {
  return value === "" || PATH.test(value);
}

/** Stores known events; "limited" once an address sends more than a person could. */
export async function recordEvents(
  db: DbOrTx,
  input: { names: string[]; label: string; path: string; target: string; userId: string | null; ip: string; now: Date },
): Promise<"saved" | "invalid" | "limited"> {
  const names = [...new Set(input.names)].filter((n): n is (typeof EVENT_NAMES)[number] =>
    (EVENT_NAMES as readonly string[]).includes(n),
  );
  if (names.length === 0 || !isSameSitePath(input.path) || !isSameSitePath(input.target) || !LABEL.test(input.label)) {
    return "invalid";
  }
  if (await consume(db, `events:ip:${input.ip}`, LIMITS.eventsPerIp, input.now)) return "limited";
  await db.insert(analytics_events).values(
    names.map((name) => ({
      name,
      label: input.label || null,
      path: input.path || null,
      target: input.target || null,
      user_id: input.userId,
    })),
  );
  return "saved";
}
