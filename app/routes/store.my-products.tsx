import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { EarningsView } from "~/components/store/earnings-view";
import { ListingImage } from "~/components/store/listing-image";
import { LineTimeline } from "~/components/store/line-timeline";
import { db } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { maskedPayoutDetails } from "~/models/payments/payout-details.server";
import { payOutEarnings, sellerStatement } from "~/models/store/earnings.server";
import { myListings } from "~/models/store/listings.server";
import { METHOD_LABELS, paymentState, shortOrderId } from "~/models/store/checkout";
import { CANCEL_REASON_MAX, LINE_BADGES, lineState, ORDER_MESSAGES, readReason, readTracking, sellerCan, TRACKING_MAX } from "~/models/store/order-life";
import { sellerCancels, sellerConfirmsReturn, sellerShips } from "~/models/store/order-life.server";
import { salesOf } from "~/models/store/order-views.server";
import { formatDateTime } from "~/utils/dates";
import { readForm } from "~/utils/forms.server";
import { notFound, redirectWithFlash } from "~/utils/http.server";
import { isUuid } from "~/utils/urls";
import { formatINR } from "~/utils/money";
import { translatedPageMeta } from "~/utils/meta";
import { richText, translateMsg, useT, type MessageId, type Msg } from "~/utils/i18n";
import { i18nFor, messagesFor, pickMessages } from "~/utils/i18n.server";

export const meta = translatedPageMeta("sell.metaTitle", "sell.metaDescription");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const sellerId = await requireUserId(request, context);
  const view = new URL(request.url).searchParams.get("view");
  const { messages, locale } = i18nFor(request, context, "sell");
  // The sales' badges, timelines and payment methods are the orders' and checkout's words.
  if (view === "sales") {
    const methods = pickMessages(locale, Object.values(METHOD_LABELS));
    return { view: "sales" as const, sales: await salesOf(db, sellerId), messages: { ...messages, ...messagesFor(locale, "orders"), ...methods } };
  }
  if (view === "earnings") {
    const [statement, details] = await Promise.all([sellerStatement(db, sellerId, new Date()), maskedPayoutDetails(db, sellerId)]);
    return { view: "earnings" as const, statement, hasDetails: details !== null, heldUntil: details?.heldUntil ?? null, messages };
  }
  return { view: "listings" as const, listings: await myListings(db, sellerId), messages };
}

