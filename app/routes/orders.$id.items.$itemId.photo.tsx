import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { notFoundBoundary } from "~/components/not-found";
import { useScaledPhoto } from "~/components/store/listings/use-scaled-photo";
import { db } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { IMAGE_ACCEPT } from "~/models/media/images";
import { readPhotosPost } from "~/models/store/listings/listing-form.server";
import { tooManyPhotos } from "~/models/store/listings/listing";
import { buyerCan, ORDER_MESSAGES } from "~/models/store/orders/order-life";
import { buyerAddsReturnPhoto, buyersReturnLine } from "~/models/store/orders/order-returns.server";
import type { RequestPolicy } from "~/server/policy";
import { invariantResponse, notFound, redirectWithFlash, requireUuidParam } from "~/utils/http.server";
import { translateMsg, useT } from "~/utils/i18n";
import { i18nFor, localeOf, translator } from "~/utils/i18n.server";
import { translatedPageMeta } from "~/utils/meta";
import { IMAGE_FORM_BODY } from "~/utils/request-guard";
import { useIsPending } from "~/utils/use-is-pending";

/** A form with one photo (multipart: up to 15 MB, the body up to 64 MB: app/utils/request-guard.ts). */
export const requestPolicy: RequestPolicy = { body: IMAGE_FORM_BODY };

export const meta = translatedPageMeta("orders.returnPhoto.title", "orders.returnPhoto.title");

// A return's photo (issue 49, point 6): the buyer shows the seller what is worse than the
// book's grade. Its own page, because it is the one multipart form of an order; a plain
// form, so it works without JavaScript. Anyone but the buyer gets the same 404 as for a
// missing order; a return that is not open sends the buyer back to the order, saying why.
async function lineOf(args: LoaderFunctionArgs) {
  const orderId = requireUuidParam(args.params);
  const itemId = requireUuidParam(args.params, "itemId");
  const buyerId = await requireUserId(args.request, args.context, `/orders/${orderId}/items/${itemId}/photo`);
  const line = await buyersReturnLine(db, { buyerId, orderId, itemId });
  invariantResponse(line);
  const back = `/orders/${orderId}/confirmation`;
  if (!buyerCan(line, new Date()).returnPhoto) throw await redirectWithFlash(back, { kind: "error", message: ORDER_MESSAGES.returnPhotoNotNow });
  return { buyerId, orderId, itemId, line, back };
}

export async function loader(args: LoaderFunctionArgs) {
  const { line, back } = await lineOf(args);
  return { title: line.title, photo: line.return_photo_thumb, back, messages: i18nFor(args.request, args.context, "orders").messages };
}

export async function action(args: ActionFunctionArgs) {
  // The buyer's open return before reading an image: a stranger's upload costs no image work.
  const { buyerId, orderId, itemId, back } = await lineOf(args);
  const { added } = await readPhotosPost(args.request, { left: 1, tooMany: tooManyPhotos(1) });
  if (!added.ok) return data({ error: translateMsg(translator(localeOf(args.request, args.context)), added.error) }, { status: 400 });
  const done = (await buyerAddsReturnPhoto(db, { buyerId, orderId, itemId, variants: added.variants[0]!, now: new Date() })) ?? notFound();
  if (done.kind !== "saved") return redirectWithFlash(back, { kind: "error", message: ORDER_MESSAGES.returnPhotoNotNow });
  return redirectWithFlash(back, { kind: "success", message: ORDER_MESSAGES.returnPhotoSaved });
}

export default function ReturnPhoto() {
  const { title, photo, back } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  const pending = useIsPending();
  const scaled = useScaledPhoto();
  const { t } = useT();
  return (
    <section className="container narrow section">
      <p>
        <Link to={back}>{t("orders.returnPhoto.back")}</Link>
      </p>
      <h1>{t("orders.returnPhoto.title")}</h1>
      <p className="muted" translate="no">
        {title}
      </p>
      <p>{t("orders.returnPhoto.intro")}</p>
      {photo ? (
        <p>
          <img src={photo} alt={t("orders.returnPhoto.yours")} width={120} height={160} className="form-image-preview" loading="lazy" decoding="async" />
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="form card">
        <div className="field">
          <label htmlFor="image">{t("orders.returnPhoto.field")}</label>
          <input id="image" name="image" type="file" accept={IMAGE_ACCEPT} required aria-describedby="image-error" aria-invalid={error ? true : undefined} onChange={scaled.onChange} />
          <p id="image-error" className="field-error" role={error ? "alert" : undefined}>
            {error}
          </p>
        </div>
        <button type="submit" className="btn btn-primary" disabled={pending || scaled.scaling}>
          {pending ? t("orders.returnPhoto.sending") : photo ? t("orders.returnPhoto.replace") : t("orders.returnPhoto.send")}
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "common.notFound.order", message: "common.notFound.orderText", action: { label: "common.notFound.toOrders", to: "/orders" } });
