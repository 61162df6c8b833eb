import { Link } from "@remix-run/react";
import { ListingImage } from "~/components/store/listing-image";
import { POLICY } from "~/models/support/policy";
import { formatINR } from "~/utils/money";

// The pieces of /checkout that every step shows (docs/product/marketplace.md §2 Checkout).

const STEPS = ["Shipping", "Payment", "Confirmation"] as const;

export function StepIndicator({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className="steps" aria-label="Checkout steps">
      {STEPS.map((name, i) => (
        <li key={name} className={i + 1 < current ? "is-done" : i + 1 === current ? "is-current" : undefined} aria-current={i + 1 === current ? "step" : undefined}>
          <span className="step-number" aria-hidden="true">
            {i + 1}
          </span>
          {name}
        </li>
      ))}
    </ol>
  );
}

type SummaryLine = { id: string; title: string; price: number; quantity: number; thumbnail_url: string | null; category: string };
type Totals = { subtotal: number; shipping: number; total: number; shippingDiscount: number };

/** The sticky order summary, from the server's figures at this step. */
export function OrderSummary({ lines, totals }: { lines: SummaryLine[]; totals: Totals }) {
  return (
    <aside className="card order-summary" aria-label="Order summary">
      <h2>Order Summary</h2>
      <ul className="summary-lines">
        {lines.map((line) => (
          <li key={line.id}>
            <span className="summary-image">
              <ListingImage src={line.thumbnail_url} category={line.category} size="icon" alt="" />
              {line.quantity > 1 ? (
                <span className="qty-badge" aria-label={`Quantity ${line.quantity}`}>
                  {line.quantity}
                </span>
              ) : null}
            </span>
            <span className="summary-title">
              {line.title}
              <span className="muted">{formatINR(line.price)} each</span>
            </span>
            <strong>{formatINR(line.price * line.quantity)}</strong>
          </li>
        ))}
      </ul>
      <dl className="facts-list">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatINR(totals.subtotal)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>{totals.shipping === 0 ? "Free" : formatINR(totals.shipping)}</dd>
        </div>
        {totals.shippingDiscount > 0 ? (
          <div className="discount">
            <dt>Shipping Discount</dt>
            <dd>−{formatINR(totals.shippingDiscount)}</dd>
          </div>
        ) : null}
        <div className="summary-total">
          <dt>Total</dt>
          <dd>{formatINR(totals.total)}</dd>
        </div>
      </dl>
    </aside>
  );
}

export function OrderConfirmed({ orderId, paidOnline }: { orderId: string; paidOnline: boolean }) {
  return (
    <div className="card confirmed" role="status">
      <h2>Order Confirmed!</h2>
      {paidOnline ? <p className="alert alert-success">Payment successful! Redirecting...</p> : null}
      <p>Thank you for your order. A confirmation has been sent to your e-mail.</p>
      <h3>What&apos;s Next?</h3>
      <ul>
        <li>The seller prepares your book and ships it within {POLICY.sellerShipBusinessDays} business days.</li>
        <li>You will find the order under Your Orders, with its status.</li>
        <li>Delivery usually takes 3-5 business days after shipping.</li>
      </ul>
      <p className="actions-row">
        <Link to={`/orders/${orderId}/confirmation?placed=1`} className="btn btn-primary">
          View Order Details
        </Link>
        <Link to="/store" className="btn btn-ghost">
          Continue Shopping
        </Link>
      </p>
    </div>
  );
}