/**
 * The seller's steps on a sold item (models/store/order-life.server.ts): ship it (a
 * tracking number if they have one), cancel it with a reason, confirm a return. Someone
 * else's sale is a 404; an item the buyer cancelled first says so.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const sellerId = await requireUserId(request, context, "/store/my-products?view=sales");
  const form = await readForm(request, ["intent", "itemId", "tracking", "reason"]);
  const { t } = i18nFor(request, context);
  if (form.get("intent") === "payout") {
    const earnings = "/store/my-products?view=earnings";
    const made = await payOutEarnings(db, sellerId, new Date());
    if (made.kind === "nothing") return redirectWithFlash(earnings, { kind: "info", message: { id: "sell.pay.nothing" } });
    if (made.kind === "awaiting_details") return redirectWithFlash(earnings, { kind: "info", message: { id: "sell.pay.awaiting", values: { amount: formatINR(made.amount) } } });
    return redirectWithFlash(earnings, { kind: "success", message: { id: "sell.pay.sent", values: { amount: formatINR(made.amount) } } });
  }
  const itemId = form.get("itemId");
  if (!isUuid(itemId)) notFound();
  const here = "/store/my-products?view=sales";
  const input = { sellerId, itemId, now: new Date() };
  const refused = (field: "tracking" | "reason", message: Msg) => data({ itemId, field, message: translateMsg(t, message), value: String(form.get(field) ?? "").slice(0, 1000) }, { status: 400 });
  switch (form.get("intent")) {
    case "ship": {
      const tracking = readTracking(form.get("tracking"));
      if (tracking === "long") return refused("tracking", ORDER_MESSAGES.trackingTooLong);
      const done = (await sellerShips(db, { ...input, tracking })) ?? notFound();
      if (done.kind === "cancelled") return redirectWithFlash(here, { kind: "error", message: ORDER_MESSAGES.buyerCancelledFirst });
      return redirectWithFlash(here, { kind: "success", message: ORDER_MESSAGES.shipped });
    }
    case "cancel": {
      const reason = readReason(form.get("reason"), CANCEL_REASON_MAX);
      if (reason === "short" || reason === "long") return refused("reason", reason === "short" ? ORDER_MESSAGES.cancelReasonRequired : ORDER_MESSAGES.cancelReasonTooLong);
      const done = (await sellerCancels(db, { ...input, reason })) ?? notFound();
      if (done.kind !== "cancelled") return redirectWithFlash(here, { kind: "error", message: done.kind === "shipped" ? { id: "sell.sale.alreadyShipped" } : ORDER_MESSAGES.buyerCancelledFirst });
      return redirectWithFlash(here, { kind: "success", message: ORDER_MESSAGES.sellerCancelled });
    }
    case "return-received": {
      const done = (await sellerConfirmsReturn(db, input)) ?? notFound();
      if (done.kind !== "returned") return redirectWithFlash(here, { kind: "error", message: ORDER_MESSAGES.noReturnToConfirm });
      return redirectWithFlash(here, { kind: "success", message: done.refunded ? ORDER_MESSAGES.returnReceivedRefund(formatINR(done.refunded)) : ORDER_MESSAGES.returnReceived });
    }
    default:
      throw new Response("Unknown action.", { status: 400 });
  }
}

function statusOf(listing: { is_active: boolean; stock: number }): { label: MessageId; tone: string } {
  if (listing.stock === 0) return { label: "sell.status.sold", tone: "tone-blue" };
  return listing.is_active ? { label: "sell.status.active", tone: "tone-green" } : { label: "sell.status.inactive", tone: "tone-gray" };
}

export default function MyProducts() {
  const page = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <section className="container section">
      <div className="section-head">
        <h1>{t("sell.title")}</h1>
        <Link to="/store/new" className="btn btn-primary">
          {t("sell.add")}
        </Link>
      </div>
      <nav className="tabs" aria-label={t("sell.views")}>
        <Link to="/store/my-products" aria-current={page.view === "listings" ? "page" : undefined}>
          {t("sell.tab.listings")}
        </Link>
        <Link to="/store/my-products?view=sales" aria-current={page.view === "sales" ? "page" : undefined}>
          {t("sell.tab.sales")}
        </Link>
        <Link to="/store/my-products?view=earnings" aria-current={page.view === "earnings" ? "page" : undefined}>
          {t("sell.tab.earnings")}
        </Link>
      </nav>
      {page.view === "sales" ? <Sales sales={page.sales} /> : page.view === "earnings" ? <EarningsView statement={page.statement} hasDetails={page.hasDetails} heldUntil={page.heldUntil} /> : <Listings listings={page.listings} />}
    </section>
  );
}

type Sale = Awaited<ReturnType<typeof salesOf>>[number];

function Sales({ sales }: { sales: Sale[] }) {
  const { t, locale } = useT();
  if (sales.length === 0) return <div className="card empty"><p>{t("sell.noSales")}</p></div>;
  return (
    <ul className="orders">
      {sales.map((sale) => {
        const state = lineState(sale);
        const badge = state === "placed" ? { label: "orders.badge.toShip" as const, tone: "tone-orange" } : LINE_BADGES[state];
        return (
          <li key={sale.id} className="card order">
            <div className="order-head">
              <h2 translate="no">{sale.title}</h2>
              <span className={`badge ${badge.tone}`}>{t(badge.label)}</span>
            </div>
            <p className="muted">
              {t("sell.sale.line", { id: shortOrderId(sale.order_id), when: formatDateTime(sale.sold_at, locale), price: formatINR(sale.price), quantity: sale.quantity })}
            </p>
            <p>{t(paymentState(sale) === "paid" ? "sell.sale.paid" : "sell.sale.collect", { method: t(METHOD_LABELS[sale.payment_method]) })}</p>
            <address>
              <span translate="no">
                <strong>{sale.buyer_name}</strong>
                <br />
                {sale.address.street}, {sale.address.city}, {sale.address.state} {sale.address.postal_code}
              </span>
              <br />
              {t("sell.sale.phone", { phone: sale.address.phone })}
            </address>
            <LineTimeline placedAt={sale.sold_at} line={sale} viewer="seller" />
            {sale.return_reason && state === "return_requested" ? <p>{richText(t("sell.sale.buyerSays"), [() => <span translate="no">{sale.return_reason}</span>])}</p> : null}
            <SellerSteps sale={sale} />
          </li>
        );
      })}
    </ul>
  );
}

/** What the seller may do with a sale now: each a plain form, so it works without JavaScript. */
function SellerSteps({ sale }: { sale: Sale }) {
  const failed = useActionData<typeof action>();
  const { t } = useT();
  const mine = failed?.itemId === sale.id ? failed : null;
  const can = sellerCan(sale);
  const fieldProps = (field: "tracking" | "reason") => {
    const wrong = mine?.field === field;
    return { id: `${field}-${sale.id}`, name: field, defaultValue: wrong ? mine.value : undefined, "aria-invalid": wrong || undefined, "aria-describedby": wrong ? `${field}-${sale.id}-error` : undefined };
  };
  const error = (field: "tracking" | "reason") =>
    mine?.field === field ? (
      <p id={`${field}-${sale.id}-error`} className="field-error" role="alert">
        {mine.message}
      </p>
    ) : null;
  if (can.confirmReturn) {
    return (
      <Form method="post">
        <input type="hidden" name="itemId" value={sale.id} />
        <button type="submit" name="intent" value="return-received" className="btn btn-primary btn-sm" aria-label={t("sell.sale.confirmReturnLabel", { title: sale.title })}>
          {t("sell.sale.confirmReturn")}
        </button>
      </Form>
    );
  }
  if (!can.ship) return null;
  return (
    <div className="line-form">
      <Form method="post" className="line-form">
        <input type="hidden" name="itemId" value={sale.id} />
        <label htmlFor={`tracking-${sale.id}`}>{t("sell.sale.tracking")}</label>
        <input type="text" maxLength={TRACKING_MAX} autoComplete="off" {...fieldProps("tracking")} />
        {error("tracking")}
        <button type="submit" name="intent" value="ship" className="btn btn-primary btn-sm" aria-label={t("sell.sale.shipLabel", { title: sale.title })}>
          {t("sell.sale.ship")}
        </button>
      </Form>
      <details className="line-step" open={mine?.field === "reason"}>
        <summary>{t("sell.sale.cantFulfil")}</summary>
        <Form method="post" className="line-form">
          <input type="hidden" name="itemId" value={sale.id} />
          <label htmlFor={`reason-${sale.id}`}>{t("sell.sale.why")}</label>
          <textarea rows={2} maxLength={CANCEL_REASON_MAX} {...fieldProps("reason")} />
          {error("reason")}
          <button type="submit" name="intent" value="cancel" className="btn btn-ghost btn-sm" aria-label={t("sell.sale.cancelLabel", { title: sale.title })}>
            {t("sell.sale.cancel")}
          </button>
        </Form>
      </details>
    </div>
  );
}

