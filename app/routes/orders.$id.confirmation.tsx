import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { notFoundBoundary } from "~/components/not-found";
import { LineTimeline } from "~/components/store/line-timeline";
import { OrderItems } from "~/components/store/order-items";
import { db } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { METHOD_LABELS, paymentState, shortOrderId } from "~/models/store/checkout";
import { buyerCan, ORDER_MESSAGES, readReason, RETURN_REASON_MAX, returnOpenUntil, type LineLife } from "~/models/store/order-life";
import { buyerCancels, buyerConfirmsDelivery, buyerRequestsReturn } from "~/models/store/order-life.server";
import { readReview, REVIEW_MAX_CHARS, REVIEW_MESSAGES, starsOf, type ReviewErrors } from "~/models/store/reviews";
import { reviewsOfLines, saveReview } from "~/models/store/reviews.server";
import { POLICY } from "~/models/support/policy";
import { buyerOrder } from "~/models/store/order-views.server";
import { readForm } from "~/utils/forms.server";
import { invariantResponse, notFound, redirectWithFlash, requireUuidParam } from "~/utils/http.server";
import { translatedPageMeta } from "~/utils/meta";
import { richText, translateMsg, useT, type Locale, type MessageId } from "~/utils/i18n";
import { i18nFor, localeOf, pickMessages, translator } from "~/utils/i18n.server";
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
 * The buyer's steps on one item (models/store/order-life.server.ts): cancel before it
 * ships, confirm it arrived, ask to return it within the window. Someone else's order or
 * item is a 404; a step the item has moved past says why (a seller who shipped first).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const buyerId = await requireUserId(request, context);
  const orderId = requireUuidParam(params);
  const form = await readForm(request, ["intent", "itemId", "reason", "rating", "body"]);
  const itemId = form.get("itemId");
  if (!isUuid(itemId)) notFound();
  const here = `/orders/${orderId}/confirmation`;
  const now = new Date();
  const input = { buyerId, orderId, itemId, now };
  const locale = localeOf(request, context);
  switch (form.get("intent")) {
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
      const reason = readReason(form.get("reason"), RETURN_REASON_MAX);
      if (reason === "short" || reason === "long") {
        const message = reason === "short" ? ORDER_MESSAGES.returnReasonRequired : ORDER_MESSAGES.returnReasonTooLong;
        return data({ itemId, form: "return" as const, message: translateMsg(translator(locale), message), reason: String(form.get("reason") ?? "").slice(0, RETURN_REASON_MAX * 2) }, { status: 400 });
      }
      const done = (await buyerRequestsReturn(db, { ...input, reason })) ?? notFound();
      if (done.kind !== "requested") return redirectWithFlash(here, { kind: "error", message: done.kind === "window-closed" ? ORDER_MESSAGES.returnWindowClosed : ORDER_MESSAGES.returnNotPossible });
      return redirectWithFlash(here, { kind: "success", message: ORDER_MESSAGES.returnRequested });
    }
    case "review": {
      const read = readReview(form.get("rating"), form.get("body"));
      const kept = { itemId, form: "review" as const, rating: String(form.get("rating") ?? "").slice(0, 1), body: String(form.get("body") ?? "").slice(0, REVIEW_MAX_CHARS * 2) };
      if (!read.ok) return data({ ...kept, errors: sayErrors(read.errors, locale) }, { status: 400 });
      const saved = (await saveReview(db, { buyerId, orderId, itemId, review: read.review, now })) ?? notFound();
      if (saved === "limited") return data({ ...kept, errors: sayErrors({ body: REVIEW_MESSAGES.tooMany }, locale) }, { status: 429 });
      return redirectWithFlash(here, { kind: "success", message: saved === "saved" ? REVIEW_MESSAGES.saved : REVIEW_MESSAGES.updated });
    }
    default:
      throw new Response("Unknown action.", { status: 400 });
  }
}

/** A form's messages in the visitor's language. */
const sayErrors = (errors: ReviewErrors, locale: Locale): Partial<Record<keyof ReviewErrors, string>> =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, translateMsg(translator(locale), message)]));

const PAYMENT_STATUS_LABELS = { paid: "orders.pay.paid", on_delivery: "orders.pay.onDelivery", pending: "orders.pay.pending", failed: "orders.pay.failed" } as const satisfies Record<string, MessageId>;

export default function OrderConfirmation() {
  const { order, justPlaced, now, reviews } = useLoaderData<typeof loader>();
  const { t } = useT();
  const several = order.items.length > 1;
  const address = order.shipping_address;
  const name = order.buyer_name.trim();
  return (
    <section className="container narrow section order-confirmation">
      <div className="confetti" aria-hidden="true" />
      <h1>{richText(t("orders.thanks"), [() => (name ? <span translate="no">{name}</span> : t("orders.customer"))])}</h1>
      <p>{richText(t("orders.status", { id: shortOrderId(order.id), status: order.status }), [(text) => <strong>{text}</strong>])}</p>
      {justPlaced ? <Countdown /> : null}
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
                <BuyerSteps item={item} now={new Date(now)} several={several} />
                {item.delivered_at && !item.cancelled_at && item.product_id ? <ReviewForm item={item} review={reviews.find((r) => r.itemId === item.id) ?? null} /> : null}
              </div>
            ))
          : null}
        <h3>{t("orders.next")}</h3>
        <ul>
          <li>{t("orders.next1", { email: order.buyer_email })}</li>
          <li>{t("orders.next2", { days: POLICY.sellerShipBusinessDays })}</li>
          <li>{t("orders.next3", { days: POLICY.returnDays, hours: POLICY.reportProblemHours })}</li>
        </ul>
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

