// A payer's refunds on /account (app/routes/account.tsx): what each was for, how much, and
// where it is (docs/product/design.md §5: money goes back out through the ledger).
import { formatDateTime } from "~/utils/dates";
import { richText, useT, type MessageId } from "~/utils/i18n";
import { refundReason } from "~/models/refund-reasons";
import { formatINR } from "~/utils/money";

type Refund = { id: string; amount: number; reason: string; status: "queued" | "sent" | "failed"; gatewayRefundId: string | null; createdAt: Date | string; updatedAt: Date | string };

const STATE = {
  queued: { label: "account.refund.queued", tone: "tone-blue" },
  sent: { label: "account.refund.sent", tone: "tone-green" },
  failed: { label: "account.refund.failed", tone: "tone-orange" },
} as const satisfies Record<string, { label: MessageId; tone: string }>;

/** Words from the "account" namespace: /account loads it. */
export function RefundList({ refunds }: { refunds: Refund[] }) {
  const { t, locale } = useT();
  return (
    <ul className="refunds">
      {refunds.map((r) => (
        <li key={r.id} className="card">
          <p>
            <strong>{formatINR(r.amount)}</strong> <span className={`badge ${STATE[r.status].tone}`}>{t(STATE[r.status].label)}</span>
          </p>
          <p className="muted">
            <Reason reason={r.reason} />
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
  );
}

/** What the refund is for, in the page's language; a reason of a shape we do not know, as the ledger wrote it. */
function Reason({ reason }: { reason: string }) {
  const { t, tm } = useT();
  const read = refundReason(reason);
  if (!read) return <>{richText(t("account.refund.for"), [() => <span lang="en">{reason}</span>])}</>;
  return <>{richText(tm(read.msg), [() => <span translate="no">{read.title}</span>])}</>;
}
