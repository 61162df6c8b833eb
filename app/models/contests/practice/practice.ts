// Practise again (issue 48, point 6; docs/decisions/contests-practice.md): once a contest's
// results are final, an entrant takes its paper again, whole or only what they got wrong,
// in the test's own screen, as often as they like: unscored, unranked, no camera or
// proctoring, each attempt shown against the first. And "My revision": bookmarked and
// wrong questions across contests. The rules both sides share; the database side is
// ./practice.server.ts and ./revision.server.ts.
import { WRONG_VERDICTS, type AnswerVerdict } from "~/models/contests/results/exam-report";
import type { Msg } from "~/utils/i18n";

/** Attempts kept per entry: a new one beyond this removes the oldest (as often as they like, never without bound). */
export const PRACTICE_KEPT = 20;
/** Questions a student may keep bookmarked for revision at once. */
export const BOOKMARK_CAP = 500;
/** "My revision"'s filters: everything, the bookmarked, the wrong ones. */
export const REVISION_FILTERS = ["all", "bookmarked", "wrong"] as const;
export type RevisionFilter = (typeof REVISION_FILTERS)[number];

/** Questions on a page of "My revision". */
export const REVISION_PAGE_SIZE = 20;

/** An attempt's length: the paper's, in proportion to the questions it holds, at least a minute. */
export function practiceMinutes(paperMinutes: number, held: number, total: number) {
  if (total <= 0 || held <= 0) return 1;
  return Math.max(1, Math.ceil((paperMinutes * held) / total));
}

/** An attempt's figures (or the first attempt's on the same questions): a dropped question is in none but `questions`. */
export type AttemptTotals = { questions: number; correct: number; wrong: number; unanswered: number; marks: number };

export function totalsOf(answers: Array<{ verdict: AnswerVerdict; marks: number }>): AttemptTotals {
  const count = (verdicts: readonly AnswerVerdict[]) => answers.filter((a) => verdicts.includes(a.verdict)).length;
  return {
    questions: answers.length,
    correct: count(["correct"]),
    wrong: count(WRONG_VERDICTS),
    unanswered: count(["unanswered"]),
    marks: answers.reduce((sum, a) => sum + a.marks, 0),
  };
}

/** How a question went this time against the first attempt: better (more marks), worse, or the same. */
export function changeOf(now: { marks: number }, first: { marks: number }): "better" | "worse" | "same" {
  return now.marks > first.marks ? "better" : now.marks < first.marks ? "worse" : "same";
}

export const PRACTICE_MESSAGES = {
  notYet: { id: "practice.notYet" },
  noneWrong: { id: "practice.noneWrong" },
  bookmarkFull: { id: "practice.bookmark.full", values: { cap: BOOKMARK_CAP } },
  bookmarked: { id: "practice.bookmark.added" },
  unbookmarked: { id: "practice.bookmark.removed" },
} as const satisfies Record<string, Msg>;
