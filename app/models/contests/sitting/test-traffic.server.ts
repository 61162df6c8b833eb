// What one test-taker may ask of the test API (docs/product/design.md §4) before any database work:
// answers, the start, events and the submission share one allowance per browser session
// and contest, a rate and a number in flight. The island sends one answer at a time and
// a handful of events, so a real student never meets it; a script that floods is
// answered 429 from memory, and the others keep the connection pool.
import { createFlowLimiter, type FlowLimit } from "~/utils/flow-limit";
import { MAX_EVENTS_PER_ENTRY } from "~/models/contests/sitting/test-taking.server";

export const TEST_API_LIMIT: FlowLimit = { perSecond: 10, burst: 30, inFlight: 4 };

const perEntry = createFlowLimiter(TEST_API_LIMIT);

/** Admits one request of a session to a contest's test API, or says when to come back. */
export const admitTestRequest = (sessionKey: string, contestId: string) => perEntry.admit(`${sessionKey}:${contestId}`);

// Proctoring events past the cap are not stored (the database refuses them too); once a
// session has sent that many, later ones are answered here without a query.
const eventsSent = new Map<string, number>();
const MAX_TRACKED = 50_000;

/** Counts one proctoring event; false once the session has sent the cap for this contest. */
export function takeEventSlot(sessionKey: string, contestId: string) {
  const key = `${sessionKey}:${contestId}`;
  const sent = eventsSent.get(key) ?? 0;
  if (sent >= MAX_EVENTS_PER_ENTRY) return false;
  // Oldest first out: a forgotten key only means the database's own cap answers again.
  if (sent === 0 && eventsSent.size >= MAX_TRACKED) eventsSent.delete(eventsSent.keys().next().value!);
  eventsSent.set(key, sent + 1);
  return true;
}
