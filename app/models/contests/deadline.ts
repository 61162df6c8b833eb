// The contest clock (docs/product/design.md §4, Clock): the server is the only clock; the deadline is
// min(start_time + duration, end_time); answers still in flight are taken for a short
// grace after it. The same rule in SQL is in ./deadline.server.ts, built from these.

/** Answers arriving later than this after the deadline are refused (network slack, not extra time). */
export const ANSWER_GRACE_MS = 10_000;

type Timed = { start_time: Date; end_time: Date; duration_minutes: number };

/** The server's deadline: min(start + duration, end). */
export function contestDeadline(contest: Timed) {
  return new Date(Math.min(contest.start_time.getTime() + contest.duration_minutes * 60_000, contest.end_time.getTime()));
}

/** When the test closes for everyone (deadline and grace over): scores, ranks and the key appear then. */
export function testClosesAt(contest: Timed) {
  return new Date(contestDeadline(contest).getTime() + ANSWER_GRACE_MS);
}

/**
 * Whether the test has closed for everyone. Before that nothing derived from the key
 * (a score, a rank, the leaderboard) is shown, even to a student who submitted early:
 * three throwaway accounts would otherwise learn the key while others still answer.
 */
export function isTestClosed(contest: Timed, now: Date) {
  return testClosesAt(contest).getTime() < now.getTime();
}

/** Whether the contest has ended and its grace is over, so it can be finalised. */
export function isContestOver(contest: { end_time: Date }, now: Date) {
  return contest.end_time.getTime() + ANSWER_GRACE_MS < now.getTime();
}
