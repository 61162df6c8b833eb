// What a closed paper tells a student (the exam issue, "Results like an exam's"): marks
// per section (attempted, correct, incorrect, accuracy) and each answer beside the key,
// both by the one marking rule (MARKS_TEXT in ./scoring.server.ts), so they add up to
// the stored score. Read only once the test has closed for everyone: everything here
// comes from the key (docs/product/design.md §4).
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";
import { WRONG_VERDICTS, type AnswerVerdict, type ReportAnswer, type SectionReport, type TopicReport } from "~/models/contests/results/exam-report";
import { APPLIED_MARKS_TEXT } from "~/models/contests/results/marking.server";
import { paperFor, type QuestionKind } from "~/models/contests/paper/paper";
import { sharedPaper } from "~/models/contests/paper/paper.server";
import { optionId } from "~/models/contests/results/response-sheet";
import { richText } from "~/models/contests/paper/rich-text.server";
import { EARNED_TEXT, RESPONDED_TEXT } from "~/models/contests/results/scoring.server";
import { rankedResults } from "~/models/contests/results/results.server";
import type { Locale } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";

/**
 * Whose answers a report reads: the entrant's scored attempt, or one of their practice
 * attempts of the finished paper (`attemptId`, issue 48, point 6), which holds its own
 * questions. Each part may be a value or SQL naming a column of an outer query.
 */
export type AnswersOf = { contestId: string | SQL; userId: string | SQL; attemptId?: string | SQL };

/**
 * Each question of the contest with the student's answer: the marks it could earn, the
 * marks it earned, whether it holds a response, and its verdict (full marks 'correct',
 * some 'partial', none or a penalty 'incorrect'). One rule for the sections, the
 * breakdown, practice and revision (a practice answer has user_answers' columns).
 */
/** The "wrong" verdicts (exam-report.ts, WRONG_VERDICTS) as SQL's list, for `verdict IN ${WRONG_SQL}` over perQuestion's rows. */
export const WRONG_SQL = sql.raw(`(${WRONG_VERDICTS.map((v) => `'${v}'`).join(", ")})`);

export const perQuestion = (input: AnswersOf) => sql`
  SELECT x.*, CASE WHEN x.dropped THEN 'dropped' WHEN NOT x.responded THEN 'unanswered' WHEN x.m = x.full_marks THEN 'correct'
                   WHEN x.m > 0 THEN 'partial' ELSE 'incorrect' END AS verdict
    FROM (SELECT q.id, q.contest_id, q.public_id::float8 AS public_id, q.position, q.kind, q.question_text AS text, q.options, q.correct_options,
                 q.question_text_hi AS text_hi, q.options_hi, q.explanation_hi, COALESCE(a.marked, false) AS marked, q.topic,
                 q.answer_min::text, q.answer_max::text, q.explanation,
                 sec.position AS section_position, sec.title AS section, sec.title_hi AS section_hi,
                 a.selected_options AS chosen, a.numeric_answer::text AS typed, COALESCE(a.seconds_spent, 0) AS seconds,
                 COALESCE(${sql.raw(RESPONDED_TEXT)}, false) AS responded,
                 ${sql.raw(APPLIED_MARKS_TEXT)} AS full_marks, q.dropped,
                 ${sql.raw(EARNED_TEXT)} AS m
            FROM questions q
            JOIN contests c ON c.id = q.contest_id
            JOIN contest_sections sec ON sec.id = q.section_id
            ${
              input.attemptId === undefined
                ? sql`LEFT JOIN user_answers a ON a.question_id = q.id AND a.contest_id = q.contest_id AND a.user_id = ${input.userId}`
                : sql`LEFT JOIN practice_answers a ON a.attempt_id = ${input.attemptId} AND a.question_id = q.id`
            }
           WHERE q.contest_id = ${input.contestId}
             ${input.attemptId === undefined ? sql`` : sql`AND q.id = ANY ((SELECT pa.question_ids FROM practice_attempts pa WHERE pa.id = ${input.attemptId})::uuid[])`}) x`;

