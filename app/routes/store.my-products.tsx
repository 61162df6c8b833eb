import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ListingImage } from "~/components/store/listing-image";
import { db } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { myListings } from "~/models/store/listings.server";
import { PAYMENT_LABELS, paymentState, shortOrderId } from "~/models/store/checkout";
import { markShipped, salesOf } from "~/models/store/order-views.server";
import { formatDateTime } from "~/utils/dates";
import { readForm } from "~/utils/forms.server";
import { notFound, redirectWithFlash } from "~/utils/http.server";
import { isUuid } from "~/utils/urls";
import { formatINR } from "~/utils/money";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta("My Products", "The listings you sell on the StudyArena marketplace.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const sellerId = await requireUserId(request, context);
  if (new URL(request.url).searchParams.get("view") === "sales") return { view: "sales" as const, sales: await salesOf(db, sellerId) };
  return { view: "listings" as const, listings: await myListings(db, sellerId) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const sellerId = await requireUserId(request, context, "/store/my-products?view=sales");
  const form = await readForm(request, ["intent", "itemId"]);
  const itemId = form.get("itemId");
  if (form.get("intent") !== "ship" || !isUuid(itemId)) throw new Response("Unknown action.", { status: 400 });
  // Someone else's sale, or one not completed, is not found; one shipped already stays shipped.
  if (!(await markShipped(db, { sellerId, itemId, now: new Date() }))) notFound();
  return redirectWithFlash("/store/my-products?view=sales", { kind: "success", message: "Marked as shipped. The buyer sees it under Your Orders." });
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
      </nav>
      {page.view === "sales" ? <Sales sales={page.sales} /> : <Listings listings={page.listings} />}
    </section>
  );
}

type Sale = Awaited<ReturnType<typeof salesOf>>[number];

function Sales({ sales }: { sales: Sale[] }) {
  if (sales.length === 0) return <div className="card empty"><p>No sales yet</p></div>;
  return (
    <ul className="orders">
      {sales.map((sale) => (
        <li key={sale.id} className="card order">
          <div className="order-head">
            <h2>{sale.title}</h2>
            <span className={`badge ${sale.shipped_at ? "tone-blue" : "tone-orange"}`}>{sale.shipped_at ? "Shipped" : "To ship"}</span>
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
          {sale.shipped_at ? null : (
            <Form method="post">
              <input type="hidden" name="itemId" value={sale.id} />
              <button type="submit" name="intent" value="ship" className="btn btn-primary btn-sm" aria-label={`Mark ${sale.title} as shipped`}>
                Mark as shipped
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
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
