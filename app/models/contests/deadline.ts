// The contest clock (DESIGN.md §4, Clock): the server is the only clock; the deadline is
// min(start_time + duration, end_time); answers still in flight are taken for a short
// grace after it. The same rule in SQL is in ./deadline.server.ts, built from these.

/** Answers arriving later than this after the deadline are refused (network slack, not extra time). */
export const ANSWER_GRACE_MS = 10_000;

type Timed = { start_time: Date; end_time: Date; duration_minutes: number };

/** The server's deadline: min(start + duration, end). */
export function contestDeadline(contest: Timed) {
  return new Date(Math.min(contest.start_time.getTime() + contest.duration_minutes * 60_000, contest.end_time.getTime()));
}

/** Whether the test has closed for everyone (deadline and grace over): from then on the key may be shown. */
export function isTestClosed(contest: Timed, now: Date) {
  return contestDeadline(contest).getTime() + ANSWER_GRACE_MS < now.getTime();
}

/** Whether the contest has ended and its grace is over, so it can be finalised. */
export function isContestOver(contest: { end_time: Date }, now: Date) {
  return contest.end_time.getTime() + ANSWER_GRACE_MS < now.getTime();
}