type Listing = Awaited<ReturnType<typeof myListings>>[number];

function Listings({ listings }: { listings: Listing[] }) {
  const { t } = useT();
  return (
    <>
      {listings.length === 0 ? (
        <div className="card empty">
          <p>{t("sell.noListings")}</p>
          <Link to="/store/new" className="btn btn-primary">
            {t("sell.firstListing")}
          </Link>
        </div>
      ) : (
        // A table on a desktop; on a phone each row is a card (CSS), nothing scrolls sideways.
        <table className="my-products">
          <thead>
            <tr>
              <th scope="col">{t("sell.col.product")}</th>
              <th scope="col">{t("sell.col.category")}</th>
              <th scope="col">{t("sell.col.price")}</th>
              <th scope="col">{t("sell.col.status")}</th>
              <th scope="col">{t("sell.col.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {listings.map((listing) => {
              const status = statusOf(listing);
              return (
                <tr key={listing.id}>
                  <td data-label={t("sell.col.product")}>
                    <span className="my-product">
                      <ListingImage src={listing.thumbnail_url} category={listing.category} size="icon" alt="" />
                      <span translate="no">{listing.title}</span>
                    </span>
                  </td>
                  <td data-label={t("sell.col.category")} translate="no">
                    {listing.category}
                  </td>
                  <td data-label={t("sell.col.price")}>{formatINR(listing.price)}</td>
                  <td data-label={t("sell.col.status")}>
                    <span className={`badge ${status.tone}`}>{t(status.label)}</span>
                  </td>
                  <td data-label={t("sell.col.actions")}>
                    <span className="actions-row">
                      <Link to={`/store/${listing.id}/edit`} aria-label={t("sell.editLabel", { title: listing.title })}>{t("sell.edit")}</Link>
                      <Link to={`/store/${listing.id}/image`} aria-label={t("sell.uploadLabel", { title: listing.title })}>{t("sell.upload")}</Link>
                      <Link to={`/store/${listing.id}/productdetails`} aria-label={t("sell.viewLabel", { title: listing.title })}>{t("sell.view")}</Link>
                      <Link to={`/store/${listing.id}/delete`} className="danger-link" aria-label={t("sell.deleteLabel", { title: listing.title })}>{t("sell.delete")}</Link>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}
