// The paper a student sits (docs/product/design.md §4, Papers are exams), built once per
// contest and kept: its sections, each question with its marking, text and options
// rendered to HTML in both languages (math on the server), and its diagram's size. Every
// student shares it; only the order differs per entry (./shuffle.ts).
import { db, hotQuery } from "~/db/client.server";
import type { PaperQuestion, PaperSection, QuestionKind, SavedAnswer, SharedPaper } from "~/models/contests/paper/paper";
import { APPLIED_MARKS_TEXT, APPLIED_PENALTY_TEXT } from "~/models/contests/results/marking.server";
import { richText } from "~/models/contests/paper/rich-text.server";
import { imageStore } from "~/models/media/stores.server";
import { mediaUrl } from "~/models/media/storage.server";
import { createKeptPromises } from "~/utils/kept-promises";

type QuestionRow = {
  id: string;
  section_position: number;
  section_title: string;
  section_title_hi: string | null;
  kind: QuestionKind;
  question_text: string;
  question_text_hi: string | null;
  options: string[];
  options_hi: string[] | null;
  image_key: string | null;
  image_alt: string | null;
  marks: number;
  penalty: number;
  partial_marking: boolean;
  shuffle: boolean;
};

// Never the key, the range or the explanation: only what the student may see.
const PAPER_QUESTIONS = `
  SELECT q.id, sec.position AS section_position, sec.title AS section_title, sec.title_hi AS section_title_hi,
         q.kind, q.question_text, q.question_text_hi, q.options, q.options_hi, q.image_key, q.image_alt,
         ${APPLIED_MARKS_TEXT} AS marks, ${APPLIED_PENALTY_TEXT} AS penalty,
         q.partial_marking, c.shuffle
    FROM questions q
    JOIN contest_sections sec ON sec.id = q.section_id
    JOIN contests c ON c.id = q.contest_id
   WHERE q.contest_id = $1::uuid
   ORDER BY sec.position, q.position`;

/** The paper as it is in the database now (the sealed paper before the start; sharedPaper keeps it from then). */
export async function buildPaper(contestId: string): Promise<SharedPaper> {
  const rows = await hotQuery<QuestionRow>(PAPER_QUESTIONS, [contestId]);
  const sections: PaperSection[] = [];
  const sectionIndex = new Map<number, number>();
  const questions: PaperQuestion[] = [];
  const store = imageStore(db);
  let hindi = false;
  for (const row of rows) {
    if (!sectionIndex.has(row.section_position)) {
      sectionIndex.set(row.section_position, sections.length);
      sections.push({ title: row.section_title, titleHi: row.section_title_hi });
    }
    const image = row.image_key ? await store.get(row.image_key) : null;
    hindi ||= row.question_text_hi !== null || row.options_hi !== null || row.section_title_hi !== null;
    questions.push({
      id: row.id,
      section: sectionIndex.get(row.section_position)!,
      kind: row.kind,
      html: richText(row.question_text),
      htmlHi: row.question_text_hi === null ? null : richText(row.question_text_hi),
      options: row.options.map((text, i) => ({ n: i + 1, html: richText(text), htmlHi: row.options_hi?.[i] ? richText(row.options_hi[i]!) : null })),
      image: image ? { src: mediaUrl(image.key), width: image.width, height: image.height, alt: row.image_alt ?? "" } : null,
      marks: row.marks,
      penalty: row.penalty,
      partial: row.partial_marking,
    });
  }
  return { sections, questions, shuffle: rows[0]?.shuffle ?? false, hindi };
}

// A started contest's questions do not change (admins fix them before the start), so
// they are built once per instance and kept a while; a fix after the start shows within
// PAPER_MEMORY_MS. Before the start nothing is kept.
const PAPER_MEMORY_MS = 5 * 60_000;
const papers = createKeptPromises<SharedPaper>({ max: 200 });

/** The contest's paper, built once and shared by concurrent first readers. */
export function sharedPaper(contestId: string, now: number): Promise<SharedPaper> {
  return papers.get(contestId, now, PAPER_MEMORY_MS, () => buildPaper(contestId));
}

/** Forgets the kept papers (tests that change a paper after reading it). */
export function forgetPapers() {
  papers.clear();
}

/** A saved answer row as the island reads it. */
export function savedAnswer(row: { o: number[] | null; v: string | null; m: boolean; do?: number[] | null; dv?: string | null; t?: number }): SavedAnswer {
  const answer: SavedAnswer = {};
  if (row.o && row.o.length > 0) answer.o = row.o;
  if (row.v !== null) answer.v = row.v;
  if (row.m) answer.m = true;
  // A draft ('{}': nothing chosen yet, over a saved response) restores the screen as it was left.
  if (row.dv != null) answer.d = row.dv === "" ? {} : { v: row.dv };
  else if (row.do != null) answer.d = row.do.length > 0 ? { o: row.do } : {};
  if (row.t) answer.t = row.t;
  return answer;
}
