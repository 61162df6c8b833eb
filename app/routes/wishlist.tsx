import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ListingImage } from "~/components/store/listing-image";
import { db } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { CART_MESSAGES } from "~/models/store/cart";
import { putInCart, setWished, wishlistView } from "~/models/store/cart.server";
import { readForm } from "~/utils/forms.server";
import { notFound, redirectWithFlash } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { isUuid } from "~/utils/urls";
import { formatINR } from "~/utils/money";

export const meta: MetaFunction = () => pageMeta("Wishlist", "Books you saved on the StudyArena marketplace.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = await requireUserId(request, context);
  return { items: await wishlistView(db, userId) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const userId = await requireUserId(request, context, "/wishlist");
  const form = await readForm(request, ["intent", "productId"]);
  const productId = form.get("productId");
  if (!isUuid(productId)) notFound();
  switch (form.get("intent")) {
    case "cart-add":
      if (!(await putInCart(db, { userId, productId, quantity: "1" }))) return redirectWithFlash("/wishlist", { kind: "error", message: CART_MESSAGES.unavailable });
      return redirectWithFlash("/wishlist", { kind: "success", message: CART_MESSAGES.added, action: { label: "View Cart", to: "/cart" } });
    case "remove":
      await setWished(db, { userId, productId, on: false });
      return redirectWithFlash("/wishlist", { kind: "info", message: CART_MESSAGES.unwished });
    default:
      throw new Response("Unknown action.", { status: 400 });
  }
}

export default function Wishlist() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <section className="container section">
      <h1>Your Wishlist</h1>
      {items.length === 0 ? (
        <div className="card empty">
          <p>{CART_MESSAGES.wishlistEmpty}</p>
          <Link to="/store" className="btn btn-primary">
            Browse Marketplace
          </Link>
        </div>
      ) : (
        <ul className="cart-lines">
          {items.map((item) => (
            <li key={item.id} className="card cart-line">
              <ListingImage src={item.thumbnail_url} category={item.category} size="icon" alt="" />
              <div className="cart-line-body">
                <h2>
                  <Link to={`/store/${item.id}/productdetails`}>{item.title}</Link>
                </h2>
                {item.author ? <p className="muted">By {item.author}</p> : null}
                <p>
                  <strong>{formatINR(item.price)}</strong>
                  {item.available ? null : <span className="badge tone-gray"> Sold</span>}
                </p>
                <div className="cart-line-actions">
                  {item.inCart ? (
                    <Link to="/cart" className="btn btn-ghost btn-sm">
                      In your cart
                    </Link>
                  ) : item.available ? (
                    <Form method="post">
                      <input type="hidden" name="productId" value={item.id} />
                      <button type="submit" name="intent" value="cart-add" className="btn btn-primary btn-sm" aria-label={`Add ${item.title} to cart`}>
                        Add to Cart
                      </button>
                    </Form>
                  ) : null}
                  <Form method="post">
                    <input type="hidden" name="productId" value={item.id} />
                    <button type="submit" name="intent" value="remove" className="btn btn-ghost btn-sm" aria-label={`Remove ${item.title} from wishlist`}>
                      Remove
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
