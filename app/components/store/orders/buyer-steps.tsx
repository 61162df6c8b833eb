// What a buyer may do with one line of their order (app/routes/orders.$id.confirmation.tsx):
// cancel it before it ships, confirm it arrived, ask to return it (with a photo of what is
// wrong, on its own page), review it. Each is a
// plain form, so it works without JavaScript; a refused post opens its own form again
// with the message and what was typed.
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { FormErrors, TextareaField } from "~/components/ui/field";
import { buyerCan, lineState, RETURN_REASON_MAX, returnOpenUntil, type LineLife } from "~/models/store/orders/order-life";
import type { BuyerStepSchema } from "~/models/store/orders/order-steps-schema";
import { REVIEW_MAX_CHARS, starsOf } from "~/models/store/reviews/reviews";
import { POLICY } from "~/models/support/policy";
import { formatDateTime } from "~/utils/dates";
import { richText, useT } from "~/utils/i18n";
import { unlessErased } from "~/utils/names";
import { useSchemaForm } from "~/utils/use-schema-form";

type Line = LineLife & { id: string; title: string };
/** The reply to this line's last post, if it was this form's. */
export type StepReply = SubmissionResult<string[]> | undefined;

export function BuyerSteps({ item, now, several, returnReply }: { item: Line; now: Date; several: boolean; returnReply: StepReply }) {
  const { t, locale } = useT();
  const [form, fields] = useSchemaForm<typeof BuyerStepSchema>(returnReply, { id: `return-${item.id}` });
  const can = buyerCan(item, now);
  const until = returnOpenUntil(item);
  if (!can.cancel && !can.confirmDelivery && !can.requestReturn) return null;
  return (
    <div className="actions-row">
      {can.cancel ? (
        <Form method="post">
          <input type="hidden" name="itemId" value={item.id} />
          <button type="submit" name="intent" value="cancel" className="btn btn-ghost btn-sm" aria-label={several ? t("orders.cancelLabel", { title: item.title }) : undefined}>
            {t(several ? "orders.cancelItem" : "orders.cancelOrder")}
          </button>
        </Form>
      ) : null}
      {can.confirmDelivery ? (
        <Form method="post">
          <input type="hidden" name="itemId" value={item.id} />
          <button type="submit" name="intent" value="received" className="btn btn-primary btn-sm" aria-label={several ? t("orders.receivedLabel", { title: item.title }) : undefined}>
            {t("orders.received")}
          </button>
        </Form>
      ) : null}
      {can.requestReturn ? (
        <details className="line-step" open={Boolean(returnReply)}>
          <summary>{t("orders.returnOpen")}</summary>
          <Form method="post" className="line-form" {...form.props}>
            <input type="hidden" name="itemId" value={item.id} />
            <FormErrors id={form.errorId} errors={form.errors} />
            <TextareaField label={t("orders.whatsWrong")} field={fields.reason} rows={3} maxLength={RETURN_REASON_MAX} />
            <p className="muted">{t("orders.openUntil", { when: until ? formatDateTime(until, locale) : "" })}</p>
            <button type="submit" name="intent" value="return" className="btn btn-primary btn-sm">
              {t("orders.askReturn")}
            </button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}

/** The buyer's review of a delivered line: stars and a few words; their review, if any, to edit. */
export function ReviewForm({ item, review, reply }: { item: { id: string; title: string }; review: { rating: number; body: string } | null; reply: StepReply }) {
  const { t } = useT();
  const [form, fields] = useSchemaForm<typeof BuyerStepSchema>(reply, { id: `review-${item.id}`, defaultValue: review ? { rating: String(review.rating), body: review.body } : {} });
  const rating = fields.rating.initialValue ?? "";
  return (
    <details className="line-step" open={Boolean(reply)}>
      <summary>{review ? t("orders.review.yours", { stars: starsOf(review.rating) }) : t("orders.review.rate")}</summary>
      <Form method="post" className="line-form" {...form.props}>
        <input type="hidden" name="itemId" value={item.id} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset className="stars-input" aria-invalid={fields.rating.errors ? true : undefined} aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}>
          <legend>{t("orders.review.rating")}</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n}>
              <input type="radio" name="rating" value={n} defaultChecked={rating === String(n)} required />
              {t("orders.review.stars", { n })}
            </label>
          ))}
        </fieldset>
        <p id={fields.rating.errorId} className="field-error">
          {fields.rating.errors?.[0]}
        </p>
        <TextareaField label={t("orders.review.body")} field={fields.body} rows={3} maxLength={REVIEW_MAX_CHARS} />
        <button type="submit" name="intent" value="review" className="btn btn-primary btn-sm" aria-label={t(review ? "orders.review.updateLabel" : "orders.review.postLabel", { title: item.title })}>
          {t(review ? "orders.review.update" : "orders.review.post")}
        </button>
      </Form>
    </details>
  );
}

/**
 * Where and how a book goes back once a return is asked for (issue 49, point 7): packed, by a
 * tracked service, to the seller's address, the receipt kept until the refund. The address
 * is shown to this buyer only while the return is open (order-views.server.ts).
 */
export function ReturnHowTo({ item }: { item: LineLife & { seller_name?: string | null; seller_phone?: string | null; seller_address?: string | null; seller_city?: string | null } }) {
  const { t } = useT();
  if (lineState(item) !== "return_requested") return null;
  const name = item.seller_name?.trim() || t("orders.theSeller");
  const address = [item.seller_address?.trim(), item.seller_city?.trim()].filter(Boolean).join(", ");
  return (
    <div className="alert alert-info" role="note">
      <h4>{t("orders.returnHow.title")}</h4>
      <p>{t("orders.returnHow.text")}</p>
      {item.seller_address?.trim() ? (
        <p>
          {richText(t("orders.returnHow.address"), [
            () => (
              <span translate="no">
                {name}, {address}
              </span>
            ),
          ])}
        </p>
      ) : item.seller_phone ? (
        <p>{richText(t("orders.returnHow.askPhone"), [() => <a href={`tel:+91${item.seller_phone}`} translate="no">{item.seller_phone}</a>])}</p>
      ) : (
        <p>{t("orders.returnHow.askSupport")}</p>
      )}
    </div>
  );
}

/**
 * An open return's case on the buyer's page (issue 49, point 6): their photo of what is
 * wrong, or a link to add one; once the seller disputes it, their words and that support
 * decides.
 */
export function ReturnCase({ orderId, item }: { orderId: string; item: LineLife & { id: string; return_photo_thumb?: string | null; dispute_words?: string | null } }) {
  const { t } = useT();
  if (lineState(item) !== "return_requested") return null;
  const photoPage = `/orders/${orderId}/items/${item.id}/photo`;
  return (
    <div className="line-step">
      {item.return_photo_thumb ? (
        <p>
          <img src={item.return_photo_thumb} alt={t("orders.returnPhoto.yours")} width={120} height={160} className="form-image-preview" loading="lazy" decoding="async" />
          {item.disputed_at ? null : <Link to={photoPage}>{t("orders.returnPhoto.replace")}</Link>}
        </p>
      ) : item.disputed_at ? null : (
        <p>
          <Link to={photoPage}>{t("orders.returnPhoto.add")}</Link>
        </p>
      )}
      {item.disputed_at ? (
        <div className="alert alert-info" role="note">
          <h4>{t("orders.disputed.title")}</h4>
          <p>{richText(t("orders.disputed.seller"), [() => <span translate="no">{unlessErased(item.dispute_words, t)}</span>])}</p>
          <p>{t("orders.disputed.text", { hours: POLICY.replyWithinHours })}</p>
        </div>
      ) : null}
    </div>
  );
}
