// Taking the test (docs/product/design.md §4): each answer saved as it is chosen, one submission,
// proctoring events (the paper a student sees is served by ./test-api.server.ts).
// The server's clock decides everything; the browser only shows it.
import { and, eq, isNull, sql } from "drizzle-orm";
import { hotTransaction, type DbOrTx } from "~/db/client.server";
import { proctoring_events, user_contest_entries } from "~/db/schema";
import { ENTRY_DEADLINE_TEXT, GRACE_TEXT } from "~/models/contests/sitting/deadline.server";
import { createGroupCommit, writeSaves, type AnswerState } from "~/models/contests/sitting/answer-batch.server";
import { recordResultsText } from "~/models/contests/results/scoring.server";
import type { PROCTORING_EVENT_KINDS } from "~/utils/enums";

/** Who saves: the user (tests, scripts) or the browser session the request names (the test API, one statement). */
export type Saver = { userId: string } | { sessionKey: string };

export type { AnswerState } from "~/models/contests/sitting/answer-batch.server";

// Two statements at a time: while they run, the saves arriving wait and go together in the next.
const studentSaves = createGroupCommit({ inFlight: 2, maxBatch: 500, write: (saves) => writeSaves(saves, "session") });

/**
 * Saves one question's state: the session (when given) live, the entry the student's,
 * not submitted, the contest open (start ≤ now ≤ the entry's deadline + grace), the
 * question of this contest and the response one it can take. The entry row is
 * share-locked, so a submission running at the same moment is either before this save
 * (which then finds it submitted) or after it (and scores it). Resolves once committed.
 */
export async function saveAnswer(input: Saver & { contestId: string; questionId: string; state: AnswerState; now: Date }) {
  const save = { contestId: input.contestId, questionId: input.questionId, ...input.state, now: input.now };
  if ("sessionKey" in input) return studentSaves.save({ ...save, who: input.sessionKey });
  // Scripts and tests save as a user: the same statement, at once, outside the group commit.
  const [saved] = await writeSaves([{ ...save, who: input.userId }], "user");
  return saved!;
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
        SET has_submitted = true, submitted_at = LEAST($3::timestamptz, ${ENTRY_DEADLINE_TEXT}), submit_reason = $4,
            status = true, started_at = COALESCE(e.started_at, LEAST($3::timestamptz, ${ENTRY_DEADLINE_TEXT}))
       FROM contests c
      WHERE c.id = e.contest_id AND e.user_id = $1::uuid AND e.contest_id = $2::uuid
        AND NOT e.has_submitted AND c.start_time <= $3::timestamptz
        -- Past the grace the server's sweep submits opened tests itself; a late post adds nothing after finalisation.
        AND $3::timestamptz <= ${ENTRY_DEADLINE_TEXT} + ${GRACE_TEXT}
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

/**
 * 'Start Contest' or 'Start Now': marks the entry started once. Only the call that starts
 * it notes a device without the Fullscreen API: a second start (another tab, a retry, a
 * reload on another device) never changes what the start recorded.
 */
export async function startTest(db: DbOrTx, input: { entryId: string; now: Date; fullscreen?: boolean; deviceHash?: string | null; addressHash?: string | null }) {
  await db.transaction(async (tx) => {
    // The device and network of the first start are the ones compared (device-marks.server.ts).
    const [started] = await tx
      .update(user_contest_entries)
      .set({ status: true, started_at: input.now, fullscreen_unavailable: input.fullscreen === false, device_hash: input.deviceHash ?? null, address_hash: input.addressHash ?? null })
      .where(and(eq(user_contest_entries.id, input.entryId), isNull(user_contest_entries.started_at)))
      .returning({ id: user_contest_entries.id });
    if (!started) {
      await tx.update(user_contest_entries).set({ status: true }).where(eq(user_contest_entries.id, input.entryId));
      return;
    }
    if (input.fullscreen === false) await recordEvent(tx, { entryId: input.entryId, kind: "fullscreen_unavailable", now: input.now });
  });
}

/** A test can raise only so many events; past that they are not stored (nothing is decided by them anyway). */
export const MAX_EVENTS_PER_ENTRY = 200;

/** Stores a proctoring event for review by SQL (docs/product/design.md §4); nothing is decided by it. */
export async function recordEvent(
  db: DbOrTx,
  input: { entryId: string; kind: (typeof PROCTORING_EVENT_KINDS)[number]; now: Date; detail?: string | null; durationMs?: number },
) {
  await db.execute(sql`
    INSERT INTO ${proctoring_events} (entry_id, kind, occurred_at, detail, duration_ms)
    SELECT ${input.entryId}, ${input.kind}, ${input.now.toISOString()}::timestamptz, ${input.detail ?? null}, ${input.durationMs ?? null}::int
     WHERE (SELECT count(*) FROM ${proctoring_events} WHERE entry_id = ${input.entryId}) < ${MAX_EVENTS_PER_ENTRY}`);
}
