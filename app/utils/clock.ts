// The time, and the timers, of code whose rules are about time passing: the app's domain
// functions take `now: Date`, and code that must also wait (a deadline, an idle bound)
// takes a Clock. Tests hand both a clock they move themselves (tests/support/manual-clock.ts),
// so no test depends on how fast the machine runs it (docs/decisions/platform-tests-that-prove-locks.md).

export type Clock = {
  /** Milliseconds since the epoch, as Date.now(). */
  now: () => number;
  /** Calls `fn` once, `ms` from now; the answer cancels it. */
  after: (ms: number, fn: () => void) => () => void;
};

export const systemClock: Clock = {
  now: () => Date.now(),
  after: (ms, fn) => {
    const timer = setTimeout(fn, ms);
    // A pending deadline or idle bound never keeps the process (or its shutdown) alive.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** The request's clock: one a test put on the load context, else the system's. */
export function clockOf(context: { clock?: Clock } | undefined): Clock {
  return context?.clock ?? systemClock;
}

/** The request's now, for the domain functions' `now: Date`. */
export function nowOf(context: { clock?: Clock } | undefined) {
  return new Date(clockOf(context).now());
}
