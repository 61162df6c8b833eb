import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { db } from "~/db/client.server";
import { testGatewayPage } from "./payments.test-gateway.query.server";
import { requireUser } from "~/models/accounts/auth.server";
import type { Described } from "~/models/fulfilments.server";
import { paymentGateway, testCapture } from "~/models/payments/gateway.server";
import { invariantResponse } from "~/utils/http.server";
import { translatedPageMeta } from "~/utils/meta";
import { richText, useT } from "~/utils/i18n";
import { formatINR } from "~/utils/money";

// The built-in test gateway's hosted page (docs/product/design.md §5): it plays Razorpay's part
// and posts the same three signed fields to our callback, so the real verification
// path runs. It exists only while no Razorpay keys are set.
export const meta = translatedPageMeta("common.gateway.metaTitle", "common.gateway.metaDescription");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const gateway = paymentGateway();
  invariantResponse(gateway?.kind === "test");
  const user = await requireUser(request, context);
  const orderId = new URL(request.url).searchParams.get("order") ?? "";
  const page = await testGatewayPage(db, { orderId, userId: user.id });
  invariantResponse(page);
  return { ...page, signed: testCapture(gateway, page.order.id) };
}

export default function TestGateway() {
  const { order, signed, cancel } = useLoaderData<typeof loader>();
  // The words are the common namespace's (the same dialog opens in the page with JavaScript).
  const { t } = useT();
  return (
    <section className="container narrow section">
      <p className="tag">{t("common.gateway.test")}</p>
      <h1>{t("common.gateway.title")}</h1>
      <div className="card">
        <dl className="facts-list">
          <div><dt>{t("common.gateway.for")}</dt><dd><Target described={order.title} /></dd></div>
          <div><dt>{t("common.gateway.amount")}</dt><dd><strong>{formatINR(order.amount)}</strong></dd></div>
          <div><dt>{t("common.gateway.order")}</dt><dd translate="no"><code>{order.id}</code></dd></div>
        </dl>
        <div className="actions">
          <form method="post" action="/api/payment/callback">
            {Object.entries(signed).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="btn btn-primary">{t("common.gateway.pay")}</button>
          </form>
          <form method="post" action="/api/payment/callback">
            <input type="hidden" name="razorpay_order_id" value={order.id} />
            <input type="hidden" name="error[code]" value="BAD_REQUEST_ERROR" />
            <input type="hidden" name="error[description]" value="The test payment was declined." />
            <button type="submit" className="btn btn-ghost">{t("common.gateway.fail")}</button>
          </form>
          <Link to={cancel} className="btn btn-ghost">
            {t("common.gateway.cancel")}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** What the payment is for: the title as typed, in the page's words (another book's count, a challenge's fee). */
function Target({ described }: { described: Described | null }) {
  const { t } = useT();
  if (!described) return null;
  const title = () => <span translate="no">{described.title}</span>;
  if (described.fee !== undefined) return <>{richText(t("common.gateway.challenge", { fee: formatINR(described.fee) }), [title])}</>;
  if (described.more) return <>{richText(t("common.gateway.more", { more: described.more }), [title])}</>;
  return title();
}
