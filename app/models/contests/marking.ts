// How a question's marking is written for students (the test screen and its instructions).
import type { PaperQuestion } from "~/models/contests/paper";

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

/** e.g. "Single correct · +4 / −1", "Multiple correct, partial marks · +4 / −2", "Numerical · +4 / 0". */
export function markingLabel(q: Pick<PaperQuestion, "kind" | "marks" | "penalty" | "partial">) {
  const kind = q.kind === "single" ? "Single correct" : q.kind === "multiple" ? (q.partial ? "Multiple correct, partial marks" : "Multiple correct") : "Numerical";
  return `${kind} · ${signed(q.marks)} / ${signed(-q.penalty)}`;
}

/** The marking schemes of a paper, each once, for the instructions. */
export function markingSchemes(questions: ReadonlyArray<Pick<PaperQuestion, "kind" | "marks" | "penalty" | "partial">>) {
  return [...new Set(questions.map(markingLabel))];
}
