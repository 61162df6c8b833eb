import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderItems } from "~/components/store/orders/order-items";
import { db } from "~/db/client.server";
import { getUserId } from "~/models/accounts/auth.server";
import { shortOrderId } from "~/models/store/checkout/checkout";
import { orderBadge } from "~/models/store/orders/order-life";
import { completedOrders } from "~/models/store/orders/order-views.server";
import { formatDateTime } from "~/utils/dates";
import { translatedPageMeta } from "~/utils/meta";
import { richText, useT } from "~/utils/i18n";
import { i18nFor } from "~/utils/i18n.server";
import { formatINR } from "~/utils/money";

export const meta = translatedPageMeta("orders.metaTitle", "orders.metaDescription");

// docs/product/marketplace.md §2 Orders: without a user the list is empty; there is no redirect.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = await getUserId(request, context);
  return { signedIn: Boolean(userId), orders: userId ? await completedOrders(db, userId) : [], messages: i18nFor(request, context, "orders").messages };
}

export default function Orders() {
  const { orders, signedIn } = useLoaderData<typeof loader>();
  const { t, locale } = useT();
  return (
    <section className="container narrow section">
      <h1>{t("orders.title")}</h1>
      {orders.length === 0 ? (
        <div className="card empty">
          <p>{t("orders.none")}</p>
          {signedIn ? null : <p className="muted">{richText(t("orders.loginToSee"), [(text) => <Link to="/login?redirectTo=%2Forders">{text}</Link>])}</p>}
          <Link to="/store" className="btn btn-primary">
            {t("common.notFound.toStore")}
          </Link>
        </div>
      ) : (
        <ul className="orders">
          {orders.map((order) => {
            const badge = orderBadge(order);
            return (
              <li key={order.id} className="card order">
                <div className="order-head">
                  <h2>
                    <Link to={`/orders/${order.id}/confirmation`}>{t("orders.order", { id: shortOrderId(order.id) })}</Link>
                  </h2>
                  <span className={`badge ${badge.tone}`}>{t(badge.label)}</span>
                </div>
                <p className="muted">
                  {formatDateTime(order.created_at, locale)} · <strong>{formatINR(order.total_amount)}</strong>
                </p>
                <OrderItems items={order.items} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
