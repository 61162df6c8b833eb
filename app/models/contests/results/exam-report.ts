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
};
