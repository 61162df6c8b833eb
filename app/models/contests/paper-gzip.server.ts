// A student's paper, gzipped with its shared part compressed once (docs/performance.md,
// "The start again"): at a contest's start every student fetches the same questions,
// and compressing a 75-question bilingual paper costs milliseconds each time. The
// questions (in the paper's order, or each question in an entry's shuffled order) are
// compressed once per paper and kept; a reply compresses only the entry's own fields.
// What it gunzips to parses to the same object as the plain JSON reply (tested).
import type { PaperQuestion } from "~/models/contests/paper";
import type { SharedPaper } from "~/models/contests/paper.server";
import { deflatePiece, gzipOfPieces, type DeflatedPiece } from "~/utils/gzip-pieces.server";

type Kept = { shared: DeflatedPiece; tail: DeflatedPiece; all?: DeflatedPiece; byId: Map<string, PaperQuestion>; pieces: Map<string, DeflatedPiece> };

const kept = new WeakMap<SharedPaper, Kept>();
/** Shuffled question pieces kept per paper (4 options: at most 48 per question). */
const MAX_PIECES = 20_000;

function keptFor(paper: SharedPaper): Kept {
  let k = kept.get(paper);
  if (!k) {
    k = {
      shared: deflatePiece(`,"sections":${JSON.stringify(paper.sections)},"hindi":${JSON.stringify(paper.hindi)},"questions":[`),
      tail: deflatePiece("]}", 1),
      byId: new Map(paper.questions.map((q) => [q.id, q])),
      pieces: new Map(),
    };
    kept.set(paper, k);
  }
  return k;
}

/** One shuffled question as it sits in the list (a comma before all but the first), kept by its option order. */
function questionPiece(k: Kept, question: PaperQuestion, first: boolean) {
  const original = k.byId.get(question.id);
  const order = question.kind !== "numerical" && original && original.kind !== "numerical" ? question.options.map((o) => original.options.indexOf(o)).join(".") : "";
  const key = `${question.id}:${order}:${first ? 1 : 0}`;
  let piece = k.pieces.get(key);
  if (!piece) {
    piece = deflatePiece(`${first ? "" : ","}${JSON.stringify(question)}`);
    if (k.pieces.size < MAX_PIECES) k.pieces.set(key, piece);
  }
  return piece;
}

/**
 * The gzip of `{...own, sections, hindi, questions}`: `own` (the entry's fields: at least
 * one) compressed now, the rest kept with the paper.
 */
export function paperGzip(paper: SharedPaper, questions: PaperQuestion[], own: Record<string, unknown>): Buffer {
  const k = keptFor(paper);
  const head = JSON.stringify(own);
  if (head === "{}") throw new Error("a paper reply has fields of its own");
  const pieces = [deflatePiece(head.slice(0, -1), 1), k.shared];
  if (questions === paper.questions) pieces.push((k.all ??= deflatePiece(questions.map((q) => JSON.stringify(q)).join(","))));
  else questions.forEach((q, i) => pieces.push(questionPiece(k, q, i === 0)));
  pieces.push(k.tail);
  return gzipOfPieces(pieces);
}
