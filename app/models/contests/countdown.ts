// Countdown labels from contests.md §2 and §4. Every function takes `now` so that the
// server renders the same text the client shows on its first paint (no hydration
// mismatch), and so tests need no fake timers.
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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

/** The home page card: 'LIVE NOW', 'Starts in {d}d {h}h' or 'Starts in {h}h {m}m {s}s'. */
export function homeCountdown(start: Date, now: Date): { label: string; tone: Tone } {
  const left = start.getTime() - now.getTime();
  if (left <= 0) return { label: "LIVE NOW", tone: "green" };
  const { d, h, m, s } = parts(left);
  if (d >= 1) return { label: `Starts in ${d}d ${h}h`, tone: "blue" };
  return { label: `Starts in ${h}h ${m}m ${s}s`, tone: "orange" };
}

/** The contest list: 'ENDED', 'ENDS IN {d}d {h}h {m}m' or 'STARTS IN {d}d {h}h'. */
export function contestTimingLabel(start: Date, end: Date, now: Date): { label: string; tone: Tone } {
  const t = now.getTime();
  if (t >= end.getTime()) return { label: "ENDED", tone: "gray" };
  if (t >= start.getTime()) {
    const { d, h, m } = parts(end.getTime() - t);
    return { label: `ENDS IN ${d}d ${h}h ${m}m`, tone: "green" };
  }
  const { d, h } = parts(start.getTime() - t);
  return { label: `STARTS IN ${d}d ${h}h`, tone: "blue" };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The dashboard: optional days plus HH:MM:SS, e.g. '2d 03:04:05' or '03:04:05'. */
export function clockCountdown(start: Date, now: Date): string {
  const { d, h, m, s } = parts(start.getTime() - now.getTime());
  const hms = `${pad(h)}:${pad(m)}:${pad(s)}`;
  return d > 0 ? `${d}d ${hms}` : hms;
}

/** The confirmation page's live relative time: 'starts in 2 days', 'starts in 3 hours', 'has started'. */
export function relativeStart(start: Date, now: Date): string {
  const ms = start.getTime() - now.getTime();
  if (ms <= 0) return "has started";
  const { d, h, m } = parts(ms);
  if (d > 0) return `starts in ${d} ${d === 1 ? "day" : "days"}${h > 0 ? ` ${h} ${h === 1 ? "hour" : "hours"}` : ""}`;
  if (h > 0) return `starts in ${h} ${h === 1 ? "hour" : "hours"} ${m} ${m === 1 ? "minute" : "minutes"}`;
  const minutes = Math.max(1, m);
  return `starts in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}
