import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ListingImage } from "~/components/store/listing-image";
import { db } from "~/db/client.server";
import { getUserId, requireUserId } from "~/models/accounts/auth.server";
import { askedQuantity, CART_MESSAGES, cutDescription } from "~/models/store/cart";
import { countOf } from "~/utils/text";
import { cartCap, cartView, setCartQuantity, takeOutOfCart } from "~/models/store/cart.server";
import { readForm } from "~/utils/forms.server";
import { notFound, redirectWithFlash } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { isUuid } from "~/utils/urls";
import { formatINR } from "~/utils/money";

export const meta: MetaFunction = () => pageMeta("Cart", "The books in your StudyArena cart.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = await getUserId(request, context);
  if (!userId) return { signedIn: false as const };
  return { signedIn: true as const, cart: await cartView(db, userId), cap: cartCap() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const userId = await requireUserId(request, context, "/cart");
  const form = await readForm(request, ["intent", "productId", "quantity"]);
  const productId = form.get("productId");
  // Only the user's own lines exist for them: anything else is not found.
  if (!isUuid(productId)) notFound();
  if (form.get("intent") === "remove") {
    await takeOutOfCart(db, { userId, productId });
    return redirectWithFlash("/cart", { kind: "info", message: CART_MESSAGES.removed });
  }
  if (form.get("intent") !== "quantity") throw new Response("Unknown action.", { status: 400 });
  if (askedQuantity(form.get("quantity")) > cartCap()) return redirectWithFlash("/cart", { kind: "error", message: CART_MESSAGES.tooManyCopies(cartCap()) });
  if (!(await setCartQuantity(db, { userId, productId, quantity: form.get("quantity") }))) notFound();
  return redirectWithFlash("/cart", { kind: "success", message: CART_MESSAGES.quantityChanged });
}

const money = (rupees: number) => formatINR(rupees, { decimals: true });

export default function Cart() {
  const data = useLoaderData<typeof loader>();
  if (!data.signedIn) {
    return (
      <section className="container narrow section">
        <h1>Your Cart</h1>
        <div className="card empty">
          <p>{CART_MESSAGES.loginToView}</p>
          <Link to="/login?redirectTo=%2Fcart" className="btn btn-primary">
            Log In
          </Link>
        </div>
      </section>
    );
  }
  const { lines, buyable, totals } = data.cart;
  return (
    <section className="container section">
      <h1>Your Cart</h1>
      {lines.length === 0 ? (
        <div className="card empty">
          <p>{CART_MESSAGES.empty}</p>
          <Link to="/store" className="btn btn-primary">
            Browse Marketplace
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <ul className="cart-lines">
            {lines.map((line) => (
              <li key={line.id} className="card cart-line">
                <ListingImage src={line.thumbnail_url} category={line.category} size="icon" alt="" />
                <div className="cart-line-body">
                  <h2>
                    <Link to={`/store/${line.id}/productdetails`}>{line.title}</Link>
                  </h2>
                  <p className="muted">{cutDescription(line.description)}</p>
                  {line.problem ? (
                    <p className="alert alert-error">
                      {line.problem === "sold-out" ? CART_MESSAGES.soldOut : line.problem === "unlisted" ? CART_MESSAGES.unlisted : CART_MESSAGES.fewer(line.stock)}
                    </p>
                  ) : null}
                  <div className="cart-line-actions">
                    {line.problem === "sold-out" || line.problem === "unlisted" ? null : (
                      <Form method="post" className="qty-form">
                        <input type="hidden" name="productId" value={line.id} />
                        <label htmlFor={`qty-${line.id}`}>Quantity</label>
                        <input id={`qty-${line.id}`} className="qty" type="number" name="quantity" min={1} max={Math.max(1, Math.min(line.stock, data.cap))} defaultValue={line.quantity} inputMode="numeric" />
                        <button type="submit" name="intent" value="quantity" className="btn btn-ghost btn-sm">
                          Update
                        </button>
                      </Form>
                    )}
                    <Form method="post">
                      <input type="hidden" name="productId" value={line.id} />
                      <button type="submit" name="intent" value="remove" className="btn btn-ghost btn-sm" aria-label={`Remove ${line.title}`}>
                        Remove
                      </button>
                    </Form>
                  </div>
                </div>
                <p className="cart-line-total">
                  <span className="muted">
                    {money(line.price)} × {line.quantity}
                  </span>
                  <strong>{line.problem ? "—" : money(line.price * line.quantity)}</strong>
                </p>
              </li>
            ))}
          </ul>
          <aside className="card cart-summary" aria-label="Cart summary">
            <h2>Summary</h2>
            <dl className="facts-list">
              <div>
                <dt>Subtotal ({countOf(buyable.reduce((n, l) => n + l.quantity, 0), "item")})</dt>
                <dd>{money(totals.subtotal)}</dd>
              </div>
              <div>
                <dt>Shipping</dt>
                <dd>{totals.shipping === 0 ? "Free" : money(totals.shipping)}</dd>
              </div>
              <div>
                <dt>Total</dt>
                <dd>
                  <strong>{money(totals.total)}</strong>
                </dd>
              </div>
            </dl>
            {buyable.length > 0 ? (
              <Link to="/checkout" className="btn btn-primary btn-block">
                Proceed to Checkout
              </Link>
            ) : null}
            <Link to="/store" className="btn btn-ghost btn-block">
              Continue Shopping
            </Link>
          </aside>
        </div>
      )}
    </section>
  );
}
