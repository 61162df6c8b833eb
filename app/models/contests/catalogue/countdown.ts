// Countdown labels from docs/product/contests.md §2 and §4. Every function takes `now` so that the
// server renders the same text the client shows on its first paint (no hydration
// mismatch), and so tests need no fake timers.
import type { Msg } from "~/utils/i18n";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, "0");

function parts(ms: number) {
  const total = Math.max(0, ms);
  return {
    d: Math.floor(total / DAY),
    h: Math.floor((total % DAY) / HOUR),
    m: Math.floor((total % HOUR) / MINUTE),
    s: Math.floor((total % MINUTE) / SECOND),
  };
}

export type Tone = "green" | "blue" | "orange" | "gray";

/**
 * How long until a start, by one rule on every page that counts down (the list, the
 * home page, the dashboard, the camera check and the waiting room): a day or more in
 * days and hours ('2d 5h'), less in hours, minutes and seconds ('3h 4m 5s'), the last
 * hour in minutes and seconds ('3m 05s'), never '0d 0h'. As a message, in either language.
 */
export function timeUntilMessage(start: Date, now: Date): Msg {
  const { d, h, m, s } = parts(start.getTime() - now.getTime());
  if (d >= 1) return { id: "contests.until.days", values: { d, h } };
  if (h >= 1) return { id: "contests.until.hours", values: { h, m, s } };
  return { id: "contests.until.minutes", values: { m, s: pad(s) } };
}

/** The home page card: 'LIVE NOW', else 'Starts in …' (blue a day or more ahead, orange within a day). */
export function homeCountdown(start: Date, now: Date): { message: Msg; tone: Tone } {
  const left = start.getTime() - now.getTime();
  if (left <= 0) return { message: { id: "contests.liveNow" }, tone: "green" };
  return { message: { id: "contests.startsIn", values: { time: timeUntilMessage(start, now) } }, tone: left >= DAY ? "blue" : "orange" };
}

/** The contest list: 'ENDED', 'ENDS IN {d}d {h}h {m}m' or 'STARTS IN …' by the one rule of timeUntil. */
export function contestTimingLabel(start: Date, end: Date, now: Date): { message: Msg; tone: Tone } {
  const t = now.getTime();
  if (t >= end.getTime()) return { message: { id: "contests.timing.ended" }, tone: "gray" };
  if (t >= start.getTime()) {
    const { d, h, m } = parts(end.getTime() - t);
    return { message: { id: "contests.timing.endsIn", values: { d, h, m } }, tone: "green" };
  }
  return { message: { id: "contests.timing.startsIn", values: { time: timeUntilMessage(start, now) } }, tone: "blue" };
}

/** The confirmation page's live relative time: 'starts in 2 days', 'starts in 3 hours', 'has started'. */
export function relativeStart(start: Date, now: Date): Msg {
  const ms = start.getTime() - now.getTime();
  if (ms <= 0) return { id: "contest.done.hasStarted" };
  const { d, h, m } = parts(ms);
  const startsIn = (time: Msg): Msg => ({ id: "contest.done.startsIn", values: { time } });
  if (d > 0) return startsIn(h > 0 ? { id: "contest.done.daysHours", values: { d, h } } : { id: "contest.done.days", values: { d } });
  if (h > 0) return startsIn({ id: "contest.done.hoursMinutes", values: { h, m } });
  return startsIn({ id: "contest.done.minutes", values: { m: Math.max(1, m) } });
}
