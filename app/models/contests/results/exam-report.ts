// What a closed paper's results show (./exam-report.server.ts builds them; the results
// route renders them): declared once for both sides.
import type { PaperQuestion } from "~/models/contests/paper/paper";

export type SectionReport = {
  title: string;
  titleHi: string | null;
  questions: number;
  attempted: number;
  correct: number;
  /** Some marks but not full marks: JEE Advanced's partial marking. */
  partial: number;
  incorrect: number;
  marks: number;
  fullMarks: number;
  /** Correct ÷ attempted, in per cent (rounded); null when nothing was attempted. */
  accuracy: number | null;
};

/** Marks, accuracy (correct ÷ answered, per cent) and time taken (ms) of one result, the topper or the average. */
export type Figures = { score: number; accuracy: number | null; time: number };
export type Comparison = { you: Figures; topper: Figures; average: Figures };

/** A topic's figures for one student (questions.topic): accuracy is correct ÷ attempted, in per cent. */
export type TopicReport = { topic: string; section: string; sectionHi: string | null; questions: number; attempted: number; correct: number; accuracy: number | null };

/**
 * The student's strongest and weakest topics: of the topics attempted, the highest and the
 * lowest accuracy (on equal accuracy, more correct is stronger and fewer is weaker, then
 * the name). Null with fewer than two topics attempted: one topic is neither.
 */
export function strongestWeakest(topics: TopicReport[]): { strongest: TopicReport; weakest: TopicReport } | null {
  const tried = topics.filter((t) => t.accuracy !== null);
  if (tried.length < 2) return null;
  const order = [...tried].sort((a, b) => b.accuracy! - a.accuracy! || b.correct - a.correct || a.topic.localeCompare(b.topic));
  return { strongest: order[0]!, weakest: order.at(-1)! };
}

/** `dropped`: the question was dropped after a challenge (its marks go by the contest's rule). */
export type AnswerVerdict = "correct" | "partial" | "incorrect" | "unanswered" | "dropped";

/** One question beside the key, its texts as HTML (math rendered, everything else escaped). */
export type ReportAnswer = {
  id: string;
  /** Its number as this student saw it (kept when the list is filtered). */
  number: number;
  /** The language its text is in: Hindi where the paper has it and the reader reads Hindi. */
  lang: "hi" | "en";
  /** Marked for review when the test was submitted. */
  marked: boolean;
  /** Seconds on the question: this student's, the topper's and the average of those ranked (null: nobody ranked saw it); null where no time is compared (revision). */
  time: { yours: number; topper: number | null; average: number | null } | null;
  /** The question's id on the response sheet. */
  code: string;
  /** Its options in the order this student saw them: the number, the letter seen, the option's id (response-sheet.ts) and its text as HTML, in `lang`. */
  options: Array<{ n: number; letter: string; id: string; html: string }>;
  section: string;
  kind: string;
  html: string;
  image: PaperQuestion["image"];
  /** The options chosen, or the number typed; empty when unanswered. */
  yours: string[];
  /** The correct options, or the range. */
  key: string[];
  marks: number;
  verdict: AnswerVerdict;
  explanation: string | null;
  explanationLang: "hi" | "en";
};

/** The breakdown's filters (issue 48, point 5): what a student revises first. */
export const ANSWER_FILTERS = ["all", "wrong", "unattempted", "marked", "correct"] as const;
export type AnswerFilter = (typeof ANSWER_FILTERS)[number];

/** What counts as wrong wherever a student revises (the breakdown's filter, practice's "wrong" scope, My revision): incorrect or partly right. */
export const WRONG_VERDICTS = ["incorrect", "partial"] as const satisfies readonly AnswerVerdict[];

/** Whether an answer is shown under `filter`: wrong includes partly right; a dropped question only under all. */
export function shownUnder(filter: AnswerFilter, answer: Pick<ReportAnswer, "verdict" | "marked">) {
  switch (filter) {
    case "all":
      return true;
    case "wrong":
      return (WRONG_VERDICTS as readonly AnswerVerdict[]).includes(answer.verdict);
    case "unattempted":
      return answer.verdict === "unanswered";
    case "marked":
      return answer.marked;
    case "correct":
      return answer.verdict === "correct";
  }
}
