// One statement for every answer save, written in group commits (app/utils/group-commit.server.ts; the exam issue, "Speed stays"): in the busiest minute
// thousands of students save at once, and one statement and one commit (one WAL flush)
// per save was the limit. Saves that arrive while earlier ones are being written wait,
// then go together as one statement and one commit; each is acknowledged only after
// that commit. A save that finds the way clear goes at once, so a quiet server adds no
// delay. Every row is checked as a single save is (./test-taking.server.ts).
import { hotQuery } from "~/db/client.server";
import { liveSessionText } from "~/models/accounts/live-session.server";
import { ENTRY_DEADLINE_TEXT, GRACE_TEXT } from "~/models/contests/sitting/deadline.server";

/**
 * A question's state as the student left it (docs/product/design.md §4, Papers are exams):
 * the option numbers chosen (1, 2, … in the paper's own order, sorted, distinct) or the
 * number typed, or neither (visited, or a response cleared), and the review mark.
 */
export type AnswerState = {
  options: number[] | null;
  value: string | null;
  marked: boolean;
  /** The response on screen but not saved (save-rule.ts): options ([] for none) or the number as typed; never scored. */
  draftOptions?: number[] | null;
  draftValue?: string | null;
  /** Seconds the question has been on screen in all (the island's count): bounded by the test's length, never going down. */
  seconds?: number;
};

/** A save by `who`: a session's key (the test API) or a user's id (scripts and tests). */
export type AnswerSave = AnswerState & { who: string; contestId: string; questionId: string; now: Date };

/**
 * Whether save `r` (its response `opts` or `val`, its draft `dopts` or `dval`) fits question
 * `q`: options of the question's own, one unless it takes several; a number only for a
 * numerical question. A practice answer is checked by the same words (../practice/practice.server.ts).
 */
export const FITS_QUESTION_TEXT = `CASE WHEN q.kind = 'numerical' THEN r.opts IS NULL
                ELSE r.val IS NULL AND (r.opts IS NULL
                     OR (1 <= ALL(r.opts) AND cardinality(q.options) >= ALL(r.opts)
                         AND (q.kind = 'multiple' OR cardinality(r.opts) = 1))) END
       AND CASE WHEN q.kind = 'numerical' THEN coalesce(cardinality(r.dopts), 0) = 0
                ELSE r.dval IS NULL AND (r.dopts IS NULL
                     OR (1 <= ALL(r.dopts) AND cardinality(q.options) >= ALL(r.dopts)
                         AND (q.kind = 'multiple' OR cardinality(r.dopts) <= 1))) END`;

// The saves as rows (i: their place in the batch). A row is written only if its session
// is live, its entry not submitted, its contest open at its time (the entry's own
// deadline + grace), its question of that contest, and its response one the question
// can take, its draft (if any) one it could take, and its time within the test's length. Two saves of one question in a batch: the later one is written, and both
// are acknowledged, as they would be one after the other. Rows are written in key
// order, so two batches never wait for each other's rows in opposite orders.
const saveBatchText = (by: "session" | "user") => `
  WITH r AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb)
      AS r(i int, contest_id uuid, question_id uuid, opts smallint[], at timestamptz, who text, val numeric, marked boolean, dopts smallint[], dval text, secs int)
  ), ok AS (
    SELECT r.i, e.user_id, e.contest_id, q.id AS question_id, r.opts, r.val, r.marked, r.at, r.dopts, r.dval, r.secs,
           CASE WHEN q.kind = 'numerical' THEN r.val::text
                ELSE NULLIF(array_to_string(ARRAY(SELECT q.options[n] FROM unnest(r.opts) n), '; '), '') END AS answer_text
      FROM r
      ${
        by === "session"
          ? `JOIN sessions s ON ${liveSessionText("s", "r.who", "r.at")}
      JOIN user_contest_entries e ON e.user_id = s.user_id AND e.contest_id = r.contest_id`
          : "JOIN user_contest_entries e ON e.user_id = r.who::uuid AND e.contest_id = r.contest_id"
      }
      JOIN contests c ON c.id = e.contest_id
      JOIN questions q ON q.id = r.question_id AND q.contest_id = e.contest_id
     WHERE NOT e.has_submitted
       AND c.start_time <= r.at
       AND r.at <= ${ENTRY_DEADLINE_TEXT} + ${GRACE_TEXT}
       AND ${FITS_QUESTION_TEXT}
       -- Time on a question is bounded by the test's own length, extra time included.
       AND r.secs BETWEEN 0 AND (c.duration_minutes + e.extra_minutes) * 60
       FOR SHARE OF e
  ), saved AS (
    INSERT INTO user_answers (user_id, contest_id, question_id, selected_options, numeric_answer, selected_answer, marked, answered_at, draft_options, draft_value, seconds_spent)
    SELECT DISTINCT ON (user_id, question_id) user_id, contest_id, question_id, opts, val, answer_text, marked, at, dopts, dval, secs
      FROM ok
     ORDER BY user_id, question_id, i DESC
    ON CONFLICT (user_id, question_id) DO UPDATE
      SET selected_options = EXCLUDED.selected_options, numeric_answer = EXCLUDED.numeric_answer,
          selected_answer = EXCLUDED.selected_answer, marked = EXCLUDED.marked,
          -- The time the saved response last changed (signals.server.ts reads it): a draft alone does not move it.
          answered_at = CASE WHEN (user_answers.selected_options, user_answers.numeric_answer, user_answers.marked)
                                  IS DISTINCT FROM (EXCLUDED.selected_options, EXCLUDED.numeric_answer, EXCLUDED.marked)
                             THEN EXCLUDED.answered_at ELSE user_answers.answered_at END,
          draft_options = EXCLUDED.draft_options, draft_value = EXCLUDED.draft_value,
          seconds_spent = GREATEST(user_answers.seconds_spent, EXCLUDED.seconds_spent)
    RETURNING user_id, question_id
  )
  SELECT ok.i FROM ok JOIN saved USING (user_id, question_id)`;
// Built once: the same text every time, prepared on PostgreSQL.
const SAVE_BATCH = { session: saveBatchText("session"), user: saveBatchText("user") };

/** Writes these saves, all by sessions or all by users, in one statement (one commit); returns which of them were written. */
export async function writeSaves(saves: AnswerSave[], by: "session" | "user" = "session"): Promise<boolean[]> {
  const rows = saves.map((s, i) => ({
    i,
    contest_id: s.contestId,
    question_id: s.questionId,
    opts: s.options && s.options.length > 0 ? s.options : null,
    at: s.now.toISOString(),
    who: s.who,
    val: s.value,
    marked: s.marked,
    dopts: s.draftOptions ?? null,
    dval: s.draftValue ?? null,
    secs: s.seconds ?? 0,
  }));
  const written = new Set((await hotQuery<{ i: number }>(SAVE_BATCH[by], [JSON.stringify(rows)])).map((r) => r.i));
  return saves.map((_, i) => written.has(i));
}
