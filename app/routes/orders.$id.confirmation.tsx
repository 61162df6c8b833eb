import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { notFoundBoundary } from "~/components/not-found";
import { BuyerSteps, ReturnCase, ReturnHowTo, ReviewForm } from "~/components/store/orders/buyer-steps";
import { LineTimeline } from "~/components/store/orders/line-timeline";
import { OrderItems } from "~/components/store/orders/order-items";
import { db } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { METHOD_LABELS, paymentState, shortOrderId } from "~/models/store/checkout/checkout";
import { awaitsConfirmation, confirmBy, lineState, ORDER_MESSAGES } from "~/models/store/orders/order-life";
import { buyerCancels, buyerConfirmsCod, buyerConfirmsDelivery, buyerRequestsReturn } from "~/models/store/orders/order-life.server";
import { BuyerStepSchema } from "~/models/store/orders/order-steps-schema";
import { INDIA_POST_TRACKING_URL, trackingKind } from "~/models/store/orders/india-post";
import { REVIEW_MESSAGES } from "~/models/store/reviews/reviews";
import { reviewsOfLines, saveReview } from "~/models/store/reviews/reviews.server";
import { buyerOrder } from "~/models/store/orders/order-views.server";
import { POLICY } from "~/models/support/policy";
import { parseForm } from "~/utils/forms.server";
import { invariantResponse, notFound, redirectWithFlash, requireUuidParam } from "~/utils/http.server";
import { translatedPageMeta } from "~/utils/meta";
import { msgText, richText, useT, type MessageId } from "~/utils/i18n";
import { i18nFor, pickMessages, translateReply } from "~/utils/i18n.server";
import { formatINR } from "~/utils/money";
import { formatDateTime } from "~/utils/dates";
import { isUuid } from "~/utils/urls";
import { useHydrated } from "~/utils/use-hydrated";

export const meta = translatedPageMeta("orders.page.metaTitle", "orders.page.metaDescription");

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const userId = await requireUserId(request, context);
  const id = requireUuidParam(params);
  // Anyone but the buyer sees the same page as for a missing order.
  const order = await buyerOrder(db, userId, id);
  invariantResponse(order);
  // Only the page right after checkout moves on to the store; from Your Orders or the mail it stays.
  const justPlaced = new URL(request.url).searchParams.get("placed") === "1";
  const reviews = await reviewsOfLines(db, userId, order.items.map((i) => i.id));
  // And the payment methods' names, from checkout.
  const { messages, locale } = i18nFor(request, context, "orders");
  return { order, justPlaced, now: new Date().toISOString(), reviews, messages: { ...messages, ...pickMessages(locale, Object.values(METHOD_LABELS)) } };
}

