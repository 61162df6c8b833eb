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
  /** The question's id on the response sheet. */
  code: string;
  /** Its options in the order this student saw them: the number, the letter seen and the option's id (response-sheet.ts). */
  options: Array<{ n: number; letter: string; id: string }>;
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

/** Whether an answer is shown under `filter`: wrong includes partly right; a dropped question only under all. */
export function shownUnder(filter: AnswerFilter, answer: Pick<ReportAnswer, "verdict" | "marked">) {
  switch (filter) {
    case "all":
      return true;
    case "wrong":
      return answer.verdict === "incorrect" || answer.verdict === "partial";
    case "unattempted":
      return answer.verdict === "unanswered";
    case "marked":
      return answer.marked;
    case "correct":
      return answer.verdict === "correct";
  }
}
