// Taking the test (DESIGN.md §4): the paper a student sees (never with correct
// answers), each answer saved as it is chosen, one submission, proctoring events.
// The server's clock decides everything; the browser only shows it.
import { and, asc, eq, sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";
import { proctoring_events, questions, user_answers, user_contest_entries } from "~/db/schema";
import { DEADLINE_SQL, GRACE_SQL } from "~/models/contests/deadline.server";
import { recordResult } from "~/models/contests/scoring.server";
import type { PROCTORING_EVENT_KINDS } from "~/utils/enums";

/**
 * The questions in order, with their options only, and the student's saved choices
 * as option indexes. The correct answer is not selected, so it cannot leak.
 */
export async function testPaper(db: DbOrTx, input: { contestId: string; userId: string }) {
  const [rows, saved] = await Promise.all([
    db
      .select({ id: questions.id, text: questions.question_text, options: questions.options })
      .from(questions)
      .where(eq(questions.contest_id, input.contestId))
      .orderBy(asc(questions.position)),
    db
      .select({ questionId: user_answers.question_id, selected: user_answers.selected_answer })
      .from(user_answers)
      .where(and(eq(user_answers.user_id, input.userId), eq(user_answers.contest_id, input.contestId))),
  ]);
  const answers: Record<string, number> = {};
  for (const a of saved) {
    const index = rows.find((q) => q.id === a.questionId)?.options.indexOf(a.selected ?? "") ?? -1;
    if (index >= 0) answers[a.questionId] = index;
  }
  return { questions: rows, answers };
}

/**
 * Saves one choice (an option's index) in one statement: the entry must be the
 * student's, not submitted, the contest open (start ≤ now ≤ deadline + grace), the
 * question of this contest and the index one of its options. The entry row is
 * share-locked, so a submission running at the same moment is either before this
 * save (which then finds it submitted) or after it (and scores it).
 */
export async function saveAnswer(db: DbOrTx, input: { userId: string; contestId: string; questionId: string; choice: number; now: Date }) {
  const now = input.now.toISOString();
  const saved = rowsOf<{ question_id: string }>(
    await db.execute(sql`
      INSERT INTO user_answers (user_id, contest_id, question_id, selected_answer, answered_at)
      SELECT e.user_id, e.contest_id, q.id, q.options[${input.choice + 1}::int], ${now}::timestamptz
        FROM user_contest_entries e
        JOIN contests c ON c.id = e.contest_id
        JOIN questions q ON q.id = ${input.questionId} AND q.contest_id = e.contest_id
       WHERE e.user_id = ${input.userId} AND e.contest_id = ${input.contestId} AND NOT e.has_submitted
         AND c.start_time <= ${now}::timestamptz
         AND ${now}::timestamptz <= ${DEADLINE_SQL} + ${GRACE_SQL}
         AND ${input.choice + 1}::int <= cardinality(q.options)
         FOR SHARE OF e
      ON CONFLICT (user_id, question_id) DO UPDATE
        SET selected_answer = EXCLUDED.selected_answer, answered_at = EXCLUDED.answered_at
      RETURNING question_id`),
  );
  return saved.length === 1;
}

/**
 * Submits the student's test once: the first submission wins (its reason and time are
 * kept), any later one changes nothing. The result row is written in the same
 * transaction. A submission after the deadline counts as at the deadline; after the
 * grace it is refused (the server has submitted, or will submit, what was saved).
 */
export async function submitTest(db: DbOrTx, input: { userId: string; contestId: string; reason: string; now: Date }) {
  return db.transaction(async (tx) => {
    const now = input.now.toISOString();
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        UPDATE user_contest_entries e
           SET has_submitted = true, submitted_at = LEAST(${now}::timestamptz, ${DEADLINE_SQL}), submit_reason = ${input.reason},
               status = true, started_at = COALESCE(e.started_at, LEAST(${now}::timestamptz, ${DEADLINE_SQL}))
          FROM contests c
         WHERE c.id = e.contest_id AND e.user_id = ${input.userId} AND e.contest_id = ${input.contestId}
           AND NOT e.has_submitted AND c.start_time <= ${now}::timestamptz
           -- Past the grace the server's sweep submits opened tests itself; a late post adds nothing after finalisation.
           AND ${now}::timestamptz <= ${DEADLINE_SQL} + ${GRACE_SQL}
        RETURNING e.id`),
    );
    if (!row) return { submitted: false as const };
    await recordResult(tx, { contestId: input.contestId, userId: input.userId });
    return { submitted: true as const };
  });
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

/** Stores a proctoring event for review by SQL (DESIGN.md §4); nothing is decided by it. */
export async function recordEvent(
  db: DbOrTx,
  input: { entryId: string; kind: (typeof PROCTORING_EVENT_KINDS)[number]; now: Date; detail?: string | null },
) {
  await db.execute(sql`
    INSERT INTO ${proctoring_events} (entry_id, kind, occurred_at, detail)
    SELECT ${input.entryId}, ${input.kind}, ${input.now.toISOString()}::timestamptz, ${input.detail ?? null}
     WHERE (SELECT count(*) FROM ${proctoring_events} WHERE entry_id = ${input.entryId}) < ${MAX_EVENTS_PER_ENTRY}`);
}
