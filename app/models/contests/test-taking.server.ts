// Taking the test (docs/product/design.md §4): each answer saved as it is chosen, one submission,
// proctoring events (the paper a student sees is served by ./test-api.server.ts).
// The server's clock decides everything; the browser only shows it.
import { eq, sql } from "drizzle-orm";
import { hotQuery, hotTransaction, type DbOrTx } from "~/db/client.server";
import { liveSessionText } from "~/models/accounts/live-session.server";
import { proctoring_events, user_contest_entries } from "~/db/schema";
import { DEADLINE_TEXT, GRACE_TEXT } from "~/models/contests/deadline.server";
import { recordResultsText } from "~/models/contests/scoring.server";
import type { PROCTORING_EVENT_KINDS } from "~/utils/enums";

/** Who saves: the user (tests, scripts) or the browser session the request names (the test API, one statement). */
export type Saver = { userId: string } | { sessionKey: string };

// Built once: the hot path sends the same text every time, prepared on PostgreSQL.
const saveAnswerText = (by: "user" | "session") => `
  INSERT INTO user_answers (user_id, contest_id, question_id, selected_answer, answered_at)
  SELECT e.user_id, e.contest_id, q.id, q.options[$3::int + 1], $4::timestamptz
    FROM ${by === "session" ? "sessions s JOIN user_contest_entries e ON e.user_id = s.user_id" : "user_contest_entries e"}
    JOIN contests c ON c.id = e.contest_id
    JOIN questions q ON q.id = $2::uuid AND q.contest_id = e.contest_id
   WHERE ${by === "session" ? liveSessionText("s", "$5", "$4") : "e.user_id = $5::uuid"}
     AND e.contest_id = $1::uuid AND NOT e.has_submitted
     AND c.start_time <= $4::timestamptz
     AND $4::timestamptz <= ${DEADLINE_TEXT} + ${GRACE_TEXT}
     AND $3::int + 1 <= cardinality(q.options)
     FOR SHARE OF e
  ON CONFLICT (user_id, question_id) DO UPDATE
    SET selected_answer = EXCLUDED.selected_answer, answered_at = EXCLUDED.answered_at
  RETURNING question_id`;
const SAVE_ANSWER = { user: saveAnswerText("user"), session: saveAnswerText("session") };

/**
 * Saves one choice (an option's index) in one statement: the session (when given) live,
 * the entry the student's, not submitted, the contest open (start ≤ now ≤ deadline +
 * grace), the question of this contest and the index one of its options. The entry row
 * is share-locked, so a submission running at the same moment is either before this
 * save (which then finds it submitted) or after it (and scores it).
 */
export async function saveAnswer(input: Saver & { contestId: string; questionId: string; choice: number; now: Date }) {
  const [text, who] = "sessionKey" in input ? [SAVE_ANSWER.session, input.sessionKey] : [SAVE_ANSWER.user, input.userId];
  const saved = await hotQuery<{ question_id: string }>(text, [input.contestId, input.questionId, input.choice, input.now.toISOString(), who]);
  return saved.length === 1;
}

// The submission as fixed statements, sent together in one transaction. The first
// takes the entry's row lock, waiting for a save that holds it (share-locked), so the
// second statement's snapshot, taken after, sees every answer saved before the
// submission; a later save finds the entry submitted. The second submits and writes the
// student's result row from what the update returned (ranks are not written here:
// thousands submit in the same minute; until the contest is finalised they are computed
// when read, by the same window function).
const SUBMIT_TEST = [
  `SELECT 1 FROM user_contest_entries WHERE user_id = $1::uuid AND contest_id = $2::uuid FOR UPDATE`,
  `WITH submitted AS (
     UPDATE user_contest_entries e
        SET has_submitted = true, submitted_at = LEAST($3::timestamptz, ${DEADLINE_TEXT}), submit_reason = $4,
            status = true, started_at = COALESCE(e.started_at, LEAST($3::timestamptz, ${DEADLINE_TEXT}))
       FROM contests c
      WHERE c.id = e.contest_id AND e.user_id = $1::uuid AND e.contest_id = $2::uuid
        AND NOT e.has_submitted AND c.start_time <= $3::timestamptz
        -- Past the grace the server's sweep submits opened tests itself; a late post adds nothing after finalisation.
        AND $3::timestamptz <= ${DEADLINE_TEXT} + ${GRACE_TEXT}
      RETURNING e.contest_id, e.user_id, e.submitted_at, c.start_time)
   ${recordResultsText("submitted")}
   RETURNING user_id`,
] as const;

/**
 * Submits the student's test once: the first submission wins (its reason and time are
 * kept), any later one changes nothing. The result row is written in the same
 * transaction. A submission after the deadline counts as at the deadline; after the
 * grace it is refused (the server has submitted, or will submit, what was saved).
 */
export async function submitTest(input: { userId: string; contestId: string; reason: string; now: Date }) {
  const [, written] = await hotTransaction([
    [SUBMIT_TEST[0], [input.userId, input.contestId]],
    [SUBMIT_TEST[1], [input.userId, input.contestId, input.now.toISOString(), input.reason]],
  ]);
  return written!.length === 1 ? { submitted: true as const } : { submitted: false as const };
}

/** 'Start Contest' or 'Start Now': marks the entry started once; notes a device without the Fullscreen API. */
export async function startTest(db: DbOrTx, input: { entryId: string; now: Date; fullscreen?: boolean }) {
  await db.transaction(async (tx) => {
    await tx
      .update(user_contest_entries)
      .set({ status: true, started_at: sql`COALESCE(${user_contest_entries.started_at}, ${input.now.toISOString()}::timestamptz)` })
      .where(eq(user_contest_entries.id, input.entryId));
    if (input.fullscreen === false) {
      await tx.update(user_contest_entries).set({ fullscreen_unavailable: true }).where(eq(user_contest_entries.id, input.entryId));
      await recordEvent(tx, { entryId: input.entryId, kind: "fullscreen_unavailable", now: input.now });
    }
  });
}

/** A test can raise only so many events; past that they are not stored (nothing is decided by them anyway). */
export const MAX_EVENTS_PER_ENTRY = 200;

/** Stores a proctoring event for review by SQL (docs/product/design.md §4); nothing is decided by it. */
export async function recordEvent(
  db: DbOrTx,
  input: { entryId: string; kind: (typeof PROCTORING_EVENT_KINDS)[number]; now: Date; detail?: string | null },
) {
  await db.execute(sql`
    INSERT INTO ${proctoring_events} (entry_id, kind, occurred_at, detail)
    SELECT ${input.entryId}, ${input.kind}, ${input.now.toISOString()}::timestamptz, ${input.detail ?? null}
     WHERE (SELECT count(*) FROM ${proctoring_events} WHERE entry_id = ${input.entryId}) < ${MAX_EVENTS_PER_ENTRY}`);
}
