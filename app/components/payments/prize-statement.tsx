// A winner's prize statement on the results' summary (app/routes/contest.$id.results.tsx):
// the prize, the tax withheld (citing the section ../../models/payments/tax/tax-law.ts
// names) and what is paid, where the payment is, and the way to the year's tax statement.
import { UpiPinNote } from "~/components/payments/upi-pin-note";
import { Link } from "@remix-run/react";
import { formatDate, formatDateTime } from "~/utils/dates";
import { richText, useT } from "~/utils/i18n";
import { formatINR } from "~/utils/money";
import { taxLawValues } from "~/models/payments/tax/tax-law";

type Statement = {
  gross: number;
  tax: number;
  net: number;
  taxRateBp: number;
  status: "awaiting_details" | "queued" | "processing" | "paid" | "failed" | "reversed" | "declined";
  bankReference: string | null;
  failureReason: string | null;
  heldUntil: string | null;
  declinedAt: Date | string | null;
  missing: "details" | "pan" | "both" | null;
};

const WAITING = { details: "results.statement.waiting", pan: "results.statement.waitingPan", both: "results.statement.waitingBoth" } as const;

function Where({ statement }: { statement: Statement }) {
  const { t, locale } = useT();
  const account = (text: string) => <Link to="/account">{text}</Link>;
  switch (statement.status) {
    case "awaiting_details":
      return <>{richText(t(WAITING[statement.missing ?? "details"]), [account])}</>;
    case "queued":
      return <>{statement.heldUntil ? t("results.statement.held", { until: formatDateTime(statement.heldUntil, locale) }) : t("results.statement.queued")}</>;
    case "processing":
      return <>{t("results.statement.processing")}</>;
    case "paid":
      return <>{statement.bankReference ? t("results.statement.paidRef", { ref: statement.bankReference }) : t("results.statement.paid")}</>;
    case "declined":
      // Its winner declined it (models/payments/payouts.server.ts): the statement stays, as the record does.
      return <>{t("results.statement.declined", { date: statement.declinedAt ? formatDate(statement.declinedAt, locale) : "" })}</>;
    case "failed":
    case "reversed":
      // Nothing reached the winner: new details send it again (models/payments/payout-sender.server.ts).
      return (
        <>
          {richText(
            t("results.statement.again", {
              what: t(statement.status === "failed" ? "results.statement.failed" : "results.statement.reversed"),
              reason: statement.failureReason ? ` (${statement.failureReason})` : "",
            }),
            [account],
          )}
        </>
      );
  }
}

/** Words from the "results" namespace: the results page loads it. */
export function PrizeStatement({ statement }: { statement: Statement }) {
  const { t } = useT();
  return (
    <section className="card prize-statement" aria-labelledby="prize-statement">
      <h2 id="prize-statement">{t("results.statement.title")}</h2>
      <dl className="facts">
        <div><dt>{t("results.prize")}</dt><dd>{formatINR(statement.gross)}</dd></div>
        <div><dt>{t("results.statement.tax", { ...taxLawValues(), percent: statement.taxRateBp / 100 })}</dt><dd>{formatINR(statement.tax)}</dd></div>
        <div><dt>{t("results.statement.paidToYou")}</dt><dd>{formatINR(statement.net)}</dd></div>
      </dl>
      <p>
        <Where statement={statement} />
      </p>
      <p>{richText(t("results.statement.taxYear"), [(text) => <Link to="/account/tax-statement">{text}</Link>])}</p>
      <UpiPinNote />
    </section>
  );
}
