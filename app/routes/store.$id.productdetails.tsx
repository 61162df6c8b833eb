import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { notFoundBoundary } from "~/components/not-found";
import { db } from "~/db/client.server";
import { getProduct } from "~/models/store/products.server";
import { getUserId } from "~/models/accounts/auth.server";
import { invariantResponse, requireUuidParam } from "~/utils/http.server";
import { formatINR } from "~/utils/money";
import { ListingImage } from "~/components/store/listing-image";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.product.title} — StudyArena Marketplace` : "Product Not Found — StudyArena" },
  { name: "description", content: data ? `${data.product.title}: used, in ${data.product.condition} condition, on the StudyArena marketplace.` : "This listing does not exist or has been removed." },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = requireUuidParam(params);
  const [product, userId] = await Promise.all([getProduct(db, id), getUserId(request, context)]);
  // Inactive listings are visible to their seller only.
  invariantResponse(product && (product.is_active || product.seller_id === userId));
  const { seller_email, seller_phone, seller_address, ...rest } = product;
  return {
    product: rest,
    isOwner: product.seller_id === userId,
    // A seller's contact details are for signed-in students only, never for crawlers.
    contact: userId ? { email: seller_email, phone: seller_phone, address: seller_address } : null,
    signedIn: Boolean(userId),
  };
}

export default function ProductDetails() {
  const { product, contact, signedIn, isOwner } = useLoaderData<typeof loader>();
  const facts: Array<[string, string | null]> = [
    ["Author", product.author],
    ["Publisher", product.publisher],
    ["ISBN", product.isbn],
    ["Condition", product.condition],
    ["Category", product.category],
  ];
  return (
    <section className="container section">
      <p>
        <Link to="/store">← Back to Marketplace</Link>
      </p>
      <div className="product-layout">
        <ListingImage src={product.image_url} category={product.category} size="display" width={product.image_width} height={product.image_height} alt={product.title} eager />
        <div>
          <h1>{product.title}</h1>
          <p aria-label={`Rated ${product.rating} out of 5`}>
            <span className="stars" aria-hidden="true">
              {"★".repeat(Math.round(product.rating))}
              {"☆".repeat(5 - Math.round(product.rating))}
            </span>{" "}
            <span className="muted">({product.review_count} reviews)</span>
          </p>
          <p className="price">{formatINR(product.price)}</p>
          <p>
            <span className={product.is_active ? "badge tone-green" : "badge tone-gray"}>{product.is_active ? "Active" : "Inactive"}</span>
          </p>
          {isOwner ? (
            // The seller's own listing: its tools instead of buying (marketplace.md §2 Product detail).
            <p className="actions-row">
              <Link to={`/store/${product.id}/edit`} className="btn btn-primary">
                Edit Product
              </Link>
              <Link to={`/store/${product.id}/image`} className="btn btn-ghost">
                Upload Image
              </Link>
              <Link to={`/store/${product.id}/delete`} className="btn btn-danger">
                Delete
              </Link>
            </p>
          ) : null}
          <dl className="facts-list">
            {facts.map(([label, value]) =>
              value ? (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ) : null,
            )}
          </dl>
        </div>
      </div>
      <h2>Description</h2>
      <p>{product.description}</p>
      <h2>Seller</h2>
      {/* No profile row: the spec's fallback. */}
      {product.seller_since ? (
        <div className="card">
          <p style={{ marginTop: 0 }}>
            <strong>{product.seller_name ?? "A StudyArena seller"}</strong>
            <span className="muted"> · Member since {new Date(product.seller_since).getFullYear()}</span>
          </p>
          {contact ? (
            <p style={{ marginBottom: 0 }}>
              {contact.email}
              {contact.phone ? <><br />{contact.phone}</> : null}
              {contact.address ? <><br />{contact.address}</> : null}
            </p>
          ) : signedIn ? null : (
            <p className="muted" style={{ marginBottom: 0 }}>
              <Link to={`/login?${new URLSearchParams({ redirectTo: `/store/${product.id}/productdetails` })}`}>Log in</Link> to see the seller's contact details.
            </p>
          )}
        </div>
      ) : (
        <p className="muted">Seller information not available</p>
      )}
    </section>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "Product Not Found",
  message: "This listing does not exist or is no longer available.",
  action: { label: "Browse Marketplace", to: "/store" },
});
