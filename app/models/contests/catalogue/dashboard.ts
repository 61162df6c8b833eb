// The dashboard's rules (docs/product/contests.md §2 Dashboard), pure so each is unit-tested: which
// entries are upcoming and which past, in what order, what a past card may say, and
// the four totals.
import { entryDeadline, isTestClosed, testClosesAt } from "~/models/contests/sitting/deadline";
import { challengeWindow, isWindowOpen, resultsPhase } from "~/models/contests/challenges/challenges";

export type DashboardEntry = {
  contest_start_time: Date;
  contest_end_time: Date;
  contest_duration_minutes: number;
  has_submitted: boolean;
  contest_score: number | null;
  contest_rank: number | null;
  contest_prize_amount: number | null;
  answered: number | null;
  finalized: boolean;
  /** The contest's largest extra time: its test closes for everyone after that. */
  longest_extra_minutes: number;
  /** This entry's own extra time (an accommodation): its deadline moves, nobody else's. */
  extra_minutes: number;
  /** Hours the provisional key may be challenged after the close. */
  challenge_window_hours: number;
};

export type PastResult =
  | { kind: "pending"; scoresAt: Date } // submitted; the test is still open for others
  | { kind: "missed" } // never submitted
  | { kind: "blank" } // submitted with no saved answer: no score, no rank
  /** Closed, not final: the key may be challenged until `challengesEndAt` (when open), or challenges are under review. */
  | { kind: "provisional"; score: number; phase: "provisional" | "review"; challengesEndAt: Date | null }
  | { kind: "final"; score: number; rank: number | null; prize: number };

/**
 * What a past card may show. Nothing derived from the key before the test has closed
 * for everyone (the same rule as the results page); ranks and prizes once finalised.
 */
export function pastResult(entry: DashboardEntry, now: Date): PastResult {
  const contest = {
    start_time: entry.contest_start_time,
    end_time: entry.contest_end_time,
    duration_minutes: entry.contest_duration_minutes,
    longest_extra_minutes: entry.longest_extra_minutes,
    challenge_window_hours: entry.challenge_window_hours,
  };
  if (!entry.has_submitted) return { kind: "missed" };
  if (!isTestClosed(contest, now)) return { kind: "pending", scoresAt: testClosesAt(contest) };
  if (!entry.answered) return { kind: "blank" };
  if (!entry.finalized) {
    const phase = resultsPhase({ ...contest, finalized: false }, now) === "review" ? "review" : "provisional";
    return { kind: "provisional", score: entry.contest_score ?? 0, phase, challengesEndAt: isWindowOpen(contest, now) ? challengeWindow(contest).endsAt : null };
  }
  return { kind: "final", score: entry.contest_score ?? 0, rank: entry.contest_rank, prize: entry.contest_prize_amount ?? 0 };
}

/** This entry's own deadline (the contest's, moved by its extra time only). */
export function yourDeadline(entry: DashboardEntry) {
  return entryDeadline({ start_time: entry.contest_start_time, end_time: entry.contest_end_time, duration_minutes: entry.contest_duration_minutes }, entry.extra_minutes);
}

/**
 * Upcoming: not submitted and not over for this entry (a student with extra time may
 * still be sitting the test after the contest's end), the contest about to start
 * first. Past: submitted or over, the most recent first.
 */
export function splitEntries<E extends DashboardEntry>(entries: E[], now: Date) {
  const isUpcoming = (e: E) => !e.has_submitted && Math.max(e.contest_end_time.getTime(), yourDeadline(e).getTime()) > now.getTime();
  const by = (e: E) => e.contest_start_time.getTime();
  return {
    upcoming: entries.filter(isUpcoming).sort((a, b) => by(a) - by(b)),
    past: entries.filter((e) => !isUpcoming(e)).sort((a, b) => by(b) - by(a)),
  };
}

/** The four stats: upcoming, completed (submitted), prize money won and best rank, both once finalised (null when none). */
export function dashboardStats(split: { upcoming: DashboardEntry[]; past: DashboardEntry[] }) {
  const ranks = split.past.flatMap((e) => (e.finalized && e.contest_rank !== null ? [e.contest_rank] : []));
  return {
    upcoming: split.upcoming.length,
    completed: split.past.filter((e) => e.has_submitted).length,
    totalWon: split.past.reduce((sum, e) => sum + (e.finalized ? (e.contest_prize_amount ?? 0) : 0), 0),
    bestRank: ranks.length ? Math.min(...ranks) : null,
  };
}
