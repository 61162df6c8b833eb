// A winner's yearly tax statement (issue 67, point 3): the prizes of one financial year,
// the tax withheld from each and the totals, with our TAN and the winner's PAN (masked),
// to keep or print, and as a CSV (app/routes/account_.tax-statement[.]csv.tsx). The year
// is chosen by a plain GET form, so it works without JavaScript; a year we could not
// have is a 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ErrorPage } from "~/components/error-page";
import { db } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { yearlyTaxStatement } from "~/models/payments/tax/tax-statement.server";
import { financialYearLabel, financialYearOf, FIRST_TAX_YEAR, parseTaxYear } from "~/models/payments/tax/tax-law";
import { formatDate } from "~/utils/dates";
import { invariantResponse } from "~/utils/http.server";
import { useT } from "~/utils/i18n";
import { i18nFor } from "~/utils/i18n.server";
import { translatedPageMeta } from "~/utils/meta";
import { formatINR } from "~/utils/money";
import { nowOf } from "~/utils/clock";

export const meta = translatedPageMeta("account.tax.metaTitle", "account.tax.metaDescription");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = await requireUserId(request, context);
  const now = nowOf(context);
  const year = parseTaxYear(new URL(request.url).searchParams.get("year"), now);
  invariantResponse(year !== null);
  const statement = await yearlyTaxStatement(db, userId, year);
  const years = Array.from({ length: financialYearOf(now) - FIRST_TAX_YEAR + 1 }, (_, i) => financialYearOf(now) - i);
  return { statement, years, messages: i18nFor(request, context, "account").messages };
}

export default function TaxStatementPage() {
  const { statement, years } = useLoaderData<typeof loader>();
  const { t, locale } = useT();
  return (
    // Wider than My Account's column: the year's table has seven columns (a phone stacks them, app/styles/app.css).
    <section className="container section">
      <h1>{t("account.tax.title", { year: statement.label })}</h1>
      <p className="muted">{t("account.tax.intro", { section: statement.section })}</p>
      <Form method="get" className="form card" style={{ flexDirection: "row", alignItems: "end", gap: "0.75rem", flexWrap: "wrap" }}>
        <label>
          {t("account.tax.year")}{" "}
          <select name="year" defaultValue={statement.year}>
            {years.map((year) => (
              <option key={year} value={year}>
                {financialYearLabel(year)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn">
          {t("account.tax.show")}
        </button>
      </Form>
      <dl className="facts card">
        <div>
          <dt>{t("account.tax.deductor")}</dt>
          <dd translate="no">StudyArena</dd>
        </div>
        <div>
          <dt>{t("account.tax.tan")}</dt>
          <dd translate="no">{statement.tan ?? t("account.tax.tanMissing")}</dd>
        </div>
        <div>
          <dt>{t("account.tax.pan")}</dt>
          <dd translate="no">{statement.pan ? `${statement.pan.pan} (${statement.pan.name})` : t("account.tax.panMissing")}</dd>
        </div>
      </dl>
      {statement.lines.length === 0 ? (
        <p>{t("account.tax.none")}</p>
      ) : (
        <div className="table-scroll">
          <table className="section-report tax-year">
            <caption>{t("account.tax.caption", { year: statement.label })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("account.tax.contest")}</th>
                <th scope="col">{t("account.tax.date")}</th>
                <th scope="col">{t("account.tax.gross")}</th>
                <th scope="col">{t("account.tax.rate")}</th>
                <th scope="col">{t("account.tax.tax")}</th>
                <th scope="col">{t("account.tax.net")}</th>
                <th scope="col">{t("account.tax.status")}</th>
              </tr>
            </thead>
            <tbody>
              {statement.lines.map((line) => (
                <tr key={line.id}>
                  <th scope="row">{line.title}</th>
                  <td data-label={t("account.tax.date")}>{formatDate(line.created_at, locale)}</td>
                  <td data-label={t("account.tax.gross")}>{formatINR(line.gross)}</td>
                  <td data-label={t("account.tax.rate")}>{line.tax_rate_bp / 100}%</td>
                  <td data-label={t("account.tax.tax")}>{formatINR(line.tax)}</td>
                  <td data-label={t("account.tax.net")}>{formatINR(line.net)}</td>
                  <td data-label={t("account.tax.status")}>{t("account.tax.state", { status: line.status })}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t("account.tax.total")}</th>
                <td />
                <td data-label={t("account.tax.gross")}>{formatINR(statement.totals.gross)}</td>
                <td />
                <td data-label={t("account.tax.tax")}>{formatINR(statement.totals.tax)}</td>
                <td data-label={t("account.tax.net")}>{formatINR(statement.totals.net)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <p>
        <a href={`/account/tax-statement.csv?year=${statement.year}`} download>
          {t("account.tax.download")}
        </a>
      </p>
      <p className="muted">{t("account.tax.print")}</p>
      <p>
        <Link to="/account">{t("account.title")}</Link>
      </p>
    </section>
  );
}

// Its own boundary, so a 404 for a year we could not have keeps the root's words (components/error-page.tsx).
export const ErrorBoundary = ErrorPage;
