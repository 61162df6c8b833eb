// The contest clock of ./deadline.ts, in SQL, for statements that decide by it.
import { sql } from "drizzle-orm";
import { ANSWER_GRACE_MS } from "~/models/contests/deadline";

/** min(start_time + duration, end_time) of the contest row aliased `c`, as text for the hot paths' fixed statements. */
export const DEADLINE_TEXT = "LEAST(c.start_time + c.duration_minutes * interval '1 minute', c.end_time)";
/** The grace after the deadline in which answers still in flight are taken. */
export const GRACE_TEXT = `interval '${ANSWER_GRACE_MS} milliseconds'`;

export const DEADLINE_SQL = sql.raw(DEADLINE_TEXT);
export const GRACE_SQL = sql.raw(GRACE_TEXT);
