import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { EarningsView } from "~/components/store/earnings/earnings-view";
import { Listings } from "~/components/store/listings/my-listings";
import { Sales } from "~/components/store/orders/my-sales";
import { db } from "~/db/client.server";
import { earningsView, listingsView, salesView } from "./store.my-products.query.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { payOutEarnings } from "~/models/store/earnings/earnings.server";
import { METHOD_LABELS } from "~/models/store/checkout/checkout";
import { ORDER_MESSAGES } from "~/models/store/orders/order-life";
import { sellerCancels, sellerConfirmsReturn, sellerHandsOver, sellerMarksRefused, sellerShips } from "~/models/store/orders/order-life.server";
import { sellerDisputesReturn } from "~/models/store/orders/order-returns.server";
import { liveCarrier, sellerBooksShipment } from "~/models/store/orders/shipments.server";
import { SellerStepSchema } from "~/models/store/orders/order-steps-schema";
import { parseForm } from "~/utils/forms.server";
import { notFound, redirectWithFlash } from "~/utils/http.server";
import { isUuid } from "~/utils/urls";
import { formatINR } from "~/utils/money";
import { translatedPageMeta } from "~/utils/meta";
import { msgText, useT, type Msg } from "~/utils/i18n";
import { i18nFor, messagesFor, pickMessages, translateReply } from "~/utils/i18n.server";
import { ErrorPage } from "~/components/error-page";

export const meta = translatedPageMeta("sell.metaTitle", "sell.metaDescription");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const sellerId = await requireUserId(request, context);
  const view = new URL(request.url).searchParams.get("view");
  const { messages, locale } = i18nFor(request, context, "sell");
  // The sales' badges, timelines and payment methods are the orders' and checkout's words.
  if (view === "sales") {
    const methods = pickMessages(locale, Object.values(METHOD_LABELS));
    return { ...(await salesView(db, sellerId)), messages: { ...messages, ...messagesFor(locale, "orders"), ...methods } };
  }
  if (view === "earnings") return { ...(await earningsView(db, sellerId, new Date())), messages };
  return { ...(await listingsView(db, sellerId)), messages };
}

