// The question palette's rules (docs/product/design.md §4, the NTA screen), pure so each is
// unit-tested: a question's status from its saved state, and the counts of the legend,
// the section tabs and the submission summary.
import type { SavedAnswer } from "~/models/contests/paper/paper";
import type { MessageId } from "~/utils/i18n";

export const STATUSES = ["not-visited", "not-answered", "answered", "marked", "answered-marked"] as const;
export type QuestionStatus = (typeof STATUSES)[number];

/** NTA's names, as its instructions write them (their message ids). */
export const STATUS_MESSAGES: Record<QuestionStatus, MessageId> = {
  "not-visited": "test.status.notVisited",
  "not-answered": "test.status.notAnswered",
  answered: "test.status.answered",
  marked: "test.status.marked",
  "answered-marked": "test.status.answeredMarked",
};

/** Whether a saved state holds a response (what is evaluated, marked or not). */
export const hasResponse = (answer: SavedAnswer | undefined) => Boolean(answer && ((answer.o?.length ?? 0) > 0 || answer.v !== undefined));

export function statusOf(answer: SavedAnswer | undefined): QuestionStatus {
  if (!answer) return "not-visited";
  const answered = hasResponse(answer);
  if (answer.m) return answered ? "answered-marked" : "marked";
  return answered ? "answered" : "not-answered";
}

/** The options chosen after option `n` is picked: it alone for a single-correct question, else toggled (kept sorted). */
export function pickOption(kind: "single" | "multiple", chosen: readonly number[], n: number) {
  if (kind === "single") return [n];
  return chosen.includes(n) ? chosen.filter((c) => c !== n) : [...chosen, n].sort((a, b) => a - b);
}

/** How many questions of `ids` have each status. */
export function statusCounts(ids: readonly string[], answers: Record<string, SavedAnswer>) {
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<QuestionStatus, number>;
  for (const id of ids) counts[statusOf(answers[id])]++;
  return counts;
}

/** The submission summary: what will be evaluated (Answered & Marked counts) and what will not. */
export function submitSummary(ids: readonly string[], answers: Record<string, SavedAnswer>) {
  const counts = statusCounts(ids, answers);
  return {
    answered: counts.answered + counts["answered-marked"],
    notAnswered: counts["not-answered"] + counts["not-visited"] + counts.marked,
    marked: counts.marked + counts["answered-marked"],
    total: ids.length,
  };
}
