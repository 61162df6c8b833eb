// The contest clock of ./deadline.ts, in SQL, for statements that decide by it.
import { sql } from "drizzle-orm";
import { ANSWER_GRACE_MS } from "~/models/contests/sitting/deadline";

/** min(start_time + duration, end_time) of the contest row aliased `c`, as text for the hot paths' fixed statements. */
export const DEADLINE_TEXT = "LEAST(c.start_time + c.duration_minutes * interval '1 minute', c.end_time)";
/** The deadline of entry `e` of contest `c`: the contest's, moved by the entry's own extra time (an accommodation). */
export const ENTRY_DEADLINE_TEXT = `(${DEADLINE_TEXT} + e.extra_minutes * interval '1 minute')`;
/** When contest `c` closes for everyone: its last entry's deadline (the largest extra time). */
export const LAST_DEADLINE_TEXT = `(${DEADLINE_TEXT} + c.longest_extra_minutes * interval '1 minute')`;
/** The grace after the deadline in which answers still in flight are taken. */
export const GRACE_TEXT = `interval '${ANSWER_GRACE_MS} milliseconds'`;
/** When contest `c`'s challenge window ends: its hours after the close (challengeWindow in ../challenges/challenges.ts). */
export const WINDOW_END_TEXT = `(${LAST_DEADLINE_TEXT} + ${GRACE_TEXT} + c.challenge_window_hours * interval '1 hour')`;

export const DEADLINE_SQL = sql.raw(DEADLINE_TEXT);
export const ENTRY_DEADLINE_SQL = sql.raw(ENTRY_DEADLINE_TEXT);
export const LAST_DEADLINE_SQL = sql.raw(LAST_DEADLINE_TEXT);
export const GRACE_SQL = sql.raw(GRACE_TEXT);
export const WINDOW_END_SQL = sql.raw(WINDOW_END_TEXT);

/** Contest `c` has ended and every entry's time (extra time too) and grace are over (isContestOver in ./deadline.ts). */
export const CONTEST_OVER_SQL = (now: Date) => sql`GREATEST(c.end_time, ${LAST_DEADLINE_SQL}) + ${GRACE_SQL} < ${now.toISOString()}::timestamptz`;
