import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { db } from "~/db/client.server";
import { requireUser } from "~/models/accounts/auth.server";
import { callbackPage, describeTarget } from "~/models/fulfilments.server";
import { paymentGateway, testCapture } from "~/models/payments/gateway.server";
import { findOpenOrder } from "~/models/payments/ledger.server";
import { invariantResponse } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { formatINR } from "~/utils/money";

// The built-in test gateway's hosted page (docs/product/design.md §5): it plays Razorpay's part
// and posts the same three signed fields to our callback, so the real verification
// path runs. It exists only while no Razorpay keys are set.
export const meta: MetaFunction = () => pageMeta("Test payment", "The built-in test payment page. Test payment: no money moves.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const gateway = paymentGateway();
  invariantResponse(gateway?.kind === "test");
  const user = await requireUser(request, context);
  const orderId = new URL(request.url).searchParams.get("order") ?? "";
  const order = await findOpenOrder(db, orderId);
  invariantResponse(order && order.gateway === "test" && order.userId === user.id);
  return {
    order: { id: order.orderId, amount: order.amount, title: await describeTarget(db, order.purpose, order.targetId) },
    // Leaving without paying goes back to where the payment began; the order stays open for a retry.
    cancel: (await callbackPage(db, order.purpose, order.targetId, "cancel")).to,
    signed: testCapture(gateway, order.orderId),
  };
}

export default function TestGateway() {
  const { order, signed, cancel } = useLoaderData<typeof loader>();
  return (
    <section className="container narrow section">
      <p className="tag">Test payment: no money moves</p>
      <h1>StudyArena test gateway</h1>
      <div className="card">
        <dl className="facts-list">
          <div><dt>For</dt><dd>{order.title}</dd></div>
          <div><dt>Amount</dt><dd><strong>{formatINR(order.amount)}</strong></dd></div>
          <div><dt>Order</dt><dd><code>{order.id}</code></dd></div>
        </dl>
        <div className="actions">
          <form method="post" action="/api/payment/callback">
            {Object.entries(signed).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="btn btn-primary">Pay</button>
          </form>
          <form method="post" action="/api/payment/callback">
            <input type="hidden" name="razorpay_order_id" value={order.id} />
            <input type="hidden" name="error[code]" value="BAD_REQUEST_ERROR" />
            <input type="hidden" name="error[description]" value="The test payment was declined." />
            <button type="submit" className="btn btn-ghost">Fail</button>
          </form>
          <Link to={cancel} className="btn btn-ghost">
            Cancel
          </Link>
        </div>
      </div>
    </section>
  );
}
