import { expect, test } from "vitest";
import { dashboardStats, splitEntries } from "~/models/contests/dashboard";

const now = new Date("2026-11-22T10:00:00Z");
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const entry = (name: string, startIn: number, endIn: number, more: { has_submitted?: boolean; contest_rank?: number | null; contest_prize_amount?: number | null } = {}) => ({
  name,
  contest_start_time: at(startIn),
  contest_end_time: at(endIn),
  has_submitted: more.has_submitted ?? false,
  contest_rank: more.contest_rank ?? null,
  contest_prize_amount: more.contest_prize_amount ?? null,
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

test("stats: completed counts submissions only; prizes add up; the best rank is the lowest number", () => {
  const split = splitEntries(
    [
      entry("won", -300, -240, { has_submitted: true, contest_rank: 3, contest_prize_amount: 500 }),
      entry("won more", -600, -540, { has_submitted: true, contest_rank: 1, contest_prize_amount: 1200 }),
      entry("missed", -200, -140),
      entry("soon", 60, 120),
    ],
    now,
  );
  expect(dashboardStats(split)).toEqual({ upcoming: 1, completed: 2, totalWon: 1700, bestRank: 1 });
  expect(dashboardStats(splitEntries([entry("soon", 60, 120)], now))).toEqual({ upcoming: 1, completed: 0, totalWon: 0, bestRank: null });
});
