// What the answers say (issue 47, point 4): each signal of an entry, explained in words a
// reviewer understands, and the credibility they give together: High, Medium or Low.
// A credibility only orders the review screen and explains it: no signal, and no
// credibility, ever decides; a person does (./review.server.ts).
import type { Msg } from "~/utils/i18n";

/** Shared wrong answers that few others gave: this many, and this share of the fewer wrong answers of the two, is Low. */
export const COPY_SHARED_LOW = 4;
export const COPY_RATIO_LOW = 0.6;
/** … and this many, at half, is Medium. */
export const COPY_SHARED_MEDIUM = 2;
export const COPY_RATIO_MEDIUM = 0.5;
/** An answer saved less than this after the previous one (or the start) was not read. */
export const FAST_SECONDS = 5;
/** Right answers that fast: this many and at least half of the right ones is Low; this many is Medium. */
export const FAST_LOW = 5;
export const FAST_MEDIUM = 3;
/** Other entrants who started on the same device: one is Medium (a shared family laptop), this many is Low. */
export const DEVICE_LOW = 2;
/**
 * Other entrants who started from the same network address: from this many to fewer than
 * ADDRESS_CROWD is Medium. One other is a home; a crowd is a hostel, a college or a mobile
 * network (Indian carriers put thousands behind one address), which says nothing.
 */
export const ADDRESS_MEDIUM = 2;
export const ADDRESS_CROWD = 10;
/** Browser events (fullscreen left, tab hidden, camera stopped): this many is Medium. */
export const EVENTS_MEDIUM = 3;

export type Credibility = "high" | "medium" | "low";

export type Signals = {
  /** Other entrants who gave the same rare wrong answers: how many, and the share of the fewer wrong answers of the two. */
  copying: Array<{ name: string; shared: number; ratio: number }>;
  fastRight: number;
  right: number;
  /** Other entrants who started on this entry's device (a few names, and how many in all). */
  sameDevice: { names: string[]; count: number };
  /** Other entrants who started from this entry's network address. */
  sameAddress: number;
  /** Browser and face-check events, less `not_monitored`. */
  events: number;
  /** The face check could not run on the device: a person should look, but it is no penalty. */
  notMonitored: boolean;
};

/** An entry with no signal at all. */
export const NOTHING: Signals = { copying: [], fastRight: 0, right: 0, sameDevice: { names: [], count: 0 }, sameAddress: 0, events: 0, notMonitored: false };

export function credibility(s: Signals): { level: Credibility; reasons: Msg[] } {
  const reasons: Msg[] = [];
  let level: Credibility = "high";
  const lower = (to: Credibility) => {
    if (to === "low" || (to === "medium" && level === "high")) level = to;
  };
  for (const pair of s.copying) {
    const strong = pair.shared >= COPY_SHARED_LOW && pair.ratio >= COPY_RATIO_LOW;
    if (!strong && !(pair.shared >= COPY_SHARED_MEDIUM && pair.ratio >= COPY_RATIO_MEDIUM)) continue;
    lower(strong ? "low" : "medium");
    reasons.push({ id: "review.signal.copying", values: { shared: pair.shared, name: pair.name, percent: Math.round(pair.ratio * 100) } });
  }
  if (s.fastRight >= FAST_MEDIUM) {
    lower(s.fastRight >= FAST_LOW && s.fastRight * 2 >= s.right ? "low" : "medium");
    reasons.push({ id: "review.signal.fast", values: { count: s.fastRight, right: s.right, seconds: FAST_SECONDS } });
  }
  if (s.sameDevice.count > 0) {
    lower(s.sameDevice.count >= DEVICE_LOW ? "low" : "medium");
    reasons.push({ id: "review.signal.device", values: { count: s.sameDevice.count, names: s.sameDevice.names.join(", ") } });
  }
  if (s.sameAddress >= ADDRESS_MEDIUM && s.sameAddress < ADDRESS_CROWD) {
    lower("medium");
    reasons.push({ id: "review.signal.address", values: { count: s.sameAddress } });
  }
  if (s.events >= EVENTS_MEDIUM) {
    lower("medium");
    reasons.push({ id: "review.signal.events", values: { count: s.events } });
  }
  if (s.notMonitored) {
    lower("medium");
    reasons.push({ id: "review.signal.notMonitored" });
  }
  return { level, reasons };
}