/**
 * The seller's steps on a sold item (models/store/orders/order-life.server.ts): ship it (a
 * tracking number if they have one; cash on delivery once its buyer confirmed it), cancel it
 * with a reason, hand it over in person with the buyer's code, mark a parcel that came back undelivered (refused at the door),
 * confirm a return; and
 * ask for their earnings. Someone else's sale is a 404; an item the buyer cancelled
 * first says so.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const sellerId = await requireUserId(request, context, "/store/my-products?view=sales");
  const submission = await parseForm(request, SellerStepSchema);
  if (submission.status === "success" && submission.value.intent === "payout") {
    const earnings = "/store/my-products?view=earnings";
    const made = await payOutEarnings(db, sellerId, new Date());
    if (made.kind === "nothing") return redirectWithFlash(earnings, { kind: "info", message: { id: "sell.pay.nothing" } });
    if (made.kind === "awaiting_details") return redirectWithFlash(earnings, { kind: "info", message: { id: "sell.pay.awaiting", values: { amount: formatINR(made.amount) } } });
    return redirectWithFlash(earnings, { kind: "success", message: { id: "sell.pay.sent", values: { amount: formatINR(made.amount) } } });
  }
  const itemId = submission.payload.itemId;
  if (!isUuid(itemId)) notFound();
  // The reply goes to this sale's form of this step only (every sale shares the page).
  const refusedHere = (reply: ReturnType<typeof submission.reply>) => data({ itemId, intent: String(submission.payload.intent), reply: translateReply(reply, i18nFor(request, context).t) }, { status: 400 });
  if (submission.status !== "success") return refusedHere(submission.reply());
  const step = submission.value;
  const here = "/store/my-products?view=sales";
  const input = { sellerId, itemId, now: new Date() };
  switch (step.intent) {
    case "ship": {
      const done = (await sellerShips(db, { ...input, tracking: step.tracking })) ?? notFound();
      const refused = SHIP_REFUSALS[done.kind];
      if (refused) return redirectWithFlash(here, { kind: "error", message: refused });
      return redirectWithFlash(here, { kind: "success", message: ORDER_MESSAGES.shipped });
    }
    case "cancel": {
      const done = (await sellerCancels(db, { ...input, reason: step.reason })) ?? notFound();
      if (done.kind !== "cancelled") return redirectWithFlash(here, { kind: "error", message: done.kind === "shipped" ? { id: "sell.sale.alreadyShipped" } : ORDER_MESSAGES.buyerCancelledFirst });
      return redirectWithFlash(here, { kind: "success", message: ORDER_MESSAGES.sellerCancelled });
    }
    case "handover": {
      const done = (await sellerHandsOver(db, { ...input, code: step.code })) ?? notFound();
      // A wrong code: the form again, with how many tries are left (each try was counted).
      if (done.kind === "wrong") return refusedHere(submission.reply({ fieldErrors: { code: [msgText(ORDER_MESSAGES.handoverWrong(done.left ?? 0))] } }));
      if (done.kind !== "handed-over") return redirectWithFlash(here, { kind: "error", message: done.kind === "locked" ? ORDER_MESSAGES.handoverLocked : ORDER_MESSAGES.handoverNotNow });
      return redirectWithFlash(here, { kind: "success", message: ORDER_MESSAGES.handedOver });
    }
    case "refused": {
      const done = (await sellerMarksRefused(db, input)) ?? notFound();
      if (done.kind !== "refused") return redirectWithFlash(here, { kind: "error", message: ORDER_MESSAGES.notRefusable });
      return redirectWithFlash(here, { kind: "success", message: done.refunded ? ORDER_MESSAGES.undeliveredRefund(formatINR(done.refunded)) : ORDER_MESSAGES.refused });
    }
    case "return-received": {
      const done = (await sellerConfirmsReturn(db, input)) ?? notFound();
      if (done.kind !== "returned") return redirectWithFlash(here, { kind: "error", message: ORDER_MESSAGES.noReturnToConfirm });
      return redirectWithFlash(here, { kind: "success", message: done.refunded ? ORDER_MESSAGES.returnReceivedRefund(formatINR(done.refunded)) : ORDER_MESSAGES.returnReceived });
    }
    case "book": {
      const carrier = liveCarrier() ?? notFound();
      const done = (await sellerBooksShipment(db, carrier, input)) ?? notFound();
      const refused = SHIP_REFUSALS[done.kind];
      if (refused) return redirectWithFlash(here, { kind: "error", message: refused });
      // A second press finds it booked: the same answer.
      return redirectWithFlash(here, { kind: "success", message: ORDER_MESSAGES.booked });
    }
    case "dispute": {
      const done = (await sellerDisputesReturn(db, { ...input, words: step.words })) ?? notFound();
      if (done.kind !== "disputed") return redirectWithFlash(here, { kind: "error", message: ORDER_MESSAGES.disputeNotNow });
      return redirectWithFlash(here, { kind: "success", message: ORDER_MESSAGES.disputed(done.ticket ?? "") });
    }
    default:
      notFound();
  }
}

/** What the seller reads when a line may not be sent now, marked shipped or booked alike (one already sent answers as sent). */
const SHIP_REFUSALS: Partial<Record<string, Msg>> = {
  cancelled: ORDER_MESSAGES.buyerCancelledFirst,
  unconfirmed: ORDER_MESSAGES.notConfirmedYet,
  meet: ORDER_MESSAGES.meetNoShip,
  "no-pickup": ORDER_MESSAGES.noPickup,
  "carrier-refused": ORDER_MESSAGES.carrierRefused,
  "carrier-down": ORDER_MESSAGES.carrierDown,
};

export default function MyProducts() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useT();
  return (
    <section className="container section">
      <div className="section-head">
        <h1>{t("sell.title")}</h1>
        <Link to="/store/new" className="btn btn-primary">
          {t("sell.add")}
        </Link>
      </div>
      <nav className="tabs" aria-label={t("sell.views")}>
        <Link to="/store/my-products" aria-current={page.view === "listings" ? "page" : undefined}>
          {t("sell.tab.listings")}
        </Link>
        <Link to="/store/my-products?view=sales" aria-current={page.view === "sales" ? "page" : undefined}>
          {t("sell.tab.sales")}
        </Link>
        <Link to="/store/my-products?view=earnings" aria-current={page.view === "earnings" ? "page" : undefined}>
          {t("sell.tab.earnings")}
        </Link>
      </nav>
      {page.view === "sales" ? <Sales sales={page.sales} codFigures={page.codFigures} carrier={page.carrier} refused={refused} /> : page.view === "earnings" ? <EarningsView statement={page.statement} hasDetails={page.hasDetails} heldUntil={page.heldUntil} /> : <Listings listings={page.listings} />}
    </section>
  );
}

// Its own boundary, so an action's error page keeps the root's words (components/error-page.tsx).
export const ErrorBoundary = ErrorPage;
