// The contest clock (docs/product/design.md §4, Clock): the server is the only clock; the deadline is
// min(start_time + duration, end_time); answers still in flight are taken for a short
// grace after it. An entry given extra time (an accommodation) has its own, later
// deadline; the test closes for everyone after the last one. The same rule in SQL is
// in ./deadline.server.ts, built from these.

/** Answers arriving later than this after the deadline are refused (network slack, not extra time). */
export const ANSWER_GRACE_MS = 10_000;

type Timed = { start_time: Date; end_time: Date; duration_minutes: number };
/** A contest with the largest extra time of any of its entries (contests.longest_extra_minutes). */
type Closing = Timed & { longest_extra_minutes: number };

/** The server's deadline: min(start + duration, end). */
export function contestDeadline(contest: Timed) {
  return new Date(Math.min(contest.start_time.getTime() + contest.duration_minutes * 60_000, contest.end_time.getTime()));
}

/** One entry's deadline: the contest's, moved by that entry's extra time only. */
export function entryDeadline(contest: Timed, extraMinutes: number) {
  return new Date(contestDeadline(contest).getTime() + extraMinutes * 60_000);
}

/** When the test closes for everyone (the last deadline and its grace over): scores, ranks and the key appear then. */
export function testClosesAt(contest: Closing) {
  return new Date(entryDeadline(contest, contest.longest_extra_minutes).getTime() + ANSWER_GRACE_MS);
}

/**
 * Whether the test has closed for everyone. Before that nothing derived from the key
 * (a score, a rank, the leaderboard) is shown, even to a student who submitted early:
 * three throwaway accounts would otherwise learn the key while others still answer.
 */
export function isTestClosed(contest: Closing, now: Date) {
  return testClosesAt(contest).getTime() < now.getTime();
}

/** Whether the contest has ended and every entry's time and grace are over, so it can be finalised. */
export function isContestOver(contest: Closing, now: Date) {
  return Math.max(contest.end_time.getTime(), entryDeadline(contest, contest.longest_extra_minutes).getTime()) + ANSWER_GRACE_MS < now.getTime();
}
