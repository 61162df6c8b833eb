// A student's paper, gzipped with its shared part compressed once (docs/performance.md,
// "The paper's gzip"): at a contest's start every student fetches the same questions,
// and compressing a 75-question bilingual paper costs milliseconds each time. When the
// questions are in the paper's own order (not shuffled) they are compressed once per
// paper and kept; a reply compresses only the entry's own fields. A shuffled paper is
// compressed whole, as before: pieces per question would lose what questions share and
// make the reply about three times larger (measured), and bytes cost a student on a
// slow connection more than the CPU costs us. What it gunzips to parses to the same
// object as the plain JSON reply (tested).
import type { PaperQuestion } from "~/models/contests/paper/paper";
import type { SharedPaper } from "~/models/contests/paper/paper";
import { deflatePiece, gzipOfPieces, type DeflatedPiece } from "~/utils/gzip-pieces.server";

const kept = new WeakMap<SharedPaper, { shared: DeflatedPiece; tail: DeflatedPiece }>();

/**
 * The gzip of `{...own, sections, hindi, questions}` when `questions` are the paper's own
 * (in its order): `own` (the entry's fields, at least one) compressed now, the rest kept
 * with the paper. Null for a shuffled order: the caller compresses the whole reply.
 */
export function paperGzip(paper: SharedPaper, questions: PaperQuestion[], own: Record<string, unknown>): Buffer | null {
  if (questions !== paper.questions) return null;
  let k = kept.get(paper);
  if (!k) {
    k = { shared: deflatePiece(`,"sections":${JSON.stringify(paper.sections)},"hindi":${JSON.stringify(paper.hindi)},"questions":${JSON.stringify(paper.questions)}`), tail: deflatePiece("}", 1) };
    kept.set(paper, k);
  }
  const head = JSON.stringify(own);
  if (head === "{}") throw new Error("a paper reply has fields of its own");
  return gzipOfPieces([deflatePiece(head.slice(0, -1), 1), k.shared, k.tail]);
}
