// What the test island receives from GET /api/contest/{id}/test (docs/product/design.md §4): the
// paper in this entry's own order, with its sections, marking and both languages, but
// never a key, a range or an explanation; the student's saved state of each question;
// and the server's clock. Declared once, for the route that builds it and the island
// that reads it.
import type { PracticeScope, QUESTION_KINDS, SaveRule } from "~/utils/enums";
import { seededShuffle } from "~/models/contests/paper/shuffle";

export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** An option: its number in the question (what an answer names) and its text as HTML (math rendered). */
export type PaperOption = { n: number; html: string; htmlHi: string | null };

export type PaperQuestion = {
  id: string;
  /** Index into the paper's sections. */
  section: number;
  kind: QuestionKind;
  html: string;
  htmlHi: string | null;
  /** In this entry's order; empty for a numerical question. */
  options: PaperOption[];
  image: { src: string; width: number; height: number; alt: string } | null;
  marks: number;
  penalty: number;
  partial: boolean;
};

export type PaperSection = { title: string; titleHi: string | null };

/** A contest's paper as every student shares it (in its own order), built once per contest (paper.server.ts). */
export type SharedPaper = { sections: PaperSection[]; questions: PaperQuestion[]; shuffle: boolean; hindi: boolean };

/**
 * The paper in this entry's order: sections stay in order; questions within each, and
 * options, shuffled by the entry's id. The server serves it so; the test page does the
 * same to the sealed paper once opened (sealed-paper.ts).
 */
export function paperFor(paper: SharedPaper, entryId: string): PaperQuestion[] {
  if (!paper.shuffle) return paper.questions;
  return paper.sections.flatMap((_, section) =>
    seededShuffle(
      paper.questions.filter((q) => q.section === section),
      `${entryId}:${section}`,
    ).map((q) => (q.kind === "numerical" ? q : { ...q, options: seededShuffle(q.options, `${entryId}:${q.id}`) })),
  );
}

/**
 * A question's saved state: present once visited; `o` the option numbers chosen, `v`
 * the number typed, `m` marked for review; `d` the response on screen but not saved (a
 * draft: restored after a reload, never scored; save-rule.ts); `t` the seconds it has been on screen.
 */
export type SavedAnswer = { o?: number[]; v?: string; m?: boolean; d?: { o?: number[]; v?: string }; t?: number };

type PaperBase = {
  /**
   * faceDetection: the on-device face check runs during this test (issue 47); saveRule: when
   * a choice counts (save-rule.ts); typing: a number may be typed on the physical keyboard
   * as well as the on-screen keypad.
   */
  contest: { id: string; title: string; description: string; durationMinutes: number; faceDetection: boolean; saveRule: SaveRule; typing: boolean };
  entryId: string;
  /** The server's now when the paper was served: the island's clock runs from it. */
  serverNow: string;
  startsAt: string;
  /** This entry's deadline (its extra time included). */
  deadline: string;
  extraMinutes: number;
  /** The part of the extra time given back for our outages (outages.server.ts): shown on the screen. */
  outageMinutes?: number;
  /** The face check's flags may carry a snapshot: the student (or, under 18, their parent) agreed. */
  snapshots: boolean;
  /** The camera watches this test: false under 18 unless the operator is an educational institution (issue 67, point 1). */
  camera: boolean;
  /** Warnings already given in this test (before a reload): the count goes on from here. */
  warned: number;
  /** A practice attempt of the finished paper (issue 48, point 6): unscored, unranked, no camera or proctoring. */
  practice?: { attemptId: string; scope: PracticeScope };
};

/**
 * What the waiting room is given: the signed link that asks for the key at the start; when
 * to download the ciphertext (spread over the waiting time), and where from (null until
 * the paper is sealed: the page asks again at `fetchAt`).
 */
export type SealInfo = { keyLink: string; fetchAt: string; url: string | null };

/** Before the start: a waiting room, no questions yet; the sealed paper's key link and address (sealed-paper.ts). */
export type WaitingPaper = PaperBase & { state: "waiting"; seal?: SealInfo };
/** From the start: the sections, the questions and the saved answers (question id → state). */
export type OpenPaper = PaperBase & {
  state: "open";
  sections: PaperSection[];
  questions: PaperQuestion[];
  answers: Record<string, SavedAnswer>;
  /** Whether any text has a Hindi version (the language choice is offered then). */
  hindi: boolean;
};
export type Paper = WaitingPaper | OpenPaper;

export const testApi = (contestId: string) => `/api/contest/${contestId}/test`;
/** A practice attempt's API: the same paper and saves as the test's, for the open attempt (../practice/practice.server.ts). */
export const practiceApi = (contestId: string) => `/api/contest/${contestId}/practice`;
/** Where a face check's flag with its snapshot goes (issue 47, point 3). */
export const evidenceApi = (contestId: string) => `/api/contest/${contestId}/evidence`;
