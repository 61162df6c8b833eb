// A clock that moves only when the test says (app/utils/clock.ts): a deadline or idle bound
// fires at the moment the test chooses, however busy the machine is.
import type { Clock } from "~/utils/clock";

export type ManualClock = Clock & {
  /** Moves the time on by `ms`, calling every timer that falls due on the way, in order. */
  advance: (ms: number) => void;
  /** Timers armed and not yet fired or cancelled. */
  pending: () => number;
};

/** Starts at the real now, so rows it stamps sit beside those stamped by code on the system's clock (sessions, the database's now()). */
export function manualClock(start = Date.now()): ManualClock {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    after(ms, fn) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), fn });
      return () => void timers.delete(id);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        // The earliest due timer first (ties in the order armed); one a timer arms is seen too.
        let due: [number, { at: number; fn: () => void }] | undefined;
        for (const entry of timers) if (entry[1].at <= until && (!due || entry[1].at < due[1].at)) due = entry;
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = until;
    },
    pending: () => timers.size,
  };
}

/** Waits (by turns of the event loop, with no deadline of its own) until `condition` holds. */
export async function eventually(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
