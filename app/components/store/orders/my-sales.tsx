// The seller's sales on My Products (app/routes/store.my-products.tsx): their cash-on-delivery
// figures, then each sold line with the buyer's address, its timeline and the steps the seller
// may take now (ship, cancel with a reason, a parcel refused at the door, confirm a return or send it to support), each a plain form that works without
// JavaScript; a refused post opens its own form again with the message and what was typed.
import { Form } from "@remix-run/react";
import type { StepReply } from "~/components/store/orders/buyer-steps";
import { LineTimeline } from "~/components/store/orders/line-timeline";
import { FormErrors, TextareaField, TextField } from "~/components/ui/field";
import { METHOD_LABELS, paymentState, shortOrderId } from "~/models/store/checkout/checkout";
import { awaitsConfirmation, CANCEL_REASON_MAX, confirmBy, DISPUTE_WORDS_MAX, LINE_BADGES, lineState, sellerCan, TRACKING_MAX, type CodFigures, type LineLife } from "~/models/store/orders/order-life";
import type { SellerStepSchema } from "~/models/store/orders/order-steps-schema";
import type { CarrierKind } from "~/models/store/orders/shipments";
import type { PAYMENT_METHODS } from "~/utils/enums";
import { formatDateTime } from "~/utils/dates";
import { richText, useT, type MessageId } from "~/utils/i18n";
import { formatINR } from "~/utils/money";
import { unlessErased } from "~/utils/names";
import { useSchemaForm } from "~/utils/use-schema-form";
import { UpiPinNote } from "~/components/payments/upi-pin-note";

/** A sold line as the seller's page reads it (models/store/orders/order-views.server.ts, salesOf). */
export type Sale = LineLife & {
  id: string;
  order_id: string;
  sold_at: Date | string;
  title: string;
  price: number;
  quantity: number;
  buyer_name: string;
  address: { street: string; city: string; state: string; postal_code: string; phone: string };
  payment_method: (typeof PAYMENT_METHODS)[number];
  cod_confirmed_at: Date | string | null;
  delivery: "ship" | "meet";
  status: string;
};

/** A sale not yet on its way, as its seller reads it: waiting for the buyer's confirmation, to ship, or to hand over. */
const PLACED_BADGES = { waiting: "orders.badge.awaitingConfirm", ship: "orders.badge.toShip", meet: "orders.badge.toHandOver" } as const satisfies Record<string, MessageId>;

