import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { notFoundBoundary } from "~/components/not-found";
import { db } from "~/db/client.server";
import { productPage } from "./store.$id.productdetails.query.server";
import { getUserId } from "~/models/accounts/auth.server";
import { askedQuantity, CART_MESSAGES } from "~/models/store/cart/cart";
import { ProductStepSchema } from "~/models/store/cart/cart-schema";
import { cartCap, putInCart, setWished, takeOutOfCart } from "~/models/store/cart/cart.server";
import { starsOf } from "~/models/store/reviews/reviews";
import { formatDate } from "~/utils/dates";
import { useT, type MessageId } from "~/utils/i18n";
import { i18nFor } from "~/utils/i18n.server";
import { metaTranslator, pageMeta } from "~/utils/meta";
import { conditionKey } from "~/components/store/listings/product-card";
import { parseForm } from "~/utils/forms.server";
import { invariantResponse, redirectWithFlash, requireUuidParam } from "~/utils/http.server";
import { formatINR } from "~/utils/money";
import { ListingImage } from "~/components/store/listings/listing-image";
import { ReturnTerms } from "~/components/store/listings/return-terms";
import { PhotoGallery } from "~/components/store/listings/photo-gallery";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  if (!data) return pageMeta(t("common.notFound.product"), t("common.notFound.productText"));
  const { title, condition } = data.product;
  return [
    { title: t("store.product.metaTitle", { title }) },
    { name: "description", content: t("store.product.metaDescription", { title, condition: t("store.state", { condition: conditionKey(condition) }) }) },
  ];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = requireUuidParam(params);
  const userId = await getUserId(request, context);
  // Reviews come a page at a time (?reviews=2), as plain links.
  const page = Number.parseInt(new URL(request.url).searchParams.get("reviews") ?? "1", 10);
  const found = await productPage(db, { productId: id, userId, reviewsPage: Number.isFinite(page) ? Math.min(page, 10_000) : 1, now: new Date() });
  invariantResponse(found);
  return { ...found, cap: cartCap(), messages: i18nFor(request, context, "store").messages };
}

// The buying controls are plain forms (docs/product/marketplace.md §2 Product detail): a guest goes
// to log in and comes back to this page; the cart page and checkout come with orders.
export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = requireUuidParam(params);
  const here = `/store/${id}/productdetails`;
  const userId = await getUserId(request, context);
  const submission = await parseForm(request, ProductStepSchema);
  if (!userId) {
    // Logging in does what the guest asked for, then comes back here.
    const { intent, quantity } = submission.payload;
    const resume: Record<string, string> = intent === "cart-add" ? { action: "cart", quantity: String(quantity ?? "1").slice(0, 12) } : intent === "wish" ? { action: "wish" } : {};
    throw redirect(`/login?${new URLSearchParams({ redirectTo: here, ...resume })}`);
  }
  if (submission.status !== "success") throw new Response("Unknown action.", { status: 400 });
  const step = submission.value;
  switch (step.intent) {
    case "cart-add":
      if (askedQuantity(step.quantity) > cartCap()) return redirectWithFlash(here, { kind: "error", message: { id: "store.product.tooMany", values: { cap: cartCap() } } });
      if (!(await putInCart(db, { userId, productId: id, quantity: step.quantity }))) return redirectWithFlash(here, { kind: "error", message: CART_MESSAGES.unavailable });
      return redirectWithFlash(here, { kind: "success", message: CART_MESSAGES.added });
    case "cart-remove":
      await takeOutOfCart(db, { userId, productId: id });
      return redirectWithFlash(here, { kind: "info", message: CART_MESSAGES.removed });
    case "wish":
      await setWished(db, { userId, productId: id, on: step.on });
      return redirectWithFlash(here, { kind: "success", message: step.on ? CART_MESSAGES.wished : CART_MESSAGES.unwished });
  }
}

