import { expect, test } from "vitest";
import { dashboardStats, pastResult, splitEntries, yourDeadline } from "~/models/contests/catalogue/dashboard";

const now = new Date("2026-11-22T10:00:00Z");
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
type More = { has_submitted?: boolean; contest_score?: number | null; contest_rank?: number | null; contest_prize_amount?: number | null; answered?: number | null; finalized?: boolean; duration?: number; longestExtra?: number; extra?: number; windowHours?: number };
const entry = (name: string, startIn: number, endIn: number, more: More = {}) => ({
  name,
  contest_start_time: at(startIn),
  contest_end_time: at(endIn),
  contest_duration_minutes: more.duration ?? 30,
  has_submitted: more.has_submitted ?? false,
  contest_score: more.contest_score ?? null,
  contest_rank: more.contest_rank ?? null,
  contest_prize_amount: more.contest_prize_amount ?? null,
  answered: more.answered ?? null,
  finalized: more.finalized ?? false,
  longest_extra_minutes: more.longestExtra ?? more.extra ?? 0,
  extra_minutes: more.extra ?? 0,
  challenge_window_hours: more.windowHours ?? 0,
});

test("upcoming entries: not submitted and not over, the one about to start first", () => {
  const { upcoming } = splitEntries([entry("in two days", 2880, 2940), entry("in three minutes", 3, 63), entry("running", -10, 50), entry("tomorrow", 1440, 1500)], now);
  expect(upcoming.map((e) => e.name)).toEqual(["running", "in three minutes", "tomorrow", "in two days"]);
});

test("past entries: submitted or over, the most recent first", () => {
  const { upcoming, past } = splitEntries(
    [entry("last month", -43200, -43140, { has_submitted: true }), entry("submitted early, still running", -30, 30, { has_submitted: true }), entry("missed", -200, -140), entry("ends now", -60, 0)],
    now,
  );
  expect(upcoming).toEqual([]);
  expect(past.map((e) => e.name)).toEqual(["submitted early, still running", "ends now", "missed", "last month"]);
});

test("an entry with extra time stays upcoming after the contest's end, until its own deadline; nobody else's moves", () => {
  // 30 minutes from 35 minutes ago: the contest ended 5 minutes ago, but 10 extra minutes run for 5 more.
  const given = entry("given", -35, -5, { extra: 10 });
  const other = entry("other", -35, -5, { longestExtra: 10 });
  expect(yourDeadline(given)).toEqual(at(5));
  expect(yourDeadline(other)).toEqual(at(-5));
  const { upcoming, past } = splitEntries([given, other], now);
  expect(upcoming.map((e) => e.name)).toEqual(["given"]);
  expect(past.map((e) => e.name)).toEqual(["other"]);
  expect(splitEntries([given], at(5)).past.map((e) => e.name)).toEqual(["given"]);
});

test("stats: completed counts submissions only; prizes add up; the best rank is the lowest number", () => {
  const split = splitEntries(
    [
      entry("won", -300, -240, { has_submitted: true, contest_rank: 3, contest_prize_amount: 500, finalized: true }),
      entry("won more", -600, -540, { has_submitted: true, contest_rank: 1, contest_prize_amount: 1200, finalized: true }),
      entry("missed", -200, -140),
      entry("soon", 60, 120),
    ],
    now,
  );
  expect(dashboardStats(split)).toEqual({ upcoming: 1, completed: 2, totalWon: 1700, bestRank: 1 });
  expect(dashboardStats(splitEntries([entry("soon", 60, 120)], now))).toEqual({ upcoming: 1, completed: 0, totalWon: 0, bestRank: null });
});

test("a past card shows nothing derived from the key before the test has closed for everyone", () => {
  // Submitted early: the test (30 minutes from 10 minutes ago) is still open for others.
  const early = entry("early", -10, 110, { has_submitted: true, contest_score: 3, answered: 4 });
  expect(pastResult(early, now)).toEqual({ kind: "pending", scoresAt: at(20 + 10 / 60) });
  // Closed but not finalised: the score, a provisional rank, the prize after the end.
  expect(pastResult(entry("closed", -40, 80, { has_submitted: true, contest_score: 3, answered: 4 }), now)).toEqual({ kind: "provisional", score: 3, phase: "provisional", challengesEndAt: null });
  // Closed half an hour ago with a day to challenge the key; then past the day, not final yet: under review.
  const challengeable = entry("window", -40, -30, { has_submitted: true, contest_score: 3, answered: 4, windowHours: 24 });
  expect(pastResult(challengeable, now)).toEqual({ kind: "provisional", score: 3, phase: "provisional", challengesEndAt: at(24 * 60 - 30 + 10 / 60) });
  expect(pastResult(challengeable, at(24 * 60))).toEqual({ kind: "provisional", score: 3, phase: "review", challengesEndAt: null });
  expect(pastResult(entry("final", -300, -240, { has_submitted: true, contest_score: 3, answered: 4, contest_rank: 2, contest_prize_amount: 300, finalized: true }), now)).toEqual({
    kind: "final",
    score: 3,
    rank: 2,
    prize: 300,
  });
  expect(pastResult(entry("blank", -300, -240, { has_submitted: true, contest_score: 0, answered: 0, finalized: true }), now)).toEqual({ kind: "blank" });
  expect(pastResult(entry("missed", -300, -240), now)).toEqual({ kind: "missed" });
});

test("prizes and best rank count only finalised contests", () => {
  const split = splitEntries([entry("closed", -40, 80, { has_submitted: true, contest_score: 3, answered: 4, contest_rank: 1, contest_prize_amount: 900 })], now);
  expect(dashboardStats(split)).toEqual({ upcoming: 0, completed: 1, totalWon: 0, bestRank: null });
});