/** What the buyer may do with one item now: each a plain form, so it works without JavaScript. */
function BuyerSteps({ item, now, several }: { item: LineLife & { id: string; title: string }; now: Date; several: boolean }) {
  const failed = useActionData<typeof action>();
  const { t, locale } = useT();
  const mine = failed && failed.itemId === item.id && failed.form === "return" ? failed : null;
  const can = buyerCan(item, now);
  const until = returnOpenUntil(item);
  if (!can.cancel && !can.confirmDelivery && !can.requestReturn) return null;
  return (
    <div className="actions-row">
      {can.cancel ? (
        <Form method="post">
          <input type="hidden" name="itemId" value={item.id} />
          <button type="submit" name="intent" value="cancel" className="btn btn-ghost btn-sm" aria-label={several ? t("orders.cancelLabel", { title: item.title }) : undefined}>
            {t(several ? "orders.cancelItem" : "orders.cancelOrder")}
          </button>
        </Form>
      ) : null}
      {can.confirmDelivery ? (
        <Form method="post">
          <input type="hidden" name="itemId" value={item.id} />
          <button type="submit" name="intent" value="received" className="btn btn-primary btn-sm" aria-label={several ? t("orders.receivedLabel", { title: item.title }) : undefined}>
            {t("orders.received")}
          </button>
        </Form>
      ) : null}
      {can.requestReturn ? (
        <details className="line-step" open={Boolean(mine)}>
          <summary>{t("orders.returnOpen")}</summary>
          <Form method="post" className="line-form">
            <input type="hidden" name="itemId" value={item.id} />
            <label htmlFor={`reason-${item.id}`}>{t("orders.whatsWrong")}</label>
            <textarea
              id={`reason-${item.id}`}
              name="reason"
              rows={3}
              maxLength={RETURN_REASON_MAX}
              defaultValue={mine?.reason}
              aria-invalid={mine ? true : undefined}
              aria-describedby={mine ? `reason-${item.id}-error` : undefined}
            />
            {mine ? (
              <p id={`reason-${item.id}-error`} className="field-error" role="alert">
                {mine.message}
              </p>
            ) : null}
            <p className="muted">{t("orders.openUntil", { when: until ? formatDateTime(until, locale) : "" })}</p>
            <button type="submit" name="intent" value="return" className="btn btn-primary btn-sm">
              {t("orders.askReturn")}
            </button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}

/** The buyer's review of a delivered item: stars and a few words, as a plain form; their review, if any, to edit. */
function ReviewForm({ item, review }: { item: { id: string; title: string }; review: { rating: number; body: string } | null }) {
  const failed = useActionData<typeof action>();
  const { t } = useT();
  const mine = failed && failed.itemId === item.id && failed.form === "review" ? failed : null;
  const rating = mine ? mine.rating : review ? String(review.rating) : "";
  const id = (name: string) => `${name}-${item.id}`;
  return (
    <details className="line-step" open={Boolean(mine)}>
      <summary>{review ? t("orders.review.yours", { stars: starsOf(review.rating) }) : t("orders.review.rate")}</summary>
      <Form method="post" className="line-form">
        <input type="hidden" name="itemId" value={item.id} />
        <fieldset className="stars-input" aria-invalid={mine?.errors.rating ? true : undefined} aria-describedby={mine?.errors.rating ? id("rating-error") : undefined}>
          <legend>{t("orders.review.rating")}</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n}>
              <input type="radio" name="rating" value={n} defaultChecked={rating === String(n)} required />
              {t("orders.review.stars", { n })}
            </label>
          ))}
        </fieldset>
        {mine?.errors.rating ? (
          <p id={id("rating-error")} className="field-error" role="alert">
            {mine.errors.rating}
          </p>
        ) : null}
        <label htmlFor={id("body")}>{t("orders.review.body")}</label>
        <textarea
          id={id("body")}
          name="body"
          rows={3}
          maxLength={REVIEW_MAX_CHARS}
          defaultValue={mine ? mine.body : (review?.body ?? "")}
          aria-invalid={mine?.errors.body ? true : undefined}
          aria-describedby={mine?.errors.body ? id("body-error") : undefined}
        />
        {mine?.errors.body ? (
          <p id={id("body-error")} className="field-error" role="alert">
            {mine.errors.body}
          </p>
        ) : null}
        <button type="submit" name="intent" value="review" className="btn btn-primary btn-sm" aria-label={t(review ? "orders.review.updateLabel" : "orders.review.postLabel", { title: item.title })}>
          {t(review ? "orders.review.update" : "orders.review.post")}
        </button>
      </Form>
    </details>
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
