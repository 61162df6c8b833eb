// A winner's yearly tax statement (issue 67, point 3): every prize of theirs made in one
// financial year (1 April to 31 March, India's time), with the tax withheld from each, the
// totals, the deductor's TAN (OPERATOR_TAN) and the winner's PAN masked. The page is
// app/routes/account_.tax-statement.tsx, its CSV app/routes/account_.tax-statement[.]csv.tsx.
// A prize counts in the year its results became final: the payout is made then, with its
// tax (../payouts.server.ts), whatever day the bank pays it.
import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";
import { financialYearBounds, financialYearLabel, maskPan, PRIZE_TAX_SECTION } from "~/models/payments/tax/tax-law";
import { env } from "~/utils/env.server";
import type { Translate } from "~/utils/i18n";
import type { PAYOUT_STATUSES } from "~/utils/enums";

export type TaxLine = { id: string; title: string; created_at: string; gross: number; tax: number; net: number; tax_rate_bp: number; status: (typeof PAYOUT_STATUSES)[number] };

export async function yearlyTaxStatement(db: DbOrTx, userId: string, year: number) {
  const { from, to } = financialYearBounds(year);
  const lines = rowsOf<TaxLine>(
    await db.execute(sql`
      SELECT p.id, c.title, p.created_at, p.gross, p.tax, p.net, p.tax_rate_bp, p.status
        FROM payouts p JOIN contests c ON c.id = p.contest_id
       WHERE p.user_id = ${userId} AND p.purpose = 'prize'
         AND p.created_at >= ${from.toISOString()}::timestamptz AND p.created_at < ${to.toISOString()}::timestamptz
       ORDER BY p.created_at, p.id`),
  ).map((line) => ({ ...line, created_at: new Date(line.created_at).toISOString() }));
  const [pan] = rowsOf<{ pan: string; pan_name: string }>(await db.execute(sql`SELECT pan, pan_name FROM tax_pans WHERE user_id = ${userId}`));
  const sum = (key: "gross" | "tax" | "net") => lines.reduce((total, line) => total + line[key], 0);
  return {
    year,
    label: financialYearLabel(year),
    section: PRIZE_TAX_SECTION,
    tan: env().OPERATOR_TAN ?? null,
    pan: pan ? { pan: maskPan(pan.pan), name: pan.pan_name } : null,
    lines,
    totals: { gross: sum("gross"), tax: sum("tax"), net: sum("net") },
  };
}

export type TaxStatement = Awaited<ReturnType<typeof yearlyTaxStatement>>;

/** A cell of the CSV: quoted, and a title that a spreadsheet would read as a formula is made plain text. */
const cell = (value: string | number) => {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** The IST calendar date of a moment, as a CSV reads it: 2026-12-07. */
const istDate = (iso: string) => new Date(new Date(iso).getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** The statement as a CSV, its headings in the reader's language; the same figures as the page. */
export function taxStatementCsv(statement: TaxStatement, t: Translate) {
  const rows: Array<Array<string | number>> = [
    [t("account.tax.year"), statement.label],
    [t("account.tax.tan"), statement.tan ?? t("account.tax.tanMissing")],
    [t("account.tax.pan"), statement.pan ? `${statement.pan.pan} (${statement.pan.name})` : t("account.tax.panMissing")],
    [],
    [t("account.tax.date"), t("account.tax.contest"), t("account.tax.gross"), t("account.tax.rate"), t("account.tax.tax"), t("account.tax.net"), t("account.tax.status")],
    ...statement.lines.map((line) => [istDate(line.created_at), line.title, line.gross, `${line.tax_rate_bp / 100}%`, line.tax, line.net, t("account.tax.state", { status: line.status })]),
    [t("account.tax.total"), "", statement.totals.gross, "", statement.totals.tax, statement.totals.net, ""],
  ];
  return `\uFEFF${rows.map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}
