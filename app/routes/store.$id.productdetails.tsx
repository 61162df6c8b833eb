import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { notFoundBoundary } from "~/components/not-found";
import { db } from "~/db/client.server";
import { getProduct } from "~/models/store/products.server";
import { getUserId } from "~/models/accounts/auth.server";
import { askedQuantity, CART_MESSAGES } from "~/models/store/cart";
import { buyerState, cartCap, putInCart, setWished, takeOutOfCart } from "~/models/store/cart.server";
import { heldForMinutes } from "~/models/store/orders.server";
import { starsOf } from "~/models/store/reviews";
import { productReviews, sellerRating } from "~/models/store/reviews.server";
import { formatDate } from "~/utils/dates";
import { countOf } from "~/utils/text";
import { readForm } from "~/utils/forms.server";
import { invariantResponse, redirectWithFlash, requireUuidParam } from "~/utils/http.server";
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
  const isOwner = product.seller_id === userId;
  // Reviews come a page at a time (?reviews=2), as plain links.
  const page = Number.parseInt(new URL(request.url).searchParams.get("reviews") ?? "1", 10);
  const [reviews, seller] = await Promise.all([productReviews(db, id, Number.isFinite(page) ? Math.min(page, 10_000) : 1), sellerRating(db, product.seller_id)]);
  return {
    reviews,
    sellerRating: seller,
    product: rest,
    isOwner,
    buyer: userId && !isOwner ? await buyerState(db, userId, id) : null,
    // A seller's contact details are for signed-in students only, never for crawlers.
    contact: userId ? { email: seller_email, phone: seller_phone, address: seller_address } : null,
    signedIn: Boolean(userId),
    cap: cartCap(),
    // Sold out only while another buyer's payment holds the last copies: say when to try again.
    heldFor: product.stock === 0 && product.is_active ? await heldForMinutes(db, id, new Date()) : null,
  };
}

// The buying controls are plain forms (docs/product/marketplace.md §2 Product detail): a guest goes
// to log in and comes back to this page; the cart page and checkout come with orders.
export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = requireUuidParam(params);
  const here = `/store/${id}/productdetails`;
  const userId = await getUserId(request, context);
  const form = await readForm(request, ["intent", "quantity", "on"]);
  if (!userId) {
    // Logging in does what the guest asked for, then comes back here.
    const intent = form.get("intent");
    const resume: Record<string, string> = intent === "cart-add" ? { action: "cart", quantity: String(form.get("quantity") ?? "1").slice(0, 12) } : intent === "wish" ? { action: "wish" } : {};
    throw redirect(`/login?${new URLSearchParams({ redirectTo: here, ...resume })}`);
  }
  switch (form.get("intent")) {
    case "cart-add":
      if (askedQuantity(form.get("quantity")) > cartCap()) return redirectWithFlash(here, { kind: "error", message: CART_MESSAGES.tooManyCopies(cartCap()) });
      if (!(await putInCart(db, { userId, productId: id, quantity: form.get("quantity") }))) return redirectWithFlash(here, { kind: "error", message: CART_MESSAGES.unavailable });
      return redirectWithFlash(here, { kind: "success", message: CART_MESSAGES.added });
    case "cart-remove":
      await takeOutOfCart(db, { userId, productId: id });
      return redirectWithFlash(here, { kind: "info", message: CART_MESSAGES.removed });
    case "wish": {
      const on = form.get("on") === "1";
      await setWished(db, { userId, productId: id, on });
      return redirectWithFlash(here, { kind: "success", message: on ? CART_MESSAGES.wished : CART_MESSAGES.unwished });
    }
    default:
      throw new Response("Unknown action.", { status: 400 });
  }
}

export default function ProductDetails() {
  const { product, contact, signedIn, isOwner, buyer, cap, heldFor, reviews, sellerRating } = useLoaderData<typeof loader>();
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
            <a href="#reviews" className="muted">({countOf(product.review_count, "review")})</a>
          </p>
          <p className="price">{formatINR(product.price)}</p>
          <p>
            <span className={product.is_active ? "badge tone-green" : "badge tone-gray"}>{product.is_active ? "Active" : "Inactive"}</span>
          </p>
          {isOwner ? (
            // The seller's own listing: its tools instead of buying (docs/product/marketplace.md §2 Product detail).
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
          ) : (
            <div className="buy-box">
              {buyer?.inCart ? (
                <Form method="post" className="actions-row">
                  <span className="muted">In your cart: {buyer.quantity}</span>
                  <button type="submit" name="intent" value="cart-remove" className="btn btn-ghost">
                    Remove from Cart
                  </button>
                  <Link to="/cart" className="btn btn-primary">
                    View Cart
                  </Link>
                </Form>
              ) : product.stock > 0 && product.is_active ? (
                <Form method="post" className="actions-row">
                  <label htmlFor="quantity">Quantity</label>
                  <input id="quantity" name="quantity" type="number" min={1} max={Math.max(1, Math.min(product.stock, cap))} defaultValue={1} inputMode="numeric" className="qty" />
                  <button type="submit" name="intent" value="cart-add" className="btn btn-primary">
                    Add to Cart
                  </button>
                </Form>
              ) : heldFor ? (
                <p className="muted">{CART_MESSAGES.held(heldFor)}</p>
              ) : (
                <p className="badge tone-blue">Sold</p>
              )}
              <Form method="post">
                <input type="hidden" name="on" value={buyer?.wished ? "0" : "1"} />
                <button type="submit" name="intent" value="wish" className="btn btn-ghost wish" aria-pressed={buyer?.wished ?? false}>
                  <span aria-hidden="true">{buyer?.wished ? "♥" : "♡"}</span> {buyer?.wished ? "In your wishlist" : "Add to wishlist"}
                </button>
              </Form>
            </div>
          )}
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
            <br />
            <span className="muted">
              {sellerRating.count > 0 ? (
                <>
                  <span className="stars" aria-hidden="true">★</span> {sellerRating.rating.toFixed(1)} from {countOf(sellerRating.count, "review")} of books they sold
                </>
              ) : (
                "No reviews of this seller yet"
              )}
            </span>
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
      <Reviews productId={product.id} {...reviews} />
    </section>
  );
}

type ReviewPage = Awaited<ReturnType<typeof productReviews>>;

/** Reviews by buyers who received this book, newest first, ten to a page with plain links. */
function Reviews({ productId, reviews, total, page, pages }: ReviewPage & { productId: string }) {
  const pageLink = (n: number) => `/store/${productId}/productdetails?reviews=${n}#reviews`;
  return (
    <>
      <h2 id="reviews">Reviews</h2>
      {total === 0 ? (
        <p className="muted">No reviews yet. Buyers review a book once it reaches them.</p>
      ) : (
        <>
          <ul className="reviews">
            {reviews.map((r) => (
              <li key={r.id} className="card">
                <strong>
                  <span className="stars" aria-label={`Rated ${r.rating} out of 5`}>
                    {starsOf(r.rating)}
                  </span>{" "}
                  {r.name}
                </strong>{" "}
                <span className="muted">· {formatDate(r.created_at)}</span>
                <p>{r.body}</p>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="actions-row" aria-label="Review pages">
              {page > 1 ? <Link to={pageLink(page - 1)}>← Newer reviews</Link> : null}
              <span className="muted">
                Page {page} of {pages}
              </span>
              {page < pages ? <Link to={pageLink(page + 1)}>Older reviews →</Link> : null}
            </nav>
          ) : null}
        </>
      )}
    </>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "Product Not Found",
  message: "This listing does not exist or is no longer available.",
  action: { label: "Browse Marketplace", to: "/store" },
});
