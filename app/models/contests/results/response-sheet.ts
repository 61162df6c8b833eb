// A response sheet as NTA gives one (issue 48, point 4; docs/decisions/contests-response-sheet.md):
// each question's id, its options' ids in the order this student saw them, the response
// by option id (or the number typed), the palette's status and the key's ids. Pure: the
// page and the CSV share it.
import type { PaperSection, QuestionKind } from "~/models/contests/paper/paper";
import type { QuestionStatus } from "~/models/contests/sitting/palette";

/** An option's id: its question's id followed by its number in two digits (1000001 → 100000101). */
export const optionId = (questionId: number, n: number) => String(questionId * 100 + n);

export type SheetKey = { ids: string[] } | { min: string; max: string } | { dropped: true };

export type SheetRow = {
  /** The question's number as the student saw it (1, 2, …). */
  number: number;
  /** Index into the sheet's sections. */
  section: number;
  questionId: string;
  kind: QuestionKind;
  /** In the order shown to this student; A is the first. */
  optionIds: string[];
  chosen: string[];
  typed: string | null;
  status: QuestionStatus;
  key: SheetKey;
};

export type ResponseSheet = { sections: PaperSection[]; rows: SheetRow[] };

/** The letter a student saw for an option id (A for the first shown), or null. */
export const letterOf = (row: SheetRow, id: string) => {
  const at = row.optionIds.indexOf(id);
  return at < 0 ? null : String.fromCharCode(65 + at);
};
