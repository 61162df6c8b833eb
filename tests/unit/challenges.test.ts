import { expect, test } from "vitest";
import { challengeWindow, isPastWindow, isWindowOpen, resultsPhase } from "~/models/contests/challenges/challenges";
import { ANSWER_GRACE_MS } from "~/models/contests/sitting/deadline";

const HOUR = 3_600_000;
const start = new Date("2026-11-20T10:00:00Z");
// 60 minutes from 10:00, ending at 11:00; one entry has 20 minutes of extra time.
const contest = { start_time: start, end_time: new Date(start.getTime() + HOUR), duration_minutes: 60, longest_extra_minutes: 20, challenge_window_hours: 24 };
const close = start.getTime() + 80 * 60_000 + ANSWER_GRACE_MS;
const at = (ms: number) => new Date(ms);

test("the window opens when the test has closed for everyone (the last deadline and its grace) and lasts the contest's hours", () => {
  expect(challengeWindow(contest)).toEqual({ opensAt: at(close), endsAt: at(close + 24 * HOUR) });
  expect(challengeWindow({ ...contest, challenge_window_hours: 48 }).endsAt).toEqual(at(close + 48 * HOUR));
});

test("a challenge may be made after the close and before the end: not at either edge", () => {
  expect(isWindowOpen(contest, at(close - 1))).toBe(false);
  expect(isWindowOpen(contest, at(close))).toBe(false);
  expect(isWindowOpen(contest, at(close + 1))).toBe(true);
  expect(isWindowOpen(contest, at(close + 24 * HOUR - 1))).toBe(true);
  expect(isWindowOpen(contest, at(close + 24 * HOUR))).toBe(false);
  expect(isWindowOpen(contest, at(close + 25 * HOUR))).toBe(false);
  // A contest without a window never takes one.
  expect(isWindowOpen({ ...contest, challenge_window_hours: 0 }, at(close + 1))).toBe(false);
});

test("results are provisional until the window is over, then under review until final", () => {
  const open = { ...contest, finalized: false };
  expect(resultsPhase(open, at(close + 1))).toBe("provisional");
  expect(resultsPhase(open, at(close + 24 * HOUR - 1))).toBe("provisional");
  expect(resultsPhase(open, at(close + 24 * HOUR))).toBe("review");
  expect(resultsPhase({ ...open, finalized: true }, at(close + 24 * HOUR))).toBe("final");
  expect(isPastWindow(contest, at(close + 24 * HOUR - 1))).toBe(false);
  expect(isPastWindow(contest, at(close + 24 * HOUR))).toBe(true);
});

test("without a window, results stay provisional until the contest has ended, however early its test closed", () => {
  // 30 minutes of a two-hour contest: the test closes at 10:30, the contest ends at 12:00.
  const short = { ...contest, end_time: new Date(start.getTime() + 2 * HOUR), duration_minutes: 30, longest_extra_minutes: 0, challenge_window_hours: 0, finalized: false };
  expect(resultsPhase(short, at(start.getTime() + HOUR))).toBe("provisional");
  expect(resultsPhase(short, at(start.getTime() + 2 * HOUR + ANSWER_GRACE_MS + 1))).toBe("review");
});
