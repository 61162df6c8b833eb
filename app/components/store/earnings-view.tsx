import { Form, Link } from "@remix-run/react";
import { formatDate } from "~/utils/dates";
import { formatINR } from "~/utils/money";

type Where = { kind: "cancelled" | "returned" | "cash" | "on-its-way" | "held" | "return-asked" | "earned" | "in-payout"; until?: Date | string };
type Line = { id: string; title: string; amount: number; commission: number; net: number; sold_at: Date | string; where: Where; payout_id: string | null };
type Payout = { id: string; net: number; status: string; bank_reference: string | null; created_at: Date | string; paid_at: Date | string | null; failure_reason: string | null };
export type Statement = { percent: number; lines: Line[]; payouts: Payout[]; totals: { held: number; balance: number; cash: number } };

const PAYOUT_WORDS: Record<string, string> = {
  awaiting_details: "Waiting for your payout details",
  queued: "Being sent",
  processing: "On its way",
  paid: "Paid",
  failed: "Failed",
  reversed: "Returned by the bank",
};

/** Where a line's money is, in the seller's words. */
function whereWords(where: Where) {
  switch (where.kind) {
    case "cancelled":
      return "Cancelled: nothing to pay";
    case "returned":
      return "Returned: refunded to the buyer";
    case "cash":
      return "Cash on delivery: collected by you";
    case "on-its-way":
      return "Held until delivery and the return window";
    case "held":
      return `Held until ${formatDate(where.until!)} (return window)`;
    case "return-asked":
      return "Held: the buyer asked to return it";
    case "earned":
      return "Earned: in your balance";
    case "in-payout":
      return "Paid out (see below)";
  }
}

/**
 * The seller's statement (docs/decisions.md, "Sellers get paid"): the balance they can
 * be paid now, what is held in return windows, the cash they collected, each sold line
 * with the commission held back, and each payout with its bank reference.
 */
export function EarningsView({ statement, hasDetails }: { statement: Statement; hasDetails: boolean }) {
  const { totals, lines, payouts, percent } = statement;
  return (
    <>
      <dl className="facts-list card">
        <div>
          <dt>Balance to pay you</dt>
          <dd>
            <strong>{formatINR(totals.balance)}</strong>
          </dd>
        </div>
        <div>
          <dt>Held (not delivered or in the return window)</dt>
          <dd>{formatINR(totals.held)}</dd>
        </div>
        <div>
          <dt>Cash you collected on delivery</dt>
          <dd>{formatINR(totals.cash)}</dd>
        </div>
        <div>
          <dt>Marketplace commission</dt>
          <dd>{percent}% of each prepaid sale</dd>
        </div>
      </dl>
      <p className="muted">Prepaid sales are paid to you weekly once their return window has passed, or now if you ask.</p>
      {hasDetails ? null : (
        <p>
          <Link to="/account">Add your payout details in My Account</Link> (a UPI ID or a bank account) so we can pay you.
        </p>
      )}
      <Form method="post">
        <button type="submit" name="intent" value="payout" className="btn btn-primary" disabled={totals.balance <= 0}>
          Pay me {formatINR(totals.balance)} now
        </button>
      </Form>
      <h2>Sold items</h2>
      {lines.length === 0 ? (
        <p className="muted">No sales yet</p>
      ) : (
        <ul className="orders">
          {lines.map((line) => (
              <li key={line.id} className="card statement-line">
                <strong>{line.title}</strong>
                <span className="muted">
                  Sold {formatDate(line.sold_at)} · {formatINR(line.amount)}
                  {line.where.kind === "cash" || line.where.kind === "cancelled" || line.where.kind === "returned" ? null : ` · commission ${formatINR(line.commission)} · yours ${formatINR(line.net)}`}
                </span>
                <span>{whereWords(line.where)}</span>
              </li>
          ))}
        </ul>
      )}
      <h2>Payouts</h2>
      {payouts.length === 0 ? (
        <p className="muted">No payouts yet</p>
      ) : (
        <ul className="orders">
          {payouts.map((p) => (
            <li key={p.id} className="card statement-line">
              <strong>{formatINR(p.net)}</strong>
              <span className="muted">
                {formatDate(p.created_at)} · {PAYOUT_WORDS[p.status] ?? p.status}
                {p.bank_reference ? ` · bank reference (UTR) ${p.bank_reference}` : ""}
                {p.failure_reason ? ` · ${p.failure_reason}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
