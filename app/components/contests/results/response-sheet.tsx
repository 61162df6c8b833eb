// The results' Response Sheet tab (issue 48, point 4): NTA's response sheet, question and
// option ids in the order this student saw them, the response, the status and the key.
// A table on a wide screen; on a phone each question is a small block of labelled cells.
// The CSV is a plain link; Print is a button only once the page runs (the browser's own
// print works without it, and the print style keeps only the sheet).
import { Fragment } from "react";
import { letterOf, type ResponseSheet, type SheetRow } from "~/models/contests/results/response-sheet";
import { STATUS_MESSAGES } from "~/models/contests/sitting/palette";
import { useT } from "~/utils/i18n";
import { useHydrated } from "~/utils/use-hydrated";

export function ResponseSheetView({ sheet, csvHref }: { sheet: ResponseSheet; csvHref: string }) {
  const { t, locale } = useT();
  const hydrated = useHydrated();
  const col = {
    number: t("results.sheet.col.number"),
    question: t("results.sheet.col.question"),
    options: t("results.sheet.col.options"),
    response: t("results.sheet.col.response"),
    status: t("results.sheet.col.status"),
    key: t("results.sheet.col.key"),
  };
  const sectionName = (i: number) => {
    const s = sheet.sections[i];
    return (locale === "hi" && s?.titleHi) || s?.title || "";
  };
  return (
    <div className="card">
      <p>{t("results.sheet.intro")}</p>
      <div className="actions no-print">
        <a className="btn btn-ghost" href={csvHref} download>
          {t("results.sheet.csv")}
        </a>
        {hydrated ? (
          <button type="button" className="btn btn-ghost" onClick={() => window.print()}>
            {t("results.sheet.print")}
          </button>
        ) : null}
      </div>
      <div className="table-scroll">
        <table className="section-report sheet-table">
          <caption>{t("results.sheet.caption")}</caption>
          <thead>
            <tr>
              {Object.values(col).map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sheet.rows.map((r, i) => (
              <SheetLine key={r.questionId} row={r} col={col} section={sheet.sections.length > 1 && sheet.rows[i - 1]?.section !== r.section ? sectionName(r.section) : null} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function SheetLine({ row, col, section }: { row: SheetRow; col: Record<"number" | "question" | "options" | "response" | "status" | "key", string>; section: string | null }) {
  const { t } = useT();
  const named = (id: string) => {
    const letter = letterOf(row, id);
    return letter ? `${letter} · ${id}` : id;
  };
  const response = row.typed ?? (row.chosen.length > 0 ? row.chosen.map(named).join(", ") : t("results.sheet.none"));
  const key = "dropped" in row.key ? t("results.sheet.dropped") : "ids" in row.key ? row.key.ids.map(named).join(", ") : row.key.min === row.key.max ? row.key.min : `${row.key.min} – ${row.key.max}`;
  return (
    <>
      {section ? (
        <tr>
          <th colSpan={6} scope="rowgroup" translate="no">
            {section}
          </th>
        </tr>
      ) : null}
      <tr>
        {/* "Question 1" rather than "1": on a phone the row stands without its column's heading. */}
        <th scope="row">{t("results.question", { n: row.number })}</th>
        <td data-label={col.question} translate="no">
          {row.questionId}
        </td>
        <td data-label={col.options} translate="no">
          {row.optionIds.length > 0
            ? row.optionIds.map((id, i) => (
                <Fragment key={id}>
                  {i > 0 ? <br /> : null}
                  {named(id)}
                </Fragment>
              ))
            : t("results.sheet.none")}
        </td>
        <td data-label={col.response} translate="no">
          {response}
        </td>
        <td data-label={col.status}>{t(STATUS_MESSAGES[row.status])}</td>
        <td data-label={col.key} translate="no">
          {key}
        </td>
      </tr>
    </>
  );
}