export function Sales({ sales, codFigures, carrier, refused }: { sales: Sale[]; codFigures: CodFigures; carrier: CarrierKind | null; refused: { itemId: string; intent: string; reply: StepReply } | undefined }) {
  const { t, locale } = useT();
  if (sales.length === 0) return <div className="card empty"><p>{t("sell.noSales")}</p></div>;
  // The figures above the sales, spaced as the sales are (.orders).
  return (
    <div className="orders">
      {codFigures.placed > 0 ? <CodFiguresCard figures={codFigures} /> : null}
      <ul className="orders">
        {sales.map((sale) => {
          const state = lineState(sale);
          const waiting = state === "placed" && awaitsConfirmation(sale);
          const badge = state === "placed" ? { label: PLACED_BADGES[waiting ? "waiting" : sale.delivery], tone: "tone-orange" } : LINE_BADGES[state];
          return (
            <li key={sale.id} className="card order">
              <div className="order-head">
                <h2 translate="no">{sale.title}</h2>
                <span className={`badge ${badge.tone}`}>{t(badge.label)}</span>
              </div>
              <p className="muted">
                {t("sell.sale.line", { id: shortOrderId(sale.order_id), when: formatDateTime(sale.sold_at, locale), price: formatINR(sale.price), quantity: sale.quantity })}
              </p>
              <p>{t(paymentState(sale) === "paid" ? "sell.sale.paid" : "sell.sale.collect", { method: t(METHOD_LABELS[sale.payment_method]) })}</p>
              {waiting ? <p className="alert alert-info">{t("sell.sale.awaitingConfirm", { when: formatDateTime(confirmBy({ created_at: sale.sold_at }), locale) })}</p> : null}
              <address>
                <span translate="no">
                  {/* An erased buyer's name and address read "Erased" in the seller's language. */}
                  <strong>{unlessErased(sale.buyer_name, t)}</strong>
                  <br />
                  {unlessErased(sale.address.street, t)}, {unlessErased(sale.address.city, t)}, {unlessErased(sale.address.state, t)} {unlessErased(sale.address.postal_code, t)}
                </span>
                <br />
                {t("sell.sale.phone", { phone: unlessErased(sale.address.phone, t) })}
              </address>
              <LineTimeline placedAt={sale.sold_at} line={sale} viewer="seller" />
              {sale.return_reason && state === "return_requested" ? <p>{richText(t("sell.sale.buyerSays"), [() => <span translate="no">{unlessErased(sale.return_reason, t)}</span>])}</p> : null}
              {state === "shipped" && sale.parcel_events?.length ? (
                // The courier's label, a PDF to print and tape to the parcel (issue 49, point 2).
                <p>
                  <a href={`/store/sales/${sale.id}/label.pdf`} aria-label={t("sell.sale.labelFor", { title: sale.title })}>
                    {t("sell.sale.label")}
                  </a>
                </p>
              ) : null}
              {state === "return_requested" ? <ReturnPhoto sale={sale} /> : null}
              <SellerSteps sale={sale} carrier={carrier} reply={refused?.itemId === sale.id ? refused : undefined} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** What became of the seller's cash-on-delivery books: the figures that say whether offering it pays. */
function CodFiguresCard({ figures }: { figures: CodFigures }) {
  const { t } = useT();
  const rows = [
    ["sell.cod.placed", figures.placed],
    ["sell.cod.confirmed", figures.confirmed],
    ["sell.cod.unconfirmed", figures.unconfirmed],
    ["sell.cod.shipped", figures.shipped],
    ["sell.cod.delivered", figures.delivered],
    ["sell.cod.refused", figures.refused],
  ] as const;
  return (
    <div className="card">
      <h2>{t("sell.cod.title")}</h2>
      <p className="muted">{t("sell.cod.text")}</p>
      <dl className="facts-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** What the seller may do with a sale now: each a plain form, so it works without JavaScript. */
function SellerSteps({ sale, carrier: kind, reply }: { sale: Sale; carrier: CarrierKind | null; reply: { intent: string; reply: StepReply } | undefined }) {
  const { t } = useT();
  const [shipForm, ship] = useSchemaForm<typeof SellerStepSchema>(reply?.intent === "ship" ? reply.reply : undefined, { id: `ship-${sale.id}` });
  const [cancelForm, cancel] = useSchemaForm<typeof SellerStepSchema>(reply?.intent === "cancel" ? reply.reply : undefined, { id: `cancel-${sale.id}` });
  const [handForm, hand] = useSchemaForm<typeof SellerStepSchema>(reply?.intent === "handover" ? reply.reply : undefined, { id: `handover-${sale.id}` });
  const [disputeForm, dispute] = useSchemaForm<typeof SellerStepSchema>(reply?.intent === "dispute" ? reply.reply : undefined, { id: `dispute-${sale.id}` });
  const can = sellerCan(sale, sale);
  const carrier = kind ? t(`sell.sale.carrier.${kind}`) : null;
  if (can.refused) {
    return (
      <Form method="post">
        <input type="hidden" name="itemId" value={sale.id} />
        <button type="submit" name="intent" value="refused" className="btn btn-ghost btn-sm" aria-label={t("sell.sale.refusedLabel", { title: sale.title })}>
          {t(sale.payment_method === "cod" ? "sell.sale.refused" : "sell.sale.undelivered")}
        </button>
      </Form>
    );
  }
  if (can.confirmReturn) {
    return (
      <div className="line-form">
        <Form method="post">
          <input type="hidden" name="itemId" value={sale.id} />
          <button type="submit" name="intent" value="return-received" className="btn btn-primary btn-sm" aria-label={t("sell.sale.confirmReturnLabel", { title: sale.title })}>
            {t("sell.sale.confirmReturn")}
          </button>
        </Form>
        {can.dispute ? (
          // The seller disagrees (issue 49, point 6): their words go to support with the buyer's and the photo.
          <details className="line-step" open={reply?.intent === "dispute"}>
            <summary>{t("sell.sale.disputeSummary")}</summary>
            <Form method="post" className="line-form" {...disputeForm.props}>
              <input type="hidden" name="itemId" value={sale.id} />
              <FormErrors id={disputeForm.errorId} errors={disputeForm.errors} />
              <TextareaField label={t("sell.sale.disputeWords")} field={dispute.words} rows={3} maxLength={DISPUTE_WORDS_MAX} />
              <button type="submit" name="intent" value="dispute" className="btn btn-ghost btn-sm" aria-label={t("sell.sale.disputeLabel", { title: sale.title })}>
                {t("sell.sale.dispute")}
              </button>
            </Form>
          </details>
        ) : null}
      </div>
    );
  }
  if (!can.cancel) return null;
  return (
    <div className="line-form">
      {can.ship && carrier ? (
        // A courier's pickup (issue 49, point 2): its number becomes the tracking number, and the parcel is followed.
        <Form method="post">
          <input type="hidden" name="itemId" value={sale.id} />
          <button type="submit" name="intent" value="book" className="btn btn-primary btn-sm" aria-label={t("sell.sale.bookLabel", { title: sale.title, carrier })}>
            {t("sell.sale.book", { carrier })}
          </button>
          <p className="muted">{t("sell.sale.orShip")}</p>
        </Form>
      ) : null}
      {can.ship ? (
        <Form method="post" className="line-form" {...shipForm.props}>
          <input type="hidden" name="itemId" value={sale.id} />
          <FormErrors id={shipForm.errorId} errors={shipForm.errors} />
          <TextField label={t("sell.sale.tracking")} field={ship.tracking} maxLength={TRACKING_MAX} autoComplete="off" />
          <button type="submit" name="intent" value="ship" className="btn btn-primary btn-sm" aria-label={t("sell.sale.shipLabel", { title: sale.title })}>
            {t("sell.sale.ship")}
          </button>
        </Form>
      ) : null}
      {can.handOver ? (
        <Form method="post" className="line-form" {...handForm.props}>
          <p>{t("sell.sale.meet", { city: sale.address.city, cod: sale.payment_method === "cod" ? "yes" : "no" })}</p>
          {sale.payment_method === "cod" ? <UpiPinNote /> : null}
          <input type="hidden" name="itemId" value={sale.id} />
          <FormErrors id={handForm.errorId} errors={handForm.errors} />
          <TextField label={t("sell.sale.code")} field={hand.code} maxLength={7} inputMode="numeric" autoComplete="off" />
          <button type="submit" name="intent" value="handover" className="btn btn-primary btn-sm" aria-label={t("sell.sale.handOverLabel", { title: sale.title })}>
            {t("sell.sale.handOver")}
          </button>
        </Form>
      ) : null}
      <details className="line-step" open={reply?.intent === "cancel"}>
        <summary>{t("sell.sale.cantFulfil")}</summary>
        <Form method="post" className="line-form" {...cancelForm.props}>
          <input type="hidden" name="itemId" value={sale.id} />
          <FormErrors id={cancelForm.errorId} errors={cancelForm.errors} />
          <TextareaField label={t("sell.sale.why")} field={cancel.reason} rows={2} maxLength={CANCEL_REASON_MAX} />
          <button type="submit" name="intent" value="cancel" className="btn btn-ghost btn-sm" aria-label={t("sell.sale.cancelLabel", { title: sale.title })}>
            {t("sell.sale.cancel")}
          </button>
        </Form>
      </details>
    </div>
  );
}

/** An open return's photo from the buyer, opened at full size by its link; and, once disputed, that support has it. */
function ReturnPhoto({ sale }: { sale: Sale & { return_photo_url?: string | null; return_photo_thumb?: string | null } }) {
  const { t, locale } = useT();
  return (
    <>
      {sale.return_photo_url && sale.return_photo_thumb ? (
        <p>
          <a href={sale.return_photo_url}>
            <img src={sale.return_photo_thumb} alt={t("sell.sale.returnPhoto")} width={120} height={160} className="form-image-preview" loading="lazy" decoding="async" />
          </a>
        </p>
      ) : (
        <p className="muted">{t("sell.sale.noReturnPhoto")}</p>
      )}
      {sale.disputed_at ? <p className="alert alert-info">{t("sell.sale.disputed", { when: formatDateTime(sale.disputed_at, locale) })}</p> : null}
    </>
  );
}
