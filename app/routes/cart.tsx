import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ListingImage } from "~/components/store/listings/listing-image";
import { db } from "~/db/client.server";
import { getUserId, requireUserId } from "~/models/accounts/auth.server";
import { askedQuantity, cutDescription } from "~/models/store/cart/cart";
import { CartStepSchema } from "~/models/store/cart/cart-schema";
import { cartCap, cartView, setCartQuantity, takeOutOfCart } from "~/models/store/cart/cart.server";
import { parseForm } from "~/utils/forms.server";
import { notFound, redirectWithFlash } from "~/utils/http.server";
import { translatedPageMeta } from "~/utils/meta";
import { richText, useT } from "~/utils/i18n";
import { i18nFor } from "~/utils/i18n.server";
import { isUuid } from "~/utils/urls";
import { formatINR } from "~/utils/money";
import { ErrorPage } from "~/components/error-page";

export const meta = translatedPageMeta("cart.meta.title", "cart.meta.description");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = await getUserId(request, context);
  const { messages } = i18nFor(request, context, "cart");
  if (!userId) return { signedIn: false as const, messages };
  return { signedIn: true as const, cart: await cartView(db, userId), cap: cartCap(), messages };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const userId = await requireUserId(request, context, "/cart");
  const submission = await parseForm(request, CartStepSchema);
  // Only the user's own lines exist for them: anything else is not found.
  if (!isUuid(submission.payload.productId)) notFound();
  if (submission.status !== "success") throw new Response("Unknown action.", { status: 400 });
  const step = submission.value;
  if (step.intent === "remove") {
    await takeOutOfCart(db, { userId, productId: step.productId });
    return redirectWithFlash("/cart", { kind: "info", message: { id: "cart.removed" } });
  }
  if (askedQuantity(step.quantity) > cartCap()) return redirectWithFlash("/cart", { kind: "error", message: { id: "checkout.tooManyCopies", values: { cap: cartCap() } } });
  if (!(await setCartQuantity(db, { userId, productId: step.productId, quantity: step.quantity }))) notFound();
  return redirectWithFlash("/cart", { kind: "success", message: { id: "cart.quantityChanged" } });
}

const money = (rupees: number) => formatINR(rupees, { decimals: true });

export default function Cart() {
  const data = useLoaderData<typeof loader>();
  const { t } = useT();
  if (!data.signedIn) {
    return (
      <section className="container narrow section">
        <h1>{t("cart.title")}</h1>
        <div className="card empty">
          <p>{t("cart.loginToView")}</p>
          <Link to="/login?redirectTo=%2Fcart" className="btn btn-primary">
            {t("cart.logIn")}
          </Link>
        </div>
      </section>
    );
  }
  const { lines, buyable, totals } = data.cart;
  return (
    <section className="container section">
      <h1>{t("cart.title")}</h1>
      {lines.length === 0 ? (
        <div className="card empty">
          <p>{t("cart.empty")}</p>
          <Link to="/store" className="btn btn-primary">
            {t("cart.browse")}
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <ul className="cart-lines">
            {lines.map((line) => (
              <li key={line.id} className="card cart-line">
                <ListingImage src={line.thumbnail_url} category={line.category} size="icon" alt="" />
                <div className="cart-line-body">
                  {/* What the seller wrote stays as written. */}
                  <h2 translate="no">
                    <Link to={`/store/${line.id}/productdetails`}>{line.title}</Link>
                  </h2>
                  <p className="muted" translate="no">
                    {cutDescription(line.description)}
                  </p>
                  {line.problem ? (
                    <p className="alert alert-error">
                      {line.problem === "sold-out" ? t("cart.soldOut") : line.problem === "unlisted" ? t("cart.unlisted") : t("cart.fewer", { stock: line.stock })}
                    </p>
                  ) : null}
                  <div className="cart-line-actions">
                    {line.problem === "sold-out" || line.problem === "unlisted" ? null : (
                      <Form method="post" className="qty-form">
                        <input type="hidden" name="productId" value={line.id} />
                        <label htmlFor={`qty-${line.id}`}>{t("cart.quantity")}</label>
                        <input id={`qty-${line.id}`} className="qty" type="number" name="quantity" min={1} max={Math.max(1, Math.min(line.stock, data.cap))} defaultValue={line.quantity} inputMode="numeric" />
                        <button type="submit" name="intent" value="quantity" className="btn btn-ghost btn-sm">
                          {t("cart.update")}
                        </button>
                      </Form>
                    )}
                    <Form method="post">
                      <input type="hidden" name="productId" value={line.id} />
                      <button type="submit" name="intent" value="remove" className="btn btn-ghost btn-sm">
                        <span aria-hidden="true">{t("cart.remove")}</span>
                        {/* Its name says which book ('Remove Physics Vol 1'); the title stays as given. */}
                        <span className="visually-hidden">{richText(t("cart.removeLabel", { title: "<0>title</0>" }), [() => <span translate="no">{line.title}</span>])}</span>
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
          <aside className="card cart-summary" aria-label={t("cart.summaryLabel")}>
            <h2>{t("cart.summary")}</h2>
            <dl className="facts-list">
              <div>
                <dt>{t("cart.subtotal", { count: buyable.reduce((n, l) => n + l.quantity, 0) })}</dt>
                <dd>{money(totals.subtotal)}</dd>
              </div>
              <div>
                <dt>{t("cart.shipping")}</dt>
                <dd>{totals.shipping === 0 ? t("cart.free") : money(totals.shipping)}</dd>
              </div>
              <div>
                <dt>{t("cart.total")}</dt>
                <dd>
                  <strong>{money(totals.total)}</strong>
                </dd>
              </div>
            </dl>
            {buyable.length > 0 ? (
              <Link to="/checkout" className="btn btn-primary btn-block">
                {t("cart.checkout")}
              </Link>
            ) : null}
            <Link to="/store" className="btn btn-ghost btn-block">
              {t("cart.continue")}
            </Link>
          </aside>
        </div>
      )}
    </section>
  );
}

// Its own boundary, so an action's error page keeps the root's words (components/error-page.tsx).
export const ErrorBoundary = ErrorPage;
