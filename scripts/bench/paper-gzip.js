// `node scripts/bench/paper-gzip.js`: what gzipping a student's paper costs, whole (as
// before) and from pieces compressed apart (app/models/contests/paper/paper-gzip.server.ts),
// in the same run, on a JEE-sized paper: 75 questions in three sections, each with
// English and Hindi text, MathML and four options in both languages. Bounded: 2,000
// replies per way. Prints microseconds per reply, bytes, and the ratio. A shuffled
// paper is measured too, pieced per question as an experiment (the app compresses it
// whole): what it would save in time and cost in bytes.
import { performance } from "node:perf_hooks";
import { gunzipSync, gzipSync } from "node:zlib";
import { tsImport } from "tsx/esm/api";

const { deflatePiece, gzipOfPieces } = await tsImport("../../app/utils/gzip-pieces.server.ts", import.meta.url);

const { paperGzip } = await tsImport("../../app/models/contests/paper/paper-gzip.server.ts", import.meta.url);
const { paperFor } = await tsImport("../../app/models/contests/paper/paper.ts", import.meta.url);

const words = "the a of velocity particle mass energy force acceleration उत्तर प्रश्न कण वेग द्रव्यमान ऊर्जा बल सही गलत <math><mi>x</mi><mo>=</mo><mn>2</mn></math> <msup><mi>m</mi><mn>2</mn></msup> integral derivative function matrix vector 9.8 m/s² which following is correct statement".split(" ");
let seed = 1;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const text = (n) => Array.from({ length: n }, () => words[Math.floor(rnd() * words.length)]).join(" ");
const question = (i) => ({
  id: `3f2a1c9e-1111-4a2b-9c3d-${String(i).padStart(12, "0")}`,
  section: Math.floor(i / 25),
  kind: "single",
  html: `<p>${text(40)}</p>`,
  htmlHi: `<p>${text(40)}</p>`,
  options: [1, 2, 3, 4].map((n) => ({ n, html: text(6), htmlHi: text(6) })),
  image: null,
  marks: 4,
  penalty: 1,
  partial: false,
});
const sections = ["Physics", "Chemistry", "Mathematics"].map((title) => ({ title, titleHi: text(1) }));
const N = 2000;

for (const shuffle of [false, true]) {
  const paper = { sections, questions: Array.from({ length: 75 }, (_, i) => question(i)), shuffle, hindi: true };
  const entries = Array.from({ length: N }, (_, i) => `entry-${i}`);
  const own = (i) => ({ contest: { id: "c", title: "JEE Main Mock Test 1", description: "", durationMinutes: 180 }, entryId: entries[i], serverNow: new Date().toISOString(), startsAt: "x", deadline: "y", extraMinutes: 0, state: "open", answers: {} });
  // Both ways build the entry's order; only the compression differs.
  let t = performance.now();
  let wholeBytes = 0;
  for (let i = 0; i < N; i++) {
    const questions = paperFor(paper, entries[i]);
    wholeBytes = gzipSync(JSON.stringify({ ...own(i), sections: paper.sections, questions, hindi: paper.hindi })).length;
  }
  const whole = ((performance.now() - t) * 1000) / N;
  t = performance.now();
  let piecesBytes = 0;
  const perQuestion = new Map();
  for (let i = 0; i < N; i++) {
    const questions = paperFor(paper, entries[i]);
    const gz = paperGzip(paper, questions, own(i)) ?? experiment(paper, questions, own(i), perQuestion);
    piecesBytes = gz.length;
  }
  const pieces = ((performance.now() - t) * 1000) / N;
  const check = JSON.parse(gunzipSync(paperGzip(paper, paperFor(paper, entries[7]), own(7)) ?? experiment(paper, paperFor(paper, entries[7]), own(7), perQuestion)).toString());
  if (check.questions.length !== 75) throw new Error("the pieces did not make the paper");
  console.log(
    `${shuffle ? "shuffled (pieces per question: an experiment)" : "in order"}: whole ${whole.toFixed(0)} µs/reply (${wholeBytes} bytes), pieces ${pieces.toFixed(0)} µs/reply (${piecesBytes} bytes): ${(whole / pieces).toFixed(1)}x less time`,
  );
}

/** Each shuffled question compressed once per option order, the pieces joined: what the app does not do, for the figures. */
function experiment(paper, questions, own, cache) {
  const pieces = [deflatePiece(`${JSON.stringify(own).slice(0, -1)},"sections":${JSON.stringify(paper.sections)},"hindi":true,"questions":[`, 1)];
  questions.forEach((q, i) => {
    const key = `${q.id}:${q.options.map((o) => o.n).join("")}:${i === 0}`;
    if (!cache.has(key)) cache.set(key, deflatePiece(`${i === 0 ? "" : ","}${JSON.stringify(q)}`));
    pieces.push(cache.get(key));
  });
  pieces.push(deflatePiece("]}", 1));
  return gzipOfPieces(pieces);
}
