// A payer's refunds on /account (app/routes/account.tsx): what each was for, how much, and
// where it is (docs/product/design.md §5: money goes back out through the ledger).
import { formatDateTime } from "~/utils/dates";
import { formatINR } from "~/utils/money";

type Refund = { id: string; amount: number; reason: string; status: "queued" | "sent" | "failed"; gatewayRefundId: string | null; createdAt: Date | string; updatedAt: Date | string };

const STATE = {
  queued: { label: "Being refunded", tone: "tone-blue" },
  sent: { label: "Refunded", tone: "tone-green" },
  failed: { label: "Needs support", tone: "tone-orange" },
} as const;

export function RefundList({ refunds }: { refunds: Refund[] }) {
  return (
    <ul className="refunds">
      {refunds.map((r) => (
        <li key={r.id} className="card">
          <p>
            <strong>{formatINR(r.amount)}</strong> <span className={`badge ${STATE[r.status].tone}`}>{STATE[r.status].label}</span>
          </p>
          <p className="muted">For {r.reason}.</p>
          <p>
            {r.status === "queued"
              ? "We are sending it back through the payment gateway."
              : r.status === "sent"
                ? `Sent back on ${formatDateTime(r.updatedAt)} IST, reference ${r.gatewayRefundId}. Banks take up to 7 working days to show it.`
                : "The payment gateway could not return it by itself. Our support team has been told and will refund it by hand."}
          </p>
        </li>
      ))}
    </ul>
  );
}
