// How a question's marking is written for students (the test screen and its instructions).
import type { PaperQuestion } from "~/models/contests/paper/paper";
import type { TieBreak } from "~/utils/enums";
import type { Msg } from "~/utils/i18n";

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

type Marked = Pick<PaperQuestion, "kind" | "marks" | "penalty" | "partial">;

/** e.g. "Single correct · +4 / −1", "Multiple correct, partial marks · +4 / −2", "Numerical · +4 / 0" (test.marking). */
export function markingMessage(q: Marked): Msg {
  const kind = q.kind === "multiple" && q.partial ? "partial" : q.kind;
  return { id: "test.marking", values: { kind, plus: signed(q.marks), minus: signed(-q.penalty) } };
}

/** The marking schemes of a paper, each once, for the instructions. */
export function markingSchemes(questions: ReadonlyArray<Marked>): Msg[] {
  const schemes = new Map<string, Msg>();
  for (const q of questions) {
    const message = markingMessage(q);
    schemes.set(JSON.stringify(message.values), message);
  }
  return [...schemes.values()];
}

/**
 * How equal marks are ranked, in words (issue 48, point 3; the rule is rankSql in
 * ./scoring.server.ts): the rules sheet and the leaderboard say the same. `sections`: the
 * tie-break's sections in their order, in the reader's language.
 */
export function tieBreakMessage(rule: TieBreak, sections: string[]): Msg {
  if (rule === "time") return { id: "contest.tieBreak.time" };
  return sections.length > 0 ? { id: "contest.tieBreak.nta", values: { sections: sections.join(", ") } } : { id: "contest.tieBreak.ntaRatio" };
}
