// A payer's refunds on /account (app/routes/account.tsx): what each was for, how much, and
// where it is (docs/product/design.md §5: money goes back out through the ledger).
import { formatDateTime } from "~/utils/dates";
import { richText, useT, type MessageId } from "~/utils/i18n";
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
          {/* The reason is kept as the ledger wrote it, in English (docs/decisions.md, "Hindi: how it is built"). */}
          <p className="muted">{richText(t("account.refund.for", { reason: "<0></0>" }), [() => <span lang="en">{r.reason}</span>])}</p>
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
