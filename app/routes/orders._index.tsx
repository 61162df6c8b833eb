import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderItems } from "~/components/store/order-items";
import { db } from "~/db/client.server";
import { getUserId } from "~/models/accounts/auth.server";
import { shortOrderId } from "~/models/store/checkout";
import { orderBadge } from "~/models/store/order-life";
import { completedOrders } from "~/models/store/order-views.server";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { formatINR } from "~/utils/money";

export const meta: MetaFunction = () => pageMeta("Your Orders", "Your StudyArena marketplace orders.");

// docs/product/marketplace.md §2 Orders: without a user the list is empty; there is no redirect.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = await getUserId(request, context);
  return { signedIn: Boolean(userId), orders: userId ? await completedOrders(db, userId) : [] };
}

export default function Orders() {
  const { orders, signedIn } = useLoaderData<typeof loader>();
  return (
    <section className="container narrow section">
      <h1>Your Orders</h1>
      {orders.length === 0 ? (
        <div className="card empty">
          <p>No orders yet</p>
          {signedIn ? null : (
            <p className="muted">
              <Link to="/login?redirectTo=%2Forders">Log in</Link> to see the orders you placed.
            </p>
          )}
          <Link to="/store" className="btn btn-primary">
            Browse Marketplace
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
                    <Link to={`/orders/${order.id}/confirmation`}>Order #{shortOrderId(order.id)}</Link>
                  </h2>
                  <span className={`badge ${badge.tone}`}>{badge.label}</span>
                </div>
                <p className="muted">
                  {formatDateTime(order.created_at)} · <strong>{formatINR(order.total_amount)}</strong>
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
