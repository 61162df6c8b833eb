import { expect, test } from "vitest";
import { backoffMs } from "~/utils/backoff";
import { createFlowLimiter } from "~/utils/flow-limit";

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

test("a key gets its burst, then one more per 1/rate seconds, and says when to come back", () => {
  const c = clock();
  const limiter = createFlowLimiter({ perSecond: 2, burst: 3, inFlight: 100 }, { now: c.now });
  const results = Array.from({ length: 4 }, () => limiter.admit("a"));
  results.forEach((r) => r.ok && r.release());
  expect(results.map((r) => r.ok)).toEqual([true, true, true, false]);
  expect(results[3]).toEqual({ ok: false, retryAfterS: 1 });
  c.advance(499);
  expect(limiter.admit("a").ok).toBe(false);
  c.advance(1);
  expect(limiter.admit("a").ok).toBe(true);
  // Another key is not held back by the first.
  expect(limiter.admit("b").ok).toBe(true);
});

test("at most inFlight at once per key; a release (once, however often called) frees a place", () => {
  const limiter = createFlowLimiter({ perSecond: 1000, burst: 1000, inFlight: 2 });
  const first = limiter.admit("a");
  const second = limiter.admit("a");
  expect([first.ok, second.ok]).toEqual([true, true]);
  expect(limiter.admit("a")).toEqual({ ok: false, retryAfterS: 1 });
  if (first.ok) {
    first.release();
    first.release();
  }
  expect(limiter.admit("a").ok).toBe(true);
  expect(limiter.admit("a").ok).toBe(false);
});

test("the map of keys stays bounded: idle keys are forgotten first, busy ones kept", () => {
  const limiter = createFlowLimiter({ perSecond: 1, burst: 1, inFlight: 1 }, { maxKeys: 10 });
  const busy = limiter.admit("busy");
  for (let i = 0; i < 1000; i++) {
    const r = limiter.admit(`k${i}`);
    if (r.ok) r.release();
  }
  expect(limiter.size()).toBeLessThanOrEqual(10);
  expect(busy.ok).toBe(true);
  // The busy key was not forgotten: it is still at its ceiling.
  expect(limiter.admit("busy").ok).toBe(false);
});

test("backoff doubles up to its ceiling and is spread from half to one and a half times", () => {
  const options = { baseMs: 5000, maxMs: 300_000 };
  expect([0, 1, 2, 3].map((n) => backoffMs(n, options, () => 0.5))).toEqual([5000, 10_000, 20_000, 40_000]);
  expect(backoffMs(50, options, () => 0.5)).toBe(300_000);
  expect(backoffMs(0, options, () => 0)).toBe(2500);
  expect(backoffMs(0, options, () => 0.999)).toBe(7495);
});
