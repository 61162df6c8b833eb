// A finished paper practised again (issue 48, point 6; the rules in ./practice.ts): the
// attempts of an entry, the open one's paper for the test's own screen, its saves (one
// statement each, checked as the test's are), its submission and its result beside the
// first attempt. Nothing here reads or writes a score, a rank or a prize.
import { sql } from "drizzle-orm";
import { rowsOf, type Db, type DbOrTx } from "~/db/client.server";
import { paperFor, type OpenPaper, type PaperQuestion, type SavedAnswer } from "~/models/contests/paper/paper";
import { savedAnswer, sharedPaper } from "~/models/contests/paper/paper.server";
import { answerBreakdown, perQuestion, WRONG_SQL } from "~/models/contests/results/exam-report.server";
import type { ReportAnswer } from "~/models/contests/results/exam-report";
import { FITS_QUESTION_TEXT, type AnswerState } from "~/models/contests/sitting/answer-batch.server";
import { PRACTICE_KEPT, PRACTICE_MESSAGES, practiceMinutes, totalsOf, type AttemptTotals } from "~/models/contests/practice/practice";
import type { PracticeScope, SaveRule } from "~/utils/enums";
import type { Locale, Msg } from "~/utils/i18n";


/** An attempt as the practice page lists it, with its figures. */
export type AttemptSummary = AttemptTotals & { id: string; scope: PracticeScope; startedAt: Date; submittedAt: Date | null };

type EntryRow = { entry_id: string; has_submitted: boolean; finalized: boolean; duration_minutes: number; title: string };

const entryOf = async (db: DbOrTx, input: { contestId: string; userId: string }, lock = false) =>
  rowsOf<EntryRow>(
    await db.execute(sql`
      SELECT e.id AS entry_id, e.has_submitted, c.finalized_at IS NOT NULL AS finalized, c.duration_minutes, c.title
        FROM user_contest_entries e JOIN contests c ON c.id = e.contest_id
       WHERE e.contest_id = ${input.contestId} AND e.user_id = ${input.userId}
       ${lock ? sql`FOR UPDATE OF e` : sql``}`),
  )[0];

/**
 * The practice page of a contest for one student: null unless they submitted an entry
 * (a 404: nothing to practise); whether the results are final (practice opens then), how
 * many questions the first attempt got wrong, and every attempt kept, newest first.
 */
export async function practiceOverview(db: DbOrTx, input: { contestId: string; userId: string }) {
  const entry = await entryOf(db, input);
  if (!entry?.has_submitted) return null;
  const attempts = rowsOf<Omit<AttemptSummary, "startedAt" | "submittedAt"> & { started_at: string | Date; submitted_at: string | Date | null }>(
    await db.execute(sql`
      SELECT p.id, p.scope, p.started_at, p.submitted_at, cardinality(p.question_ids) AS questions,
             t.correct, t.wrong, t.unanswered, t.marks
        FROM practice_attempts p
        CROSS JOIN LATERAL (
          SELECT count(*) FILTER (WHERE verdict = 'correct')::int AS correct, count(*) FILTER (WHERE verdict IN ${WRONG_SQL})::int AS wrong,
                 count(*) FILTER (WHERE verdict = 'unanswered')::int AS unanswered, COALESCE(sum(m), 0)::int AS marks
            FROM (${perQuestion({ contestId: sql`p.contest_id`, userId: input.userId, attemptId: sql`p.id` })}) per_question) t
       WHERE p.entry_id = ${entry.entry_id}
       ORDER BY p.started_at DESC, p.id`),
  ).map(({ started_at, submitted_at, ...a }) => ({ ...a, startedAt: new Date(started_at), submittedAt: submitted_at === null ? null : new Date(submitted_at) }));
  const [wrong] = entry.finalized
    ? rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM (${perQuestion(input)}) per_question WHERE verdict IN ${WRONG_SQL}`))
    : [{ n: 0 }];
  return { title: entry.title, finalized: entry.finalized, wrong: wrong!.n, attempts, open: attempts.find((a) => a.submittedAt === null)?.id ?? null };
}

export type StartOutcome = { ok: true; attemptId: string } | { ok: false; message: Msg } | null;

/**
 * A new attempt of the finished paper: every question, or only those the first attempt got
 * wrong, in the order the entry saw them. An attempt still open is closed first (one open
 * at a time); beyond PRACTICE_KEPT the oldest go. Null when the student has no submitted entry.
 */
export async function startPractice(db: Db, input: { contestId: string; userId: string; scope: PracticeScope; now: Date }): Promise<StartOutcome> {
  // The paper before the transaction: it is read on the pool, never inside another's transaction.
  const paper = await sharedPaper(input.contestId, input.now.getTime());
  return db.transaction(async (tx) => {
    const entry = await entryOf(tx, input, true);
    if (!entry?.has_submitted) return null;
    if (!entry.finalized) return { ok: false, message: PRACTICE_MESSAGES.notYet };
    let held = paperFor(paper, entry.entry_id).map((q) => q.id);
    if (input.scope === "wrong") {
      const wrong = new Set(rowsOf<{ id: string }>(await tx.execute(sql`SELECT id FROM (${perQuestion(input)}) per_question WHERE verdict IN ${WRONG_SQL}`)).map((r) => r.id));
      held = held.filter((id) => wrong.has(id));
    }
    if (held.length === 0) return { ok: false, message: PRACTICE_MESSAGES.noneWrong };
    const minutes = practiceMinutes(entry.duration_minutes, held.length, paper.questions.length);
    const now = input.now.toISOString();
    await tx.execute(sql`UPDATE practice_attempts SET submitted_at = ${now}::timestamptz WHERE entry_id = ${entry.entry_id} AND submitted_at IS NULL`);
    const [made] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        INSERT INTO practice_attempts (entry_id, user_id, contest_id, scope, question_ids, minutes, started_at)
        VALUES (${entry.entry_id}, ${input.userId}, ${input.contestId}, ${input.scope}, ${`{${held.join(",")}}`}::uuid[], ${minutes}, ${now}::timestamptz)
        RETURNING id`),
    );
    await tx.execute(sql`
      DELETE FROM practice_attempts WHERE entry_id = ${entry.entry_id}
         AND id NOT IN (SELECT id FROM practice_attempts WHERE entry_id = ${entry.entry_id} ORDER BY started_at DESC, id LIMIT ${PRACTICE_KEPT})`);
    return { ok: true, attemptId: made!.id };
  });
}