/**
 * The buyer's confirmation of a cash-on-delivery order, and their steps on one item
 * (models/store/orders/order-life.server.ts): cancel before it
 * ships, confirm it arrived, ask to return it within the window, review it once it is
 * delivered. Someone else's order or item is a 404; a step the item has moved past says
 * why (a seller who shipped first).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const buyerId = await requireUserId(request, context);
  const orderId = requireUuidParam(params);
  const submission = await parseForm(request, BuyerStepSchema);
  const here = `/orders/${orderId}/confirmation`;
  if (submission.status === "success" && submission.value.intent === "confirm-cod") {
    const done = (await buyerConfirmsCod(db, { buyerId, orderId, now: new Date() })) ?? notFound();
    if (done === "confirmed") return redirectWithFlash(here, { kind: "success", message: ORDER_MESSAGES.codConfirmed });
    return redirectWithFlash(here, { kind: "error", message: done === "already" ? ORDER_MESSAGES.codConfirmedAlready : done === "too-late" ? ORDER_MESSAGES.codTooLate : ORDER_MESSAGES.alreadyCancelled });
  }
  const itemId = submission.payload.itemId;
  if (!isUuid(itemId)) notFound();
  const { t } = i18nFor(request, context);
  // The reply goes to this item's form of this step only (several lines share the page).
  const refused = (reply: SubmissionResult<string[]>, status = 400) => data({ itemId, intent: String(submission.payload.intent), reply: translateReply(reply, t) }, { status });
  if (submission.status !== "success") return refused(submission.reply());
  const step = submission.value;
  const now = new Date();
  const input = { buyerId, orderId, itemId, now };
  switch (step.intent) {
    case "cancel": {
      const done = (await buyerCancels(db, input)) ?? notFound();
      if (done.kind !== "cancelled") return redirectWithFlash(here, { kind: "error", message: done.kind === "shipped" ? ORDER_MESSAGES.alreadyShipped : ORDER_MESSAGES.alreadyCancelled });
      return redirectWithFlash(here, { kind: "success", message: done.refunded ? ORDER_MESSAGES.cancelledRefund(formatINR(done.refunded)) : ORDER_MESSAGES.cancelled });
    }
    case "received": {
      const done = (await buyerConfirmsDelivery(db, input)) ?? notFound();
      if (done.kind === "not-shipped") return redirectWithFlash(here, { kind: "error", message: ORDER_MESSAGES.notShipped });
      return redirectWithFlash(here, { kind: "success", message: ORDER_MESSAGES.delivered });
    }
    case "return": {
      const done = (await buyerRequestsReturn(db, { ...input, reason: step.reason })) ?? notFound();
      if (done.kind !== "requested") return redirectWithFlash(here, { kind: "error", message: done.kind === "window-closed" ? ORDER_MESSAGES.returnWindowClosed : ORDER_MESSAGES.returnNotPossible });
      return redirectWithFlash(here, { kind: "success", message: ORDER_MESSAGES.returnRequested });
    }
    case "confirm-cod":
      return notFound();
    case "review": {
      const saved = (await saveReview(db, { buyerId, orderId, itemId, review: { rating: step.rating, body: step.body }, now })) ?? notFound();
      if (saved === "limited") return refused(submission.reply({ formErrors: [msgText(REVIEW_MESSAGES.tooMany)] }), 429);
      return redirectWithFlash(here, { kind: "success", message: saved === "saved" ? REVIEW_MESSAGES.saved : REVIEW_MESSAGES.updated });
    }
  }
}

const PAYMENT_STATUS_LABELS = { paid: "orders.pay.paid", on_delivery: "orders.pay.onDelivery", pending: "orders.pay.pending", failed: "orders.pay.failed" } as const satisfies Record<string, MessageId>;

export default function OrderConfirmation() {
  const { order, justPlaced, now, reviews } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const replyFor = (itemId: string, intent: "return" | "review") => (refused && refused.itemId === itemId && refused.intent === intent ? refused.reply : undefined);
  const { t, locale } = useT();
  const several = order.items.length > 1;
  const address = order.shipping_address;
  const name = order.buyer_name.trim();
  // Every line cancelled: nothing ships, nothing to celebrate or move on from (issue 49, point 7).
  const cancelled = order.status === "completed" && order.items.length > 0 && order.items.every((i) => lineState(i) === "cancelled");
  // Cash on delivery its buyer has yet to confirm (issue 49, point 5): the page asks, and does not move on.
  const toConfirm = order.status === "completed" && !cancelled && awaitsConfirmation(order);
  // Met in person (issue 49, point 4): each line's code, until it is handed over, once the order may be handed over at all.
  const codes = toConfirm ? [] : order.items.filter((i) => i.handover_code);
  return (
    <section className="container narrow section order-confirmation">
      {cancelled ? null : <div className="confetti" aria-hidden="true" />}
      <h1>{cancelled ? t("orders.cancelledTitle") : richText(t("orders.thanks"), [() => (name ? <span translate="no">{name}</span> : t("orders.customer"))])}</h1>
      <p>{richText(t("orders.status", { id: shortOrderId(order.id), status: cancelled ? "cancelled" : toConfirm ? "placed" : order.status }), [(text) => <strong>{text}</strong>])}</p>
      {justPlaced && !cancelled && !toConfirm ? <Countdown /> : null}
      {toConfirm ? (
        <div className="card">
          <h2>{t("orders.confirmCod.title")}</h2>
          <p>{t("orders.confirmCod.text", { amount: formatINR(order.cash_at_door), when: formatDateTime(confirmBy(order), locale) })}</p>
          <Form method="post">
            <button type="submit" name="intent" value="confirm-cod" className="btn btn-primary">
              {t("orders.confirmCod.button")}
            </button>
          </Form>
        </div>
      ) : null}
      {codes.length > 0 ? (
        <div className="card">
          <h2>{t("orders.handover.title")}</h2>
          <p>{t("orders.handover.text", { cod: order.payment_method === "cod" ? "yes" : "no" })}</p>
          <ul>
            {codes.map((item) => (
              <li key={item.id}>
                <strong className="price" translate="no">{item.handover_code}</strong> <span translate="no">{item.title}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="card">
        <h2>{t("orders.items")}</h2>
        <OrderItems items={order.items} />
        <dl className="facts-list">
          <div>
            <dt>{t("orders.subtotal")}</dt>
            <dd>{formatINR(order.subtotal)}</dd>
          </div>
          <div>
            <dt>{t("orders.shipping")}</dt>
            <dd>{order.shipping === 0 ? t("orders.free") : formatINR(order.shipping)}</dd>
          </div>
          <div>
            <dt>{t("orders.total")}</dt>
            <dd>
              <strong>{formatINR(order.total_amount)}</strong>
            </dd>
          </div>
          <div>
            <dt>{t("orders.method")}</dt>
            <dd>{t(METHOD_LABELS[order.payment_method])}</dd>
          </div>
          <div>
            <dt>{t("orders.paymentStatus")}</dt>
            <dd>{t(PAYMENT_STATUS_LABELS[paymentState(order)])}</dd>
          </div>
          {/* Cash on delivery's deposit, paid online (issue 49, point 5): a guarantee beside the whole price at the door, and what became of it. */}
          {order.deposit > 0 ? (
            <div>
              <dt>{t("orders.deposit")}</dt>
              <dd>{t("orders.depositText", { deposit: formatINR(order.deposit), cash: formatINR(order.cash_at_door), outcome: order.deposit_outcome ?? "held" })}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <div className="card">
        <h2>{t("orders.address")}</h2>
        <address>
          {/* What the buyer typed stays as typed; the phone's label is ours. */}
          <span translate="no">
            {address.name}
            <br />
            {address.street}
            <br />
            {address.city}, {address.state} {address.postal_code}
            <br />
            {address.country}
          </span>
          <br />
          {t("orders.phone", { phone: address.phone })}
        </address>
      </div>
      <div className="card">
        <h2>{t("orders.timeline")}</h2>
        {order.status === "completed"
          ? order.items.map((item) => (
              <div key={item.id} className="order-line">
                {several ? <h3 translate="no">{item.title}</h3> : null}
                <LineTimeline placedAt={order.created_at} line={item} viewer="buyer" />
                {/* Sent by India Post: its own site tracks the article (issue 49, point 2). */}
                {item.tracking_number && !item.delivered_at && trackingKind(item.tracking_number) === "india-post" ? (
                  <p>
                    <a href={INDIA_POST_TRACKING_URL} rel="noreferrer">
                      {t("orders.trackIndiaPost", { tracking: item.tracking_number })}
                    </a>
                  </p>
                ) : null}
                <ReturnHowTo item={item} />
                <ReturnCase orderId={order.id} item={item} />
                <BuyerSteps item={item} now={new Date(now)} several={several} returnReply={replyFor(item.id, "return")} />
                {item.delivered_at && !item.cancelled_at && item.product_id ? <ReviewForm item={item} review={reviews.find((r) => r.itemId === item.id) ?? null} reply={replyFor(item.id, "review")} /> : null}
              </div>
            ))
          : null}
        <h3>{t("orders.next")}</h3>
        {cancelled ? (
          <p>{t(order.payment_method === "cod" ? "orders.nextCancelledCod" : "orders.nextCancelled")}</p>
        ) : (
          <ul>
            <li>{t("orders.next1", { email: order.buyer_email })}</li>
            <li>{t("orders.next2", { days: POLICY.sellerShipBusinessDays })}</li>
            <li>{t("orders.next3", { days: POLICY.returnDays, hours: POLICY.reportProblemHours })}</li>
          </ul>
        )}
      </div>
      <p className="actions-row">
        <Link to="/store" className="btn btn-primary">
          {t("orders.continue")}
        </Link>
        <Link to="/orders" className="btn btn-ghost">
          {t("orders.details")}
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
  const { t } = useT();
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
      {t("orders.redirecting", { left })}
    </p>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "common.notFound.order",
  message: "common.notFound.orderText",
  action: { label: "common.notFound.toOrders", to: "/orders" },
});
