import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { EarningsView } from "~/components/store/earnings-view";
import { ListingImage } from "~/components/store/listing-image";
import { LineTimeline } from "~/components/store/line-timeline";
import { db } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { maskedPayoutDetails } from "~/models/payments/payout-details.server";
import { payOutEarnings, sellerStatement } from "~/models/store/earnings.server";
import { myListings } from "~/models/store/listings.server";
import { PAYMENT_LABELS, paymentState, shortOrderId } from "~/models/store/checkout";
import { CANCEL_REASON_MAX, LINE_BADGES, lineState, ORDER_MESSAGES, readReason, readTracking, sellerCan, TRACKING_MAX } from "~/models/store/order-life";
import { sellerCancels, sellerConfirmsReturn, sellerShips } from "~/models/store/order-life.server";
import { salesOf } from "~/models/store/order-views.server";
import { formatDateTime } from "~/utils/dates";
import { readForm } from "~/utils/forms.server";
import { notFound, redirectWithFlash } from "~/utils/http.server";
import { isUuid } from "~/utils/urls";
import { formatINR } from "~/utils/money";
import { pageMeta } from "~/utils/meta";
import { useT } from "~/utils/i18n";
import { i18nFor } from "~/utils/i18n.server";

export const meta: MetaFunction = () => pageMeta("My Products", "The listings you sell on the StudyArena marketplace.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const sellerId = await requireUserId(request, context);
  const view = new URL(request.url).searchParams.get("view");
  // The sales' badges and timelines are the orders' words (the rest of this page is not in Hindi yet).
  if (view === "sales") return { view: "sales" as const, sales: await salesOf(db, sellerId), messages: i18nFor(request, context, "orders").messages };
  if (view === "earnings") {
    const [statement, details] = await Promise.all([sellerStatement(db, sellerId, new Date()), maskedPayoutDetails(db, sellerId)]);
    return { view: "earnings" as const, statement, hasDetails: details !== null };
  }
  return { view: "listings" as const, listings: await myListings(db, sellerId) };
}

