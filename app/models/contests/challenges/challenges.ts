// The provisional key and its challenge window (docs/product/design.md §4, "Provisional,
// then final"), pure so every edge is unit-tested: when the window opens and ends,
// which state a student's results are in, and what a challenge may say. The database
// side is ./challenges.server.ts; the same window in SQL is in ../sitting/deadline.server.ts.
import { isContestOver, testClosesAt } from "~/models/contests/sitting/deadline";
import type { Msg } from "~/utils/i18n";

type Windowed = Parameters<typeof testClosesAt>[0] & { challenge_window_hours: number };

/** The window opens when the test has closed for everyone (the key is shown then) and lasts the contest's hours. */
export function challengeWindow(contest: Windowed) {
  const opensAt = testClosesAt(contest);
  return { opensAt, endsAt: new Date(opensAt.getTime() + contest.challenge_window_hours * 3_600_000) };
}

/** Whether a challenge may be made at `now`: from the close, up to (not at) the window's end. */
export function isWindowOpen(contest: Windowed, now: Date) {
  const { opensAt, endsAt } = challengeWindow(contest);
  return now.getTime() > opensAt.getTime() && now.getTime() < endsAt.getTime();
}

/**
 * What a student's results are: `provisional` until the contest has ended and its
 * window is over, `review` after that until they are final (a challenge is pending,
 * or the sweep has not run yet), `final` once finalised.
 */
export type ResultsPhase = "provisional" | "review" | "final";
export function resultsPhase(contest: Windowed & { finalized: boolean }, now: Date): ResultsPhase {
  if (contest.finalized) return "final";
  return isPastWindow(contest, now) ? "review" : "provisional";
}

/** Whether the contest may be finalised at `now` as far as time goes: ended, and its window over (pending challenges are the database's to count). */
export function isPastWindow(contest: Windowed, now: Date) {
  return isContestOver(contest, now) && now.getTime() >= challengeWindow(contest).endsAt.getTime();
}

export const CHALLENGE_REASON_MAX = 500;
export const CHALLENGE_SOURCE_MAX = 500;

export const CHALLENGE_MESSAGES = {
  received: { id: "results.challenge.received" },
  twice: { id: "results.challenge.twice" },
  notYet: { id: "results.challenge.notYet" },
  closed: { id: "results.challenge.closed" },
  badOption: { id: "results.challenge.badOption" },
} as const satisfies Record<string, Msg>;