/** The student's marks per section, in the paper's order. */
export async function sectionReport(db: DbOrTx, input: { contestId: string; userId: string }): Promise<SectionReport[]> {
  const rows = rowsOf<Omit<SectionReport, "accuracy" | "titleHi"> & { title_hi: string | null }>(
    await db.execute(sql`
      SELECT section AS title, section_hi AS title_hi, count(*)::int AS questions,
             count(*) FILTER (WHERE responded)::int AS attempted,
             count(*) FILTER (WHERE verdict = 'correct')::int AS correct,
             count(*) FILTER (WHERE verdict = 'partial')::int AS partial,
             count(*) FILTER (WHERE verdict = 'incorrect')::int AS incorrect,
             COALESCE(sum(m), 0)::int AS marks, sum(full_marks)::int AS "fullMarks"
        FROM (${perQuestion(input)}) per_question
       GROUP BY section_position, section, section_hi
       ORDER BY section_position`),
  );
  return rows.map(({ title_hi, ...r }) => ({
    ...r,
    titleHi: title_hi,
    accuracy: r.attempted > 0 ? Math.round((r.correct / r.attempted) * 100) : null,
  }));
}

/** The student's accuracy by topic (questions.topic), section by section; a question without a topic is not counted here. */
export async function topicReport(db: DbOrTx, input: { contestId: string; userId: string }): Promise<TopicReport[]> {
  const rows = rowsOf<Omit<TopicReport, "accuracy" | "sectionHi"> & { section_hi: string | null }>(
    await db.execute(sql`
      SELECT topic, section, section_hi, count(*)::int AS questions,
             count(*) FILTER (WHERE responded)::int AS attempted,
             count(*) FILTER (WHERE verdict = 'correct')::int AS correct
        FROM (${perQuestion(input)}) per_question
       WHERE topic IS NOT NULL AND NOT dropped
       GROUP BY section_position, section, section_hi, topic
       ORDER BY section_position, topic`),
  );
  return rows.map(({ section_hi, ...r }) => ({ ...r, sectionHi: section_hi, accuracy: r.attempted > 0 ? Math.round((r.correct / r.attempted) * 100) : null }));
}

/**
 * Seconds on each question: the topper's (rank 1, the first by time if several share it)
 * and the average of everyone ranked who saw it, from the stored answers.
 */
async function timesOf(db: DbOrTx, contestId: string) {
  const rows = rowsOf<{ question_id: string; topper: number | null; average: number | null }>(
    await db.execute(sql`
      WITH ranked AS (SELECT user_id, rank, response_time FROM (${rankedResults(contestId)}) t WHERE rank IS NOT NULL),
           topper AS (SELECT user_id FROM ranked ORDER BY rank, response_time, user_id LIMIT 1)
      SELECT a.question_id,
             max(a.seconds_spent) FILTER (WHERE a.user_id = (SELECT user_id FROM topper))::int AS topper,
             round(avg(a.seconds_spent))::int AS average
        FROM user_answers a JOIN ranked USING (user_id)
       WHERE a.contest_id = ${contestId}
       GROUP BY a.question_id`),
  );
  return new Map(rows.map((r) => [r.question_id, { topper: r.topper, average: r.average }]));
}

/** A row of perQuestion. */
export type BreakdownRow = {
  id: string;
  contest_id: string;
  seconds: number;
  public_id: number;
  section: string;
  section_hi: string | null;
  text_hi: string | null;
  options_hi: string[] | null;
  explanation_hi: string | null;
  marked: boolean;
  kind: QuestionKind;
  text: string;
  options: string[];
  correct_options: number[] | null;
  answer_min: string | null;
  answer_max: string | null;
  explanation: string | null;
  chosen: number[] | null;
  typed: string | null;
  m: number;
  verdict: AnswerVerdict;
};