type OpenRow = {
  id: string;
  scope: PracticeScope;
  question_ids: string[];
  minutes: number;
  started_at: string | Date;
  entry_id: string;
  title: string;
  description: string;
  save_rule: SaveRule;
  physical_keyboard: boolean;
  answers: Array<{ q: string; o: number[] | null; v: string | null; m: boolean; do: number[] | null; dv: string | null; t: number }>;
};

/**
 * The open attempt as the test's screen takes a paper (paper.ts): its questions in the
 * entry's order, its sections only, its saved states and its own clock; no camera, no
 * face check. Null when no attempt is open.
 */
export async function practicePaper(db: DbOrTx, input: { contestId: string; userId: string; now: Date }): Promise<OpenPaper | null> {
  const [row] = rowsOf<OpenRow>(
    await db.execute(sql`
      SELECT p.id, p.scope, p.question_ids, p.minutes, p.started_at, p.entry_id, c.title, c.description, c.save_rule, c.physical_keyboard,
             (SELECT coalesce(json_agg(json_build_object('q', a.question_id, 'o', a.selected_options, 'v', a.numeric_answer::text, 'm', a.marked,
                                                         'do', a.draft_options, 'dv', a.draft_value, 't', a.seconds_spent)), '[]'::json)
                FROM practice_answers a WHERE a.attempt_id = p.id) AS answers
        FROM practice_attempts p JOIN contests c ON c.id = p.contest_id
       WHERE p.contest_id = ${input.contestId} AND p.user_id = ${input.userId} AND p.submitted_at IS NULL`),
  );
  if (!row) return null;
  const paper = await sharedPaper(input.contestId, input.now.getTime());
  const held = new Set(row.question_ids);
  const questions = paperFor(paper, row.entry_id).filter((q) => held.has(q.id));
  // Only the sections it holds, renumbered, so every tab has a question.
  const kept = [...new Set(questions.map((q) => q.section))].sort((a, b) => a - b);
  const section = new Map(kept.map((s, i) => [s, i]));
  const answers: Record<string, SavedAnswer> = {};
  for (const answer of row.answers) answers[answer.q] = savedAnswer(answer);
  const startedAt = new Date(row.started_at);
  return {
    state: "open",
    contest: { id: input.contestId, title: row.title, description: row.description, durationMinutes: row.minutes, faceDetection: false, saveRule: row.save_rule, typing: row.physical_keyboard },
    camera: false,
    // The answer queue's key on the device: the attempt's own, never the scored test's.
    entryId: row.id,
    serverNow: input.now.toISOString(),
    startsAt: startedAt.toISOString(),
    deadline: new Date(startedAt.getTime() + row.minutes * 60_000).toISOString(),
    extraMinutes: 0,
    snapshots: false,
    warned: 0,
    practice: { attemptId: row.id, scope: row.scope },
    sections: kept.map((s) => paper.sections[s]!),
    questions: questions.map((q): PaperQuestion => ({ ...q, section: section.get(q.section)! })),
    answers,
    hindi: paper.hindi,
  };
}

const pgArray = (values: number[] | null | undefined) => (values == null ? null : `{${values.join(",")}}`);

/**
 * One save of the open attempt, in one statement: written only if the attempt is the
 * student's and open, the question one it holds, the response and draft ones the question
 * can take (FITS_QUESTION_TEXT, as the test's) and the time within the attempt's length.
 * Practice is unscored, so its clock is the screen's: a save is not refused for lateness.
 */
