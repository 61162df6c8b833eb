// Taking the test (docs/product/design.md §4): each answer saved as it is chosen, one submission,
// proctoring events (the paper a student sees is served by ./test-api.server.ts).
// The server's clock decides everything; the browser only shows it.
import { sql } from "drizzle-orm";
import { hotQuery, hotTransaction, type DbOrTx } from "~/db/client.server";
import { proctoring_events } from "~/db/schema";
import { liveSessionText } from "~/models/accounts/live-session.server";
import { ENTRY_DEADLINE_TEXT, GRACE_TEXT } from "~/models/contests/sitting/deadline.server";
import { writeSaves, type AnswerSave, type AnswerState } from "~/models/contests/sitting/answer-batch.server";
import { createGroupCommit } from "~/utils/group-commit.server";
import { recordResultsText } from "~/models/contests/results/scoring.server";
import type { PROCTORING_EVENT_KINDS } from "~/utils/enums";
import type { SubmitReason } from "~/models/contests/sitting/test-rules";

/** Who saves: the user (tests, scripts) or the browser session the request names (the test API, one statement). */
export type Saver = { userId: string } | { sessionKey: string };

export type { AnswerState } from "~/models/contests/sitting/answer-batch.server";

// Two statements at a time: while they run, the saves arriving wait and go together in the next.
const studentSaves = createGroupCommit<AnswerSave>({ inFlight: 2, maxBatch: 500, write: (saves) => writeSaves(saves, "session") });

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
        SET has_submitted = true, submitted_at = LEAST($3::timestamptz, ${ENTRY_DEADLINE_TEXT}), submit_reason = $4, submitted_with_errors = $5::boolean,
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
export async function submitTest(input: { userId: string; contestId: string; reason: SubmitReason; withErrors?: boolean; now: Date }) {
  const [, written] = await hotTransaction([
    [SUBMIT_TEST[0], [input.userId, input.contestId]],
    [SUBMIT_TEST[1], [input.userId, input.contestId, input.now.toISOString(), input.reason, input.withErrors ?? false]],
  ]);
  return written!.length === 1 ? { submitted: true as const } : { submitted: false as const };
}

/** A test can raise only so many events; past that they are not stored (nothing is decided by them anyway). */
export const MAX_EVENTS_PER_ENTRY = 200;

/** A start as the test API takes it: the session's, with the device and network it came from (../review/device-marks.server.ts). */
export type StartRequest = { sessionKey: string; contestId: string; now: Date; fullscreen: boolean; deviceHash: string | null; addressHash: string | null };

// The starts as rows (i: their place in the batch). A row counts if its session is live,
// its entry not submitted and its contest started and not over for that entry; only the
// first start of an entry writes (its time, device, network and a missing Fullscreen
// API, recorded then as an event), so a second start (another tab, a retry, a reload on
// another device, or the same start twice in a batch) never changes what the first recorded.
const START_BATCH = `
  WITH r AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(i int, who text, contest_id uuid, at timestamptz, fullscreen boolean, device text, address text)
  ), ok AS (
    SELECT r.i, e.id AS entry_id, r.at, r.fullscreen, r.device, r.address
      FROM r
      JOIN sessions s ON ${liveSessionText("s", "r.who", "r.at")}
      JOIN user_contest_entries e ON e.user_id = s.user_id AND e.contest_id = r.contest_id
      JOIN contests c ON c.id = e.contest_id
     WHERE NOT e.has_submitted AND c.start_time <= r.at AND r.at < ${ENTRY_DEADLINE_TEXT}
  ), first AS (
    SELECT DISTINCT ON (entry_id) * FROM ok ORDER BY entry_id, i
  ), started AS (
    UPDATE user_contest_entries e
       SET status = true, started_at = f.at, fullscreen_unavailable = NOT f.fullscreen, device_hash = f.device, address_hash = f.address
      FROM first f
     WHERE e.id = f.entry_id AND e.started_at IS NULL
    RETURNING e.id, f.at, f.fullscreen
  ), noted AS (
    INSERT INTO proctoring_events (entry_id, kind, occurred_at)
    SELECT id, 'fullscreen_unavailable', at FROM started
     WHERE NOT fullscreen AND (SELECT count(*) FROM proctoring_events p WHERE p.entry_id = started.id) < ${MAX_EVENTS_PER_ENTRY}
  )
  SELECT i FROM ok`;

async function writeStarts(starts: StartRequest[]): Promise<boolean[]> {
  const rows = starts.map((s, i) => ({ i, who: s.sessionKey, contest_id: s.contestId, at: s.now.toISOString(), fullscreen: s.fullscreen, device: s.deviceHash, address: s.addressHash }));
  const written = new Set((await hotQuery<{ i: number }>(START_BATCH, [JSON.stringify(rows)])).map((r) => r.i));
  return starts.map((_, i) => written.has(i));
}

// At a shift's start every student presses 'Start Contest' within seconds: their starts go together, as the autosaves do.
const studentStarts = createGroupCommit<StartRequest>({ inFlight: 2, maxBatch: 1000, write: writeStarts });

/**
 * 'Start Contest' or 'Start Now': marks the entry started once (the first start's time,
 * device and network are the ones kept). Resolves once committed: false when the session,
 * the entry or the contest's clock does not allow a start (the caller asks the guard why).
 */
export const startTest = (start: StartRequest) => studentStarts.save(start);

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
