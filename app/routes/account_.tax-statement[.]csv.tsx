// The yearly tax statement as a CSV (app/routes/account_.tax-statement.tsx): the same
// figures, the headings in the reader's language. Never cached; a year we could not have
// is a 404; a guest goes to log in first.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { parseTaxYear } from "~/models/payments/tax/tax-law";
import { taxStatementCsv, yearlyTaxStatement } from "~/models/payments/tax/tax-statement.server";
import { nowOf } from "~/utils/clock";
import { invariantResponse } from "~/utils/http.server";
import { i18nFor } from "~/utils/i18n.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = await requireUserId(request, context);
  const year = parseTaxYear(new URL(request.url).searchParams.get("year"), nowOf(context));
  invariantResponse(year !== null);
  const statement = await yearlyTaxStatement(db, userId, year);
  return new Response(taxStatementCsv(statement, i18nFor(request, context).t), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="studyarena-tax-statement-${statement.label}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