export async function savePracticeAnswer(db: DbOrTx, input: { contestId: string; userId: string; questionId: string; state: AnswerState }): Promise<boolean> {
  const { state } = input;
  const rows = rowsOf<{ saved: number }>(
    await db.execute(sql`
      WITH r AS (SELECT ${input.questionId}::uuid AS question_id, ${pgArray(state.options)}::smallint[] AS opts, ${state.value}::numeric AS val,
                        ${state.marked}::boolean AS marked, ${pgArray(state.draftOptions)}::smallint[] AS dopts, ${state.draftValue ?? null}::text AS dval,
                        ${state.seconds ?? 0}::int AS secs)
      INSERT INTO practice_answers (attempt_id, question_id, selected_options, numeric_answer, marked, draft_options, draft_value, seconds_spent)
      SELECT p.id, q.id, r.opts, r.val, r.marked, r.dopts, r.dval, r.secs
        FROM r
        JOIN practice_attempts p ON p.contest_id = ${input.contestId} AND p.user_id = ${input.userId} AND p.submitted_at IS NULL
        JOIN questions q ON q.id = r.question_id AND q.contest_id = p.contest_id AND q.id = ANY (p.question_ids)
       WHERE ${sql.raw(FITS_QUESTION_TEXT)}
         AND r.secs BETWEEN 0 AND p.minutes * 60
      ON CONFLICT (attempt_id, question_id) DO UPDATE
        SET selected_options = EXCLUDED.selected_options, numeric_answer = EXCLUDED.numeric_answer, marked = EXCLUDED.marked,
            draft_options = EXCLUDED.draft_options, draft_value = EXCLUDED.draft_value,
            seconds_spent = GREATEST(practice_answers.seconds_spent, EXCLUDED.seconds_spent)
      RETURNING 1 AS saved`),
  );
  return rows.length > 0;
}

/** 'Start' on the instructions: the open attempt's clock starts now, unless something is answered already (a reload mid-attempt). */
export async function startPracticeClock(db: DbOrTx, input: { contestId: string; userId: string; now: Date }) {
  await db.execute(sql`
    UPDATE practice_attempts p SET started_at = ${input.now.toISOString()}::timestamptz
     WHERE p.contest_id = ${input.contestId} AND p.user_id = ${input.userId} AND p.submitted_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM practice_answers a WHERE a.attempt_id = p.id AND (cardinality(a.selected_options) > 0 OR a.numeric_answer IS NOT NULL))`);
}

/** The open attempt submitted: its id, or null when none was open (a second submission). */
export async function submitPractice(db: DbOrTx, input: { contestId: string; userId: string; now: Date }) {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      UPDATE practice_attempts SET submitted_at = ${input.now.toISOString()}::timestamptz
       WHERE contest_id = ${input.contestId} AND user_id = ${input.userId} AND submitted_at IS NULL
       RETURNING id`),
  );
  return row?.id ?? null;
}

/** A practice answer with how the same question went in the first attempt. */
export type PracticeAnswer = ReportAnswer & { first: Pick<ReportAnswer, "verdict" | "marks" | "yours"> | null };

/**
 * One attempt's result: each question with this attempt's answer beside the key and the
 * first attempt's, and the figures of both on the same questions. Null unless the attempt
 * is the student's, of this contest (a 404).
 */
export async function practiceResult(db: DbOrTx, input: { contestId: string; userId: string; attemptId: string; locale: Locale }) {
  const [attempt] = rowsOf<{ id: string; title: string; scope: PracticeScope; started_at: string | Date; submitted_at: string | Date | null; minutes: number }>(
    await db.execute(sql`
      SELECT p.id, c.title, p.scope, p.started_at, p.submitted_at, p.minutes FROM practice_attempts p JOIN contests c ON c.id = p.contest_id
       WHERE p.id = ${input.attemptId} AND p.contest_id = ${input.contestId} AND p.user_id = ${input.userId}`),
  );
  if (!attempt) return null;
  const answers = await answerBreakdown(db, input);
  const first = new Map((await answerBreakdown(db, { contestId: input.contestId, userId: input.userId, locale: input.locale })).map((a) => [a.id, a]));
  const withFirst: PracticeAnswer[] = answers.map((a) => {
    const then = first.get(a.id);
    return { ...a, first: then ? { verdict: then.verdict, marks: then.marks, yours: then.yours } : null };
  });
  return {
    title: attempt.title,
    attempt: { id: attempt.id, scope: attempt.scope, startedAt: new Date(attempt.started_at), submittedAt: attempt.submitted_at === null ? null : new Date(attempt.submitted_at), minutes: attempt.minutes },
    answers: withFirst,
    totals: { now: totalsOf(answers), first: totalsOf(withFirst.flatMap((a) => (a.first ? [a.first] : []))) },
  };
}