/**
 * What one entry saw of a contest's paper, from its kept copy (../paper/paper.server.ts), not
 * the store again: the diagrams, each question's options in the order shown (named by letter
 * and id, response-sheet.ts), and each question's place (the response sheet's order).
 */
export async function entryView(contestId: string, entryId: string | null) {
  const paper = await sharedPaper(contestId, Date.now());
  const shown = entryId ? paperFor(paper, entryId) : [];
  return {
    images: new Map(paper.questions.map((q) => [q.id, q.image])),
    seen: new Map(shown.map((q) => [q.id, q.options.map((o) => o.n)])),
    place: new Map(shown.map((q, i) => [q.id, i])),
  };
}
export type EntryView = Awaited<ReturnType<typeof entryView>>;

/**
 * A question beside the key as HTML (math rendered): in Hindi where the paper has it
 * (question, options, section, explanation) and the reader reads Hindi, else in English,
 * marked as such. `time` is null where no time is compared (revision).
 */
export function reportAnswer(r: BreakdownRow, number: number, view: EntryView, input: { locale?: Locale; time: ReportAnswer["time"] }): ReportAnswer {
  const hindi = input.locale === "hi";
  const inHindi = hindi && r.text_hi !== null;
  const optionsHtml = (numbers: number[] | null) => (numbers ?? []).map((n) => richText((inHindi && r.options_hi?.[n - 1]) || r.options[n - 1] || ""));
  const explanation = (hindi && r.explanation_hi) || r.explanation;
  const range = () => translator(input.locale ?? "en")("results.range", { min: r.answer_min, max: r.answer_max });
  return {
    id: r.id,
    number,
    lang: inHindi ? "hi" : "en",
    marked: r.marked,
    time: input.time,
    code: String(r.public_id),
    options: (view.seen.get(r.id) ?? []).map((n, i) => ({ n, letter: String.fromCharCode(65 + i), id: optionId(r.public_id, n), html: optionsHtml([n])[0]! })),
    section: (hindi && r.section_hi) || r.section,
    kind: r.kind,
    html: richText(inHindi ? r.text_hi! : r.text),
    image: view.images.get(r.id) ?? null,
    yours: r.kind === "numerical" ? (r.typed === null ? [] : [richText(r.typed)]) : optionsHtml(r.chosen),
    key: r.kind === "numerical" ? [richText(r.answer_min === r.answer_max ? r.answer_min! : range())] : optionsHtml(r.correct_options),
    marks: r.m,
    verdict: r.verdict,
    explanation: explanation ? richText(explanation) : null,
    explanationLang: hindi && r.explanation_hi ? "hi" : "en",
  };
}

/**
 * Each question, in the order this student saw it, with the student's answer (or a practice
 * attempt's), the key, the marks earned, the time beside the topper's and the average, and
 * the explanation.
 */
export async function answerBreakdown(db: DbOrTx, input: { contestId: string; userId: string; attemptId?: string; locale?: Locale }): Promise<ReportAnswer[]> {
  const rows = rowsOf<BreakdownRow>(await db.execute(sql`SELECT * FROM (${perQuestion(input)}) per_question ORDER BY section_position, position`));
  const times = await timesOf(db, input.contestId);
  const [entry] = rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM user_contest_entries WHERE contest_id = ${input.contestId} AND user_id = ${input.userId}`));
  const view = await entryView(input.contestId, entry?.id ?? null);
  // Numbered as this student saw them (the response sheet's order), sections in the paper's order.
  rows.sort((a, b) => (view.place.get(a.id) ?? 0) - (view.place.get(b.id) ?? 0));
  return rows.map((r, i) =>
    reportAnswer(r, i + 1, view, { locale: input.locale, time: { yours: r.seconds, topper: times.get(r.id)?.topper ?? null, average: times.get(r.id)?.average ?? null } }),
  );
}
