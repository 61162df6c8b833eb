// The dashboard's rules (contests.md §2 Dashboard), pure so each is unit-tested: which
// entries are upcoming and which past, in what order, and the four totals.

export type DashboardEntry = {
  contest_start_time: Date;
  contest_end_time: Date;
  has_submitted: boolean;
  contest_rank: number | null;
  contest_prize_amount: number | null;
};

/**
 * Upcoming: not submitted and not over, the contest about to start first. Past:
 * submitted or over, the most recent first.
 */
export function splitEntries<E extends DashboardEntry>(entries: E[], now: Date) {
  const isUpcoming = (e: E) => !e.has_submitted && e.contest_end_time > now;
  const by = (e: E) => e.contest_start_time.getTime();
  return {
    upcoming: entries.filter(isUpcoming).sort((a, b) => by(a) - by(b)),
    past: entries.filter((e) => !isUpcoming(e)).sort((a, b) => by(b) - by(a)),
  };
}

/** The four stats: upcoming, completed (submitted), total prize money won, best rank (null when none). */
export function dashboardStats(split: { upcoming: DashboardEntry[]; past: DashboardEntry[] }) {
  const ranks = split.past.map((e) => e.contest_rank).filter((r): r is number => r !== null);
  return {
    upcoming: split.upcoming.length,
    completed: split.past.filter((e) => e.has_submitted).length,
    totalWon: split.past.reduce((sum, e) => sum + (e.contest_prize_amount ?? 0), 0),
    bestRank: ranks.length ? Math.min(...ranks) : null,
  };
}
