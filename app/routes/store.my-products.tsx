import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ListingImage } from "~/components/store/listing-image";
import { db } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { myListings } from "~/models/store/listings.server";
import { formatINR } from "~/utils/money";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta("My Products", "The listings you sell on the StudyArena marketplace.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const sellerId = await requireUserId(request, context);
  return { listings: await myListings(db, sellerId) };
}

function statusOf(listing: { is_active: boolean; stock: number }) {
  if (listing.stock === 0) return { label: "Sold", tone: "tone-blue" };
  return listing.is_active ? { label: "Active", tone: "tone-green" } : { label: "Inactive", tone: "tone-gray" };
}

export default function MyProducts() {
  const { listings } = useLoaderData<typeof loader>();
  return (
    <section className="container section">
      <div className="section-head">
        <h1>My Products</h1>
        <Link to="/store/new" className="btn btn-primary">
          Add New Product
        </Link>
      </div>
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
    </section>
  );
}
