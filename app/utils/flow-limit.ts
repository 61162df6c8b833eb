// In-process limits for hot paths, counted before any database work: a token bucket
// (a rate with a burst) and a ceiling on requests in flight, per key. Kept in memory on
// purpose: a flood must cost a Map lookup, not a query. Each instance keeps its own
// counts, so N instances allow N times the rate; that bounds one client per instance,
// which is what protects the others on it.

export type FlowLimit = { perSecond: number; burst: number; inFlight: number };

export type Admission = { ok: true; release: () => void } | { ok: false; retryAfterS: number };

type Bucket = { tokens: number; at: number; inFlight: number };

export function createFlowLimiter(limit: FlowLimit, options: { maxKeys?: number; now?: () => number } = {}) {
  const maxKeys = options.maxKeys ?? 50_000;
  const now = options.now ?? Date.now;
  const buckets = new Map<string, Bucket>();

  function refill(bucket: Bucket, t: number) {
    bucket.tokens = Math.min(limit.burst, bucket.tokens + ((t - bucket.at) / 1000) * limit.perSecond);
    bucket.at = t;
  }

  /** Forgets the oldest idle keys (a short scan), so the map stays bounded by what is in flight. */
  function prune() {
    let scanned = 0;
    for (const [key, bucket] of buckets) {
      if (buckets.size < maxKeys || ++scanned > 100) return;
      if (bucket.inFlight === 0) buckets.delete(key);
    }
  }

  function admit(key: string): Admission {
    const t = now();
    let bucket = buckets.get(key);
    if (!bucket) {
      if (buckets.size >= maxKeys) prune();
      bucket = { tokens: limit.burst, at: t, inFlight: 0 };
      buckets.set(key, bucket);
    } else refill(bucket, t);
    if (bucket.inFlight >= limit.inFlight) return { ok: false, retryAfterS: 1 };
    if (bucket.tokens < 1) return { ok: false, retryAfterS: Math.max(1, Math.ceil((1 - bucket.tokens) / limit.perSecond)) };
    bucket.tokens -= 1;
    bucket.inFlight += 1;
    const held = bucket;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        held.inFlight -= 1;
      },
    };
  }

  return { admit, size: () => buckets.size };
}

export const TOO_MANY_REQUESTS = "Too many requests; please wait a moment.";

/** The answer for a client over its limit; `Retry-After` tells the page's queue when to try again. */
function tooManyRequests(retryAfterS: number, message = TOO_MANY_REQUESTS) {
  return Response.json({ error: message }, { status: 429, headers: { "Retry-After": String(retryAfterS), "Cache-Control": "private, no-store" } });
}

/** How long a refusal waits before it is sent: about `pauseMs`, spread at random, or a flood's refused requests all come back in one wave. */
export const refusalPauseMs = (pauseMs = 2000) => pauseMs * (0.5 + Math.random());

/**
 * The same answer, given only after a pause (a timer, no work). A script that floods
 * waits for its answers, so a quick refusal only lets it send the next one at once and
 * the server spends all its time refusing; a slow one caps it at its number of
 * connections per pause (1 to 3 s). A page honouring Retry-After waits about as long anyway.
 */
export async function tooManyRequestsAfterPause(retryAfterS: number, pauseMs = 2000) {
  await new Promise((resolve) => setTimeout(resolve, refusalPauseMs(pauseMs)));
  return tooManyRequests(retryAfterS);
}
