import { UpiPinNote } from "~/components/payments/upi-pin-note";
import { Form, Link } from "@remix-run/react";
import { formatDate, formatDateTime } from "~/utils/dates";
import { richText, useT, type Msg, type MessageId } from "~/utils/i18n";
import { formatINR } from "~/utils/money";
import { shortOrderId } from "~/utils/urls";

type Where = { kind: "cancelled" | "returned" | "cash" | "cash-due" | "on-its-way" | "held" | "return-asked" | "earned" | "in-payout" | "releasing" | "released"; until?: Date | string };
type Line = { id: string; order_id: string; title: string; amount: number; commission: number; net: number; sold_at: Date | string; where: Where; payout_id: string | null };
type Payout = { id: string; net: number; status: string; bank_reference: string | null; created_at: Date | string; paid_at: Date | string | null; failure_reason: string | null };
export type Statement = { percent: number; atGateway: boolean; lines: Line[]; payouts: Payout[]; totals: { held: number; balance: number; releasing: number; released: number; cash: number } };

const PAYOUT_WORDS: Record<string, MessageId> = {
  awaiting_details: "sell.payout.awaiting",
  queued: "sell.payout.queued",
  processing: "sell.payout.processing",
  paid: "sell.payout.paid",
  failed: "sell.payout.failed",
  reversed: "sell.payout.reversed",
};

/** Where a line's money is, in the seller's words ("sell" namespace: My Products loads it). */
function whereWords(where: Where, format: (d: Date | string) => string): Msg {
  switch (where.kind) {
    case "cancelled":
      return { id: "sell.where.cancelled" };
    case "returned":
      return { id: "sell.where.returned" };
    case "cash":
      return { id: "sell.where.cash" };
    case "cash-due":
      return { id: "sell.where.cashDue" };
    case "on-its-way":
      return { id: "sell.where.onItsWay" };
    case "held":
      return { id: "sell.where.held", values: { when: format(where.until!) } };
    case "return-asked":
      return { id: "sell.where.returnAsked" };
    case "earned":
      return { id: "sell.where.earned" };
    case "in-payout":
      return { id: "sell.where.inPayout" };
    case "releasing":
      return { id: "sell.where.releasing" };
    case "released":
      return { id: "sell.where.released" };
  }
}

/**
 * The seller's statement (docs/decisions/money-seller-earnings.md, "Sellers get paid"): the balance they can
 * be paid now, what is held in return windows, the cash they collected, each sold line
 * with the commission held back, and each payout with its bank reference.
 */
export function EarningsView({ statement, hasDetails, heldUntil }: { statement: Statement; hasDetails: boolean; heldUntil: string | null }) {
  const { totals, lines, payouts, percent } = statement;
  const { t, tm, locale } = useT();
  const date = (d: Date | string) => formatDate(d, locale);
  return (
    <>
      <dl className="facts-list card">
        <div>
          <dt>{t("sell.earn.balance")}</dt>
          <dd>
            <strong>{formatINR(totals.balance)}</strong>
          </dd>
        </div>
        <div>
          <dt>{t("sell.earn.held")}</dt>
          <dd>{formatINR(totals.held)}</dd>
        </div>
        {/* Sales held at the payment gateway (issue 49, point 1): released to the seller's bank once their window has passed. */}
        {totals.releasing + totals.released > 0 ? (
          <>
            <div>
              <dt>{t("sell.earn.releasing")}</dt>
              <dd>{formatINR(totals.releasing)}</dd>
            </div>
            <div>
              <dt>{t("sell.earn.released")}</dt>
              <dd>{formatINR(totals.released)}</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>{t("sell.earn.cash")}</dt>
          <dd>{formatINR(totals.cash)}</dd>
        </div>
        <div>
          <dt>{t("sell.earn.commission")}</dt>
          <dd>{t("sell.earn.percent", { percent })}</dd>
        </div>
      </dl>
      <p className="muted">{t(statement.atGateway ? "sell.earn.atGateway" : "sell.earn.weekly")}</p>
      {hasDetails ? null : <p>{richText(t("sell.earn.addDetails"), [(text) => <Link to="/account">{text}</Link>])}</p>}
      {heldUntil ? <p className="alert alert-info">{t("sell.earn.detailsHeld", { until: formatDateTime(heldUntil, locale) })}</p> : null}
      <UpiPinNote />
      {/* A button that pays ₹0 is no offer (issue 49, point 7): with nothing to pay, the page says so instead. */}
      {totals.balance > 0 ? (
        <Form method="post">
          <button type="submit" name="intent" value="payout" className="btn btn-primary">
            {t("sell.earn.payNow", { amount: formatINR(totals.balance) })}
          </button>
        </Form>
      ) : (
        <p className="muted">{t("sell.earn.nothingToPay")}</p>
      )}
      <h2>{t("sell.earn.sold")}</h2>
      {lines.length === 0 ? (
        <p className="muted">{t("sell.noSales")}</p>
      ) : (
        <ul className="orders">
          {lines.map((line) => (
              <li key={line.id} className="card statement-line">
                <strong translate="no">{line.title}</strong>
                <span className="muted">
                  {t("sell.earn.soldLine", { when: date(line.sold_at), amount: formatINR(line.amount), order: shortOrderId(line.order_id) })}
                  {line.where.kind === "cash" || line.where.kind === "cash-due" || line.where.kind === "cancelled" || line.where.kind === "returned" ? null : t("sell.earn.split", { commission: formatINR(line.commission), net: formatINR(line.net) })}
                </span>
                <span>{tm(whereWords(line.where, date))}</span>
              </li>
          ))}
        </ul>
      )}
      <h2>{t("sell.earn.payouts")}</h2>
      {payouts.length === 0 ? (
        <p className="muted">{t("sell.earn.noPayouts")}</p>
      ) : (
        <ul className="orders">
          {payouts.map((p) => (
            <li key={p.id} className="card statement-line">
              <strong>{formatINR(p.net)}</strong>
              <span className="muted">
                {date(p.created_at)} · {PAYOUT_WORDS[p.status] ? t(PAYOUT_WORDS[p.status]!) : p.status}
                {p.bank_reference ? t("sell.earn.utr", { ref: p.bank_reference }) : ""}
                {p.failure_reason ? ` · ${p.failure_reason}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
