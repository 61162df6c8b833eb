// A payer's refunds on /account (app/routes/account.tsx): what each was for, how much, and
// where it is (docs/product/design.md §5: money goes back out through the ledger).
import { UpiPinNote } from "~/components/payments/upi-pin-note";
import { formatDateTime } from "~/utils/dates";
import { richText, useT, type MessageId } from "~/utils/i18n";
import { refundReasonMessage } from "~/models/refund-reasons";
import { formatINR } from "~/utils/money";

type Refund = { id: string; amount: number; reasonCode: string; reasonValues: unknown; status: "queued" | "sent" | "failed"; gatewayRefundId: string | null; createdAt: Date | string; updatedAt: Date | string };

const STATE = {
  queued: { label: "account.refund.queued", tone: "tone-blue" },
  sent: { label: "account.refund.sent", tone: "tone-green" },
  failed: { label: "account.refund.failed", tone: "tone-orange" },
} as const satisfies Record<string, { label: MessageId; tone: string }>;

/** Words from the "account" namespace: /account loads it. */
export function RefundList({ refunds }: { refunds: Refund[] }) {
  const { t, locale } = useT();
  return (
    <>
      <UpiPinNote />
      <ul className="refunds">
        {refunds.map((r) => (
          <li key={r.id} className="card">
            <p>
              <strong>{formatINR(r.amount)}</strong> <span className={`badge ${STATE[r.status].tone}`}>{t(STATE[r.status].label)}</span>
            </p>
            <p className="muted">
              <Reason code={r.reasonCode} values={r.reasonValues} />
            </p>
            <p>
              {r.status === "queued"
                ? t("account.refund.queuedText")
                : r.status === "sent"
                  ? t("account.refund.sentText", { when: formatDateTime(r.updatedAt, locale), ref: r.gatewayRefundId })
                  : t("account.refund.failedText")}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** What the refund is for, in the page's language; what was typed (a title, a reason from before codes) shown as written. */
function Reason({ code, values }: { code: string; values: unknown }) {
  const { tm } = useT();
  const { msg, typed } = refundReasonMessage({ code, values });
  return <>{richText(tm(msg), [() => <span translate="no">{typed}</span>])}</>;
}