export default function ProductDetails() {
  const { product, photos, isOwner, buyer, cap, heldFor, reviews, sellerRating } = useLoaderData<typeof loader>();
  const { t } = useT();
  // What the seller typed stays as typed; the condition is one of ours.
  const facts: Array<[MessageId, string | null, boolean]> = [
    ["store.product.author", product.author, true],
    ["store.product.publisher", product.publisher, true],
    ["store.product.isbn", product.isbn, true],
    ["store.condition", t("store.state", { condition: conditionKey(product.condition) }), false],
    ["store.product.category", product.category, true],
  ];
  return (
    <section className="container section">
      <p>
        <Link to="/store">{t("store.product.back")}</Link>
      </p>
      <div className="product-layout">
        {photos.length > 1 ? (
          <PhotoGallery photos={photos} title={product.title} />
        ) : (
          <ListingImage src={product.image_url} category={product.category} size="display" width={product.image_width} height={product.image_height} alt={product.title} eager />
        )}
        <div>
          <h1 translate="no">{product.title}</h1>
          <p aria-label={t("store.ratedOnly", { rating: product.rating })}>
            <span className="stars" aria-hidden="true">
              {"★".repeat(Math.round(product.rating))}
              {"☆".repeat(5 - Math.round(product.rating))}
            </span>{" "}
            <a href="#reviews" className="muted">
              {t("store.product.reviews", { count: product.review_count })}
            </a>
          </p>
          <p className="price">{formatINR(product.price)}</p>
          <p>
            <span className={product.is_active ? "badge tone-green" : "badge tone-gray"}>{t(product.is_active ? "store.product.active" : "store.product.inactive")}</span>
          </p>
          {isOwner ? (
            // The seller's own listing: its tools instead of buying (docs/product/marketplace.md §2 Product detail).
            <p className="actions-row">
              <Link to={`/store/${product.id}/edit`} className="btn btn-primary">
                {t("store.product.edit")}
              </Link>
              <Link to={`/store/${product.id}/image`} className="btn btn-ghost">
                {t("store.product.upload")}
              </Link>
              <Link to={`/store/${product.id}/delete`} className="btn btn-danger">
                {t("store.product.delete")}
              </Link>
            </p>
          ) : (
            <div className="buy-box">
              {buyer?.inCart ? (
                <Form method="post" className="actions-row">
                  <span className="muted">{t("store.product.inCart", { quantity: buyer.quantity })}</span>
                  <button type="submit" name="intent" value="cart-remove" className="btn btn-ghost">
                    {t("store.product.removeFromCart")}
                  </button>
                  <Link to="/cart" className="btn btn-primary">
                    {t("store.viewCart")}
                  </Link>
                </Form>
              ) : product.stock > 0 && product.is_active ? (
                <Form method="post" className="actions-row">
                  <label htmlFor="quantity">{t("store.product.quantity")}</label>
                  <input id="quantity" name="quantity" type="number" min={1} max={Math.max(1, Math.min(product.stock, cap))} defaultValue={1} inputMode="numeric" className="qty" />
                  <button type="submit" name="intent" value="cart-add" className="btn btn-primary">
                    {t("store.product.addToCart")}
                  </button>
                </Form>
              ) : heldFor ? (
                <p className="muted">{t("store.product.held", { minutes: heldFor })}</p>
              ) : (
                <p className="badge tone-blue">{t("store.product.sold")}</p>
              )}
              <Form method="post">
                <input type="hidden" name="on" value={buyer?.wished ? "0" : "1"} />
                <button type="submit" name="intent" value="wish" className="btn btn-ghost wish" aria-pressed={buyer?.wished ?? false}>
                  <span aria-hidden="true">{buyer?.wished ? "♥" : "♡"}</span> {t(buyer?.wished ? "store.product.wished" : "store.product.wish")}
                </button>
              </Form>
            </div>
          )}
          <dl className="facts-list">
            {facts.map(([label, value, typed]) =>
              value ? (
                <div key={label}>
                  <dt>{t(label)}</dt>
                  <dd translate={typed ? "no" : undefined}>{value}</dd>
                </div>
              ) : null,
            )}
          </dl>
          {/* What the grade promises (issue 49, point 6): the same words the seller chose it by. */}
          <p className="muted">{t(`store.grade.${conditionKey(product.condition)}` as MessageId)}</p>
        </div>
      </div>
      <h2>{t("store.product.description")}</h2>
      <p translate="no">{product.description}</p>
      <h2>{t("store.product.seller")}</h2>
      {/* No profile row: the spec's fallback. */}
      {product.seller_since ? (
        <div className="card">
          <p style={{ marginTop: 0 }}>
            <strong>{product.seller_name ? <span translate="no">{product.seller_name}</span> : t("store.product.aSeller")}</strong>
            {product.seller_city ? (
              <span className="muted">
                {" · "}
                <span translate="no">{product.seller_city}</span>
              </span>
            ) : null}
            <span className="muted"> · {t("store.product.memberSince", { year: new Date(product.seller_since).getFullYear() })}</span>
            <br />
            <span className="muted">
              {sellerRating.count > 0 ? (
                <>
                  <span className="stars" aria-hidden="true">★</span> {t("store.product.sellerRating", { rating: sellerRating.rating.toFixed(1), count: sellerRating.count })}
                </>
              ) : (
                t("store.product.noSellerReviews")
              )}
            </span>
          </p>
          <p className="muted" style={{ marginBottom: 0 }}>
            {t("store.product.sellerSales", { count: sellerRating.sales })} {t("store.product.contactOnOrder")}
          </p>
        </div>
      ) : (
        <p className="muted">{t("store.product.noSeller")}</p>
      )}
      <ReturnTerms />
      <Reviews productId={product.id} {...reviews} />
    </section>
  );
}

type ReviewPage = NonNullable<Awaited<ReturnType<typeof productPage>>>["reviews"];

/** Reviews by buyers who received this book, newest first, ten to a page with plain links. */
function Reviews({ productId, reviews, total, page, pages }: ReviewPage & { productId: string }) {
  const pageLink = (n: number) => `/store/${productId}/productdetails?reviews=${n}#reviews`;
  const { t, locale } = useT();
  return (
    <>
      <h2 id="reviews">{t("store.reviews.title")}</h2>
      {total === 0 ? (
        <p className="muted">{t("store.reviews.none")}</p>
      ) : (
        <>
          <ul className="reviews">
            {reviews.map((r) => (
              <li key={r.id} className="card">
                <strong>
                  <span className="stars" aria-label={t("store.ratedOnly", { rating: r.rating })}>
                    {starsOf(r.rating)}
                  </span>{" "}
                  <span translate="no">{r.name}</span>
                </strong>{" "}
                <span className="muted">· {formatDate(r.created_at, locale)}</span>
                <p translate="no">{r.body}</p>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="actions-row" aria-label={t("store.reviews.pages")}>
              {page > 1 ? <Link to={pageLink(page - 1)}>{t("store.reviews.newer")}</Link> : null}
              <span className="muted">{t("store.reviews.page", { page, pages })}</span>
              {page < pages ? <Link to={pageLink(page + 1)}>{t("store.reviews.older")}</Link> : null}
            </nav>
          ) : null}
        </>
      )}
    </>
  );
}

// A 404 has no loader data, so its words are the root's (common).
export const ErrorBoundary = notFoundBoundary({
  title: "common.notFound.product",
  message: "common.notFound.productText",
  action: { label: "common.notFound.toStore", to: "/store" },
});