/**
 * The seller's steps on a sold item (models/store/order-life.server.ts): ship it (a
 * tracking number if they have one), cancel it with a reason, confirm a return. Someone
 * else's sale is a 404; an item the buyer cancelled first says so.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const sellerId = await requireUserId(request, context, "/store/my-products?view=sales");
  const form = await readForm(request, ["intent", "itemId", "tracking", "reason"]);
  if (form.get("intent") === "payout") {
    const earnings = "/store/my-products?view=earnings";
    const made = await payOutEarnings(db, sellerId, new Date());
    if (made.kind === "nothing") return redirectWithFlash(earnings, { kind: "info", message: "There is nothing to pay you yet." });
    if (made.kind === "awaiting_details") return redirectWithFlash(earnings, { kind: "info", message: `${formatINR(made.amount)} is ready for you: add your payout details in My Account and it is sent at once.` });
    return redirectWithFlash(earnings, { kind: "success", message: `${formatINR(made.amount)} is on its way to your payout details.` });
  }
  const itemId = form.get("itemId");
  if (!isUuid(itemId)) notFound();
  const here = "/store/my-products?view=sales";
  const input = { sellerId, itemId, now: new Date() };
  const refused = (field: "tracking" | "reason", message: string) => data({ itemId, field, message, value: String(form.get(field) ?? "").slice(0, 1000) }, { status: 400 });
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
      if (done.kind !== "cancelled") return redirectWithFlash(here, { kind: "error", message: done.kind === "shipped" ? "You already marked this as shipped, so it can't be cancelled." : ORDER_MESSAGES.buyerCancelledFirst });
      return redirectWithFlash(here, { kind: "success", message: ORDER_MESSAGES.sellerCancelled });
    }
    case "return-received": {
      const done = (await sellerConfirmsReturn(db, input)) ?? notFound();
      if (done.kind !== "returned") return redirectWithFlash(here, { kind: "error", message: ORDER_MESSAGES.noReturnToConfirm });
      return redirectWithFlash(here, { kind: "success", message: done.refunded ? i18nFor(request, context).t("orders.msg.returnReceivedRefund", { amount: formatINR(done.refunded) }) : ORDER_MESSAGES.returnReceived });
    }
    default:
      throw new Response("Unknown action.", { status: 400 });
  }
}

function statusOf(listing: { is_active: boolean; stock: number }) {
  if (listing.stock === 0) return { label: "Sold", tone: "tone-blue" };
  return listing.is_active ? { label: "Active", tone: "tone-green" } : { label: "Inactive", tone: "tone-gray" };
}

export default function MyProducts() {
  const page = useLoaderData<typeof loader>();
  return (
    <section className="container section">
      <div className="section-head">
        <h1>My Products</h1>
        <Link to="/store/new" className="btn btn-primary">
          Add New Product
        </Link>
      </div>
      <nav className="tabs" aria-label="My Products views">
        <Link to="/store/my-products" aria-current={page.view === "listings" ? "page" : undefined}>
          Listings
        </Link>
        <Link to="/store/my-products?view=sales" aria-current={page.view === "sales" ? "page" : undefined}>
          Sales
        </Link>
        <Link to="/store/my-products?view=earnings" aria-current={page.view === "earnings" ? "page" : undefined}>
          Earnings
        </Link>
      </nav>
      {page.view === "sales" ? <Sales sales={page.sales} /> : page.view === "earnings" ? <EarningsView statement={page.statement} hasDetails={page.hasDetails} /> : <Listings listings={page.listings} />}
    </section>
  );
}

type Sale = Awaited<ReturnType<typeof salesOf>>[number];

function Sales({ sales }: { sales: Sale[] }) {
  const { t } = useT();
  if (sales.length === 0) return <div className="card empty"><p>No sales yet</p></div>;
  return (
    <ul className="orders">
      {sales.map((sale) => {
        const state = lineState(sale);
        const badge = state === "placed" ? { label: "orders.badge.toShip" as const, tone: "tone-orange" } : LINE_BADGES[state];
        return (
          <li key={sale.id} className="card order">
            <div className="order-head">
              <h2>{sale.title}</h2>
              <span className={`badge ${badge.tone}`}>{t(badge.label)}</span>
            </div>
            <p className="muted">
              Order #{shortOrderId(sale.order_id)} · {formatDateTime(sale.sold_at)} · {formatINR(sale.price)} × {sale.quantity}
            </p>
            <p>
              {PAYMENT_LABELS[sale.payment_method]}: {paymentState(sale) === "paid" ? "paid" : "collect on delivery"}
            </p>
            <address>
              <strong>{sale.buyer_name}</strong>
              <br />
              {sale.address.street}, {sale.address.city}, {sale.address.state} {sale.address.postal_code}
              <br />
              Phone: {sale.address.phone}
            </address>
            <LineTimeline placedAt={sale.sold_at} line={sale} viewer="seller" />
            {sale.return_reason && state === "return_requested" ? <p>The buyer says: &ldquo;{sale.return_reason}&rdquo;</p> : null}
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
        <button type="submit" name="intent" value="return-received" className="btn btn-primary btn-sm" aria-label={`Confirm the return of ${sale.title}`}>
          Confirm return received
        </button>
      </Form>
    );
  }
  if (!can.ship) return null;
  return (
    <div className="line-form">
      <Form method="post" className="line-form">
        <input type="hidden" name="itemId" value={sale.id} />
        <label htmlFor={`tracking-${sale.id}`}>Tracking number (optional)</label>
        <input type="text" maxLength={TRACKING_MAX} autoComplete="off" {...fieldProps("tracking")} />
        {error("tracking")}
        <button type="submit" name="intent" value="ship" className="btn btn-primary btn-sm" aria-label={`Mark ${sale.title} as shipped`}>
          Mark as shipped
        </button>
      </Form>
      <details className="line-step" open={mine?.field === "reason"}>
        <summary>Can&apos;t fulfil this order?</summary>
        <Form method="post" className="line-form">
          <input type="hidden" name="itemId" value={sale.id} />
          <label htmlFor={`reason-${sale.id}`}>Why? The buyer reads this.</label>
          <textarea rows={2} maxLength={CANCEL_REASON_MAX} {...fieldProps("reason")} />
          {error("reason")}
          <button type="submit" name="intent" value="cancel" className="btn btn-ghost btn-sm" aria-label={`Cancel the order of ${sale.title}`}>
            Cancel order
          </button>
        </Form>
      </details>
    </div>
  );
}

type Listing = Awaited<ReturnType<typeof myListings>>[number];

function Listings({ listings }: { listings: Listing[] }) {
  return (
    <>
      {listings.length === 0 ? (
        <div className="card empty">
          <p>No products listed</p>
          <Link to="/store/new" className="btn btn-primary">
            List Your First Product
          </Link>
        </div>
      ) : (
        // A table on a desktop; on a phone each row is a card (CSS), nothing scrolls sideways.
        <table className="my-products">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Category</th>
              <th scope="col">Price</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {listings.map((listing) => {
              const status = statusOf(listing);
              return (
                <tr key={listing.id}>
                  <td data-label="Product">
                    <span className="my-product">
                      <ListingImage src={listing.thumbnail_url} category={listing.category} size="icon" alt="" />
                      <span>{listing.title}</span>
                    </span>
                  </td>
                  <td data-label="Category">{listing.category}</td>
                  <td data-label="Price">{formatINR(listing.price)}</td>
                  <td data-label="Status">
                    <span className={`badge ${status.tone}`}>{status.label}</span>
                  </td>
                  <td data-label="Actions">
                    <span className="actions-row">
                      <Link to={`/store/${listing.id}/edit`} aria-label={`Edit ${listing.title}`}>Edit</Link>
                      <Link to={`/store/${listing.id}/image`} aria-label={`Upload image for ${listing.title}`}>Upload image</Link>
                      <Link to={`/store/${listing.id}/productdetails`} aria-label={`View ${listing.title}`}>View</Link>
                      <Link to={`/store/${listing.id}/delete`} className="danger-link" aria-label={`Delete ${listing.title}`}>Delete</Link>
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
