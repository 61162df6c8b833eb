import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ListingImage } from "~/components/store/listings/listing-image";
import { db } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { CART_MESSAGES } from "~/models/store/cart/cart";
import { WishlistStepSchema } from "~/models/store/cart/cart-schema";
import { putInCart, setWished, wishlistView } from "~/models/store/cart/cart.server";
import { parseForm } from "~/utils/forms.server";
import { notFound, redirectWithFlash } from "~/utils/http.server";
import { translatedPageMeta } from "~/utils/meta";
import { richText, useT } from "~/utils/i18n";
import { i18nFor } from "~/utils/i18n.server";
import { isUuid } from "~/utils/urls";
import { formatINR } from "~/utils/money";
import { ErrorPage } from "~/components/error-page";

export const meta = translatedPageMeta("store.wishlist.metaTitle", "store.wishlist.metaDescription");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = await requireUserId(request, context);
  return { items: await wishlistView(db, userId), messages: i18nFor(request, context, "store").messages };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const userId = await requireUserId(request, context, "/wishlist");
  const submission = await parseForm(request, WishlistStepSchema);
  if (!isUuid(submission.payload.productId)) notFound();
  if (submission.status !== "success") throw new Response("Unknown action.", { status: 400 });
  const { intent, productId } = submission.value;
  if (intent === "cart-add") {
    if (!(await putInCart(db, { userId, productId, quantity: "1" }))) return redirectWithFlash("/wishlist", { kind: "error", message: CART_MESSAGES.unavailable });
    return redirectWithFlash("/wishlist", { kind: "success", message: CART_MESSAGES.added, action: { label: { id: "store.viewCart" }, to: "/cart" } });
  }
  await setWished(db, { userId, productId, on: false });
  return redirectWithFlash("/wishlist", { kind: "info", message: CART_MESSAGES.unwished });
}

export default function Wishlist() {
  const { items } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <section className="container section">
      <h1>{t("store.wishlist.title")}</h1>
      {items.length === 0 ? (
        <div className="card empty">
          <p>{t("store.wishlist.empty")}</p>
          <Link to="/store" className="btn btn-primary">
            {t("common.notFound.toStore")}
          </Link>
        </div>
      ) : (
        <ul className="cart-lines">
          {items.map((item) => (
            <li key={item.id} className="card cart-line">
              <ListingImage src={item.thumbnail_url} category={item.category} size="icon" alt="" />
              <div className="cart-line-body">
                <h2 translate="no">
                  <Link to={`/store/${item.id}/productdetails`}>{item.title}</Link>
                </h2>
                {/* The author goes in as an element: what a seller typed never becomes part of a message. */}
                {item.author ? <p className="muted">{richText(t("store.wishlist.by"), [() => <span translate="no">{item.author}</span>])}</p> : null}
                <p>
                  <strong>{formatINR(item.price)}</strong>
                  {item.available ? null : <span className="badge tone-gray"> {t("store.product.sold")}</span>}
                </p>
                <div className="cart-line-actions">
                  {item.inCart ? (
                    <Link to="/cart" className="btn btn-ghost btn-sm">
                      {t("store.wishlist.inCart")}
                    </Link>
                  ) : item.available ? (
                    <Form method="post">
                      <input type="hidden" name="productId" value={item.id} />
                      <button type="submit" name="intent" value="cart-add" className="btn btn-primary btn-sm" aria-label={t("store.wishlist.add", { title: item.title })}>
                        {t("store.product.addToCart")}
                      </button>
                    </Form>
                  ) : null}
                  <Form method="post">
                    <input type="hidden" name="productId" value={item.id} />
                    <button type="submit" name="intent" value="remove" className="btn btn-ghost btn-sm" aria-label={t("store.wishlist.remove", { title: item.title })}>
                      {t("store.wishlist.removeButton")}
                    </button>
                  </Form>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// Its own boundary, so an action's error page keeps the root's words (components/error-page.tsx).
export const ErrorBoundary = ErrorPage;
