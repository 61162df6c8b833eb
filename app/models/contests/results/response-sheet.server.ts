// The response sheet's reads (issue 48, point 4): one statement for the questions' ids, key
// and this student's saved answers, and the contest's kept paper for the order this entry
// saw (../paper/paper.server.ts: the same seeded order as the test). Only ever read once
// the test has closed for everyone: the key is in it. Drafts are not responses and never
// appear.
import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";
import { paperFor } from "~/models/contests/paper/paper";
import { sharedPaper } from "~/models/contests/paper/paper.server";
import { STATUS_MESSAGES, statusOf } from "~/models/contests/sitting/palette";
import { optionId, type ResponseSheet, type SheetKey, type SheetRow } from "~/models/contests/results/response-sheet";
import type { Locale } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";
import { csvText } from "~/utils/text";

type Row = {
  id: string;
  public_id: number;
  correct_options: number[] | null;
  answer_min: string | null;
  answer_max: string | null;
  dropped: boolean;
  entry_id: string;
  visited: boolean;
  chosen: number[] | null;
  typed: string | null;
  marked: boolean | null;
};

/** The student's sheet, or null without an entry. */
export async function responseSheet(db: DbOrTx, input: { contestId: string; userId: string; now: Date }): Promise<ResponseSheet | null> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      SELECT q.id, q.public_id::float8 AS public_id, q.correct_options, q.answer_min::text, q.answer_max::text, q.dropped, e.id AS entry_id,
             a.id IS NOT NULL AS visited, a.selected_options AS chosen, a.numeric_answer::text AS typed, a.marked
        FROM user_contest_entries e
        JOIN questions q ON q.contest_id = e.contest_id
        LEFT JOIN user_answers a ON a.question_id = q.id AND a.user_id = e.user_id
       WHERE e.contest_id = ${input.contestId} AND e.user_id = ${input.userId}`),
  );
  if (rows.length === 0) return null;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paper = await sharedPaper(input.contestId, input.now.getTime());
  const shown = paperFor(paper, rows[0]!.entry_id);
  const sheet: SheetRow[] = shown.flatMap((q, i) => {
    const r = byId.get(q.id);
    if (!r) return [];
    const id = (n: number) => optionId(r.public_id, n);
    const key: SheetKey = r.dropped
      ? { dropped: true }
      : q.kind === "numerical"
        ? { min: r.answer_min ?? "", max: r.answer_max ?? "" }
        : { ids: (r.correct_options ?? []).map(id) };
    const saved = r.visited ? { ...(r.chosen?.length ? { o: r.chosen } : {}), ...(r.typed !== null ? { v: r.typed } : {}), ...(r.marked ? { m: true } : {}) } : undefined;
    return [
      {
        number: i + 1,
        section: q.section,
        questionId: String(r.public_id),
        kind: q.kind,
        optionIds: q.options.map((o) => id(o.n)),
        chosen: (r.chosen ?? []).map(id),
        typed: r.typed,
        status: statusOf(saved),
        key,
      },
    ];
  });
  return { sections: paper.sections, rows: sheet };
}

/** The sheet as CSV in the reader's language: a row per question, ids separated by spaces within a cell. */
export function responseSheetCsv(sheet: ResponseSheet, locale: Locale): string {
  const t = translator(locale);
  const section = (i: number) => {
    const s = sheet.sections[i];
    return s ? (locale === "hi" && s.titleHi ? s.titleHi : s.title) : "";
  };
  const columns = ["number", "section", "question", "options", "response", "status", "key"] as const;
  const header = columns.map((c) => t(`results.sheet.col.${c}`));
  const lines = sheet.rows.map((r) => [
    String(r.number),
    section(r.section),
    r.questionId,
    r.optionIds.join(" "),
    r.typed ?? r.chosen.join(" "),
    t(STATUS_MESSAGES[r.status]),
    "dropped" in r.key ? t("results.sheet.dropped") : "ids" in r.key ? r.key.ids.join(" ") : r.key.min === r.key.max ? r.key.min : `${r.key.min} – ${r.key.max}`,
  ]);
  return csvText([header, ...lines]);
}
