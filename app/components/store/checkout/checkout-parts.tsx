import { Link } from "@remix-run/react";
import { ListingImage } from "~/components/store/listings/listing-image";
import { POLICY } from "~/models/support/policy";
import { useT, type MessageId } from "~/utils/i18n";
import { formatINR } from "~/utils/money";

// The pieces of /checkout that every step shows (docs/product/marketplace.md §2 Checkout).
// Their words are the checkout namespace's.

const STEPS: MessageId[] = ["checkout.step.shipping", "checkout.step.payment", "checkout.step.confirmation"];

export function StepIndicator({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useT();
  return (
    <ol className="steps" aria-label={t("checkout.steps")}>
      {STEPS.map((name, i) => (
        <li key={name} className={i + 1 < current ? "is-done" : i + 1 === current ? "is-current" : undefined} aria-current={i + 1 === current ? "step" : undefined}>
          <span className="step-number" aria-hidden="true">
            {i + 1}
          </span>
          {t(name)}
        </li>
      ))}
    </ol>
  );
}

type SummaryLine = { id: string; title: string; price: number; quantity: number; thumbnail_url: string | null; category: string };
type Totals = { subtotal: number; shipping: number; total: number; shippingDiscount: number };

/** The sticky order summary, from the server's figures at this step. */
export function OrderSummary({ lines, totals }: { lines: SummaryLine[]; totals: Totals }) {
  const { t } = useT();
  return (
    <aside className="card order-summary" aria-label={t("checkout.summary.label")}>
      <h2>{t("checkout.summary.title")}</h2>
      <ul className="summary-lines">
        {lines.map((line) => (
          <li key={line.id}>
            <span className="summary-image">
              <ListingImage src={line.thumbnail_url} category={line.category} size="icon" alt="" />
              {line.quantity > 1 ? (
                <span className="qty-badge" aria-label={t("checkout.summary.quantity", { count: line.quantity })}>
                  {line.quantity}
                </span>
              ) : null}
            </span>
            <span className="summary-title">
              <span translate="no">{line.title}</span>
              <span className="muted">{t("checkout.summary.each", { price: formatINR(line.price) })}</span>
            </span>
            <strong>{formatINR(line.price * line.quantity)}</strong>
          </li>
        ))}
      </ul>
      <dl className="facts-list">
        <div>
          <dt>{t("checkout.summary.subtotal")}</dt>
          <dd>{formatINR(totals.subtotal)}</dd>
        </div>
        <div>
          <dt>{t("checkout.summary.shipping")}</dt>
          <dd>{totals.shipping === 0 ? t("checkout.summary.free") : formatINR(totals.shipping)}</dd>
        </div>
        {totals.shippingDiscount > 0 ? (
          <div className="discount">
            <dt>{t("checkout.summary.discount")}</dt>
            <dd>−{formatINR(totals.shippingDiscount)}</dd>
          </div>
        ) : null}
        <div className="summary-total">
          <dt>{t("checkout.summary.total")}</dt>
          <dd>{formatINR(totals.total)}</dd>
        </div>
      </dl>
    </aside>
  );
}

export function OrderConfirmed({ orderId, paidOnline, toConfirm }: { orderId: string; paidOnline: boolean; toConfirm: boolean }) {
  const { t } = useT();
  return (
    <div className="card confirmed" role="status">
      {/* Cash on delivery its buyer has yet to confirm is placed, not confirmed (issue 65, point 7); the spec's "Order Confirmed!" for every other. */}
      <h2>{t(toConfirm ? "checkout.placed.title" : "checkout.confirmed.title")}</h2>
      {paidOnline ? <p className="alert alert-success">{t("checkout.success")}</p> : null}
      <p>{toConfirm ? t("checkout.placed.text", { hours: POLICY.codConfirmHours }) : t("checkout.confirmed.thanks")}</p>
      <h3>{t("checkout.confirmed.next")}</h3>
      <ul>
        <li>{t("checkout.confirmed.ships", { days: POLICY.sellerShipBusinessDays })}</li>
        <li>{t("checkout.confirmed.orders")}</li>
        <li>{t("checkout.confirmed.delivery")}</li>
      </ul>
      <p className="actions-row">
        <Link to={`/orders/${orderId}/confirmation?placed=1`} className="btn btn-primary">
          {t("checkout.confirmed.view")}
        </Link>
        <Link to="/store" className="btn btn-ghost">
          {t("checkout.confirmed.continue")}
        </Link>
      </p>
    </div>
  );
}
