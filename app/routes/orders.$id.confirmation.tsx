import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { notFoundBoundary } from "~/components/not-found";
import { OrderItems } from "~/components/store/order-items";
import { db } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { PAYMENT_LABELS, paymentState, shortOrderId } from "~/models/store/checkout";
import { POLICY } from "~/models/support/policy";
import { buyerOrder } from "~/models/store/order-views.server";
import { invariantResponse, requireUuidParam } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { formatINR } from "~/utils/money";
import { formatDateTime } from "~/utils/dates";
import { useHydrated } from "~/utils/use-hydrated";

export const meta: MetaFunction = () => pageMeta("Order Confirmation", "Your StudyArena marketplace order.");

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const userId = await requireUserId(request, context);
  const id = requireUuidParam(params);
  // Anyone but the buyer sees the same page as for a missing order.
  const order = await buyerOrder(db, userId, id);
  invariantResponse(order);
  // Only the page right after checkout moves on to the store; from Your Orders or the mail it stays.
  const justPlaced = new URL(request.url).searchParams.get("placed") === "1";
  return { order, justPlaced };
}

const PAYMENT_STATUS_LABELS = { paid: "Paid", on_delivery: "Pay on delivery", pending: "Awaiting payment", failed: "Failed" } as const;

/**
 * The order's steps with when each happened (IST), or when it is expected: placed at its
 * time, shipped when the last item shipped, delivery a few days after.
 */
function timelineOf(order: { created_at: Date | string; items: { shipped_at: Date | string | null }[] }): Array<[string, string]> {
  const shipped = order.items.map((i) => i.shipped_at);
  const allShipped = shipped.length > 0 && shipped.every(Boolean);
  const lastShipped = allShipped ? shipped.map((t) => new Date(t!).getTime()).reduce((a, b) => Math.max(a, b)) : null;
  return [
    ["Order Placed", `${formatDateTime(order.created_at)} IST`],
    ["Processing", allShipped ? "Done" : "Within 24 hours"],
    ["Shipped", lastShipped ? `${formatDateTime(new Date(lastShipped))} IST` : `Within ${POLICY.sellerShipBusinessDays} business days`],
    ["Delivered", "3-5 business days after shipping"],
  ];
}

export default function OrderConfirmation() {
  const { order, justPlaced } = useLoaderData<typeof loader>();
  const address = order.shipping_address;
  return (
    <section className="container narrow section order-confirmation">
      <div className="confetti" aria-hidden="true" />
      <h1>Thank you, {order.buyer_name.trim() || "Customer"}!</h1>
      <p>
        Your order <strong>#{shortOrderId(order.id)}</strong> is {order.status === "completed" ? "confirmed" : order.status === "pending" ? "awaiting payment" : "not placed"}.
      </p>
      {justPlaced ? <Countdown /> : null}
      <div className="card">
        <h2>Items</h2>
        <OrderItems items={order.items} />
        <dl className="facts-list">
          <div>
            <dt>Subtotal</dt>
            <dd>{formatINR(order.subtotal)}</dd>
          </div>
          <div>
            <dt>Shipping</dt>
            <dd>{order.shipping === 0 ? "Free" : formatINR(order.shipping)}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>
              <strong>{formatINR(order.total_amount)}</strong>
            </dd>
          </div>
          <div>
            <dt>Payment method</dt>
            <dd>{PAYMENT_LABELS[order.payment_method]}</dd>
          </div>
          <div>
            <dt>Payment status</dt>
            <dd>{PAYMENT_STATUS_LABELS[paymentState(order)]}</dd>
          </div>
        </dl>
      </div>
      <div className="card">
        <h2>Shipping Address</h2>
        <address>
          {address.name}
          <br />
          {address.street}
          <br />
          {address.city}, {address.state} {address.postal_code}
          <br />
          {address.country}
          <br />
          Phone: {address.phone}
        </address>
      </div>
      <div className="card">
        <h2>Delivery Timeline</h2>
        <ol className="timeline">
          {timelineOf(order).map(([step, when]) => (
            <li key={step}>
              <strong>{step}</strong> <span className="muted">{when}</span>
            </li>
          ))}
        </ol>
        <h3>What&apos;s Next?</h3>
        <ul>
          <li>A confirmation has been sent to {order.buyer_email}.</li>
          <li>The seller ships within {POLICY.sellerShipBusinessDays} business days; the order shows Shipped under Your Orders.</li>
          <li>Report a problem within {POLICY.reportProblemHours} hours of delivery from the Contact page.</li>
        </ul>
      </div>
      <p className="actions-row">
        <Link to="/store" className="btn btn-primary">
          Continue Shopping
        </Link>
        <Link to="/orders" className="btn btn-ghost">
          View Order Details
        </Link>
      </p>
    </section>
  );
}

const COUNTDOWN_FROM = 5;
const TICK_MS = 3_000;

/**
 * 5 to 0 every 3 s, then the store (docs/product/marketplace.md §9), right after checkout
 * only; with JavaScript only (without it nothing promises a move), and a click anywhere
 * on a link stops it.
 */
function Countdown() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [left, setLeft] = useState(COUNTDOWN_FROM);
  const [stopped, setStopped] = useState(false);
  useEffect(() => {
    const stop = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest("a")) setStopped(true);
    };
    document.addEventListener("click", stop, true);
    return () => document.removeEventListener("click", stop, true);
  }, []);
  useEffect(() => {
    if (stopped) return;
    if (left === 0) {
      navigate("/store");
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), TICK_MS);
    return () => clearTimeout(timer);
  }, [left, stopped, navigate]);
  if (!hydrated || stopped) return null;
  return (
    <p className="muted" role="status">
      Redirecting to homepage in {left} {left === 1 ? "second" : "seconds"}...
    </p>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "Order Not Found",
  message: "We could not find this order in your account.",
  action: { label: "View My Orders", to: "/orders" },
});
