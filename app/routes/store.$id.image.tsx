import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useScaledPhoto } from "~/components/store/listings/use-scaled-photo";
import { notFoundBoundary } from "~/components/not-found";
import { db } from "~/db/client.server";
import { IMAGE_ACCEPT } from "~/models/media/images";
import { readPhotosPost, sellWords } from "~/models/store/listings/listing-form.server";
import { LISTING_MESSAGES, LISTING_PHOTOS_MAX, PHOTOS_FOR_WEAR, tooManyPhotos } from "~/models/store/listings/listing";
import { changeListingPhotos, requireOwnListing } from "~/models/store/listings/listings.server";
import { photosOf } from "~/models/store/listings/photos.server";
import { notFound, redirectWithFlash } from "~/utils/http.server";
import { translatedPageMeta } from "~/utils/meta";
import { translateMsg, useT, type Msg } from "~/utils/i18n";
import { localeOf, translator } from "~/utils/i18n.server";
import { useIsPending } from "~/utils/use-is-pending";
import type { RequestPolicy } from "~/server/policy";
import { IMAGE_FORM_BODY } from "~/utils/request-guard";

/** Multipart forms: photos (each of up to 15 MB, the body up to 64 MB: app/utils/request-guard.ts), or a photo moved or removed. */
export const requestPolicy: RequestPolicy = { body: IMAGE_FORM_BODY };

export const meta = translatedPageMeta("sell.image.metaTitle", "sell.image.metaDescription");

// A listing's photos (issue 49, point 6), the owner's "Upload Image" on the product page
// and in My Products: add, move a photo a place, remove. Each is a plain form, so all of
// it works without JavaScript.
export async function loader(args: LoaderFunctionArgs) {
  const { listing } = await requireOwnListing(db, args, "image");
  return { id: listing.id, title: listing.title, photos: await photosOf(db, listing.id), messages: sellWords(localeOf(args.request, args.context)) };
}

const CHANGES = ["earlier", "later", "remove"] as const;

export async function action(args: ActionFunctionArgs) {
  // Ownership before reading an image: a stranger's upload costs no image work.
  const { sellerId, listing } = await requireOwnListing(db, args, "image");
  const id = listing.id;
  const here = `/store/${id}/image`;
  const say = (error: Msg, field: "image" | "photos") => data({ error: translateMsg(translator(localeOf(args.request, args.context)), error), field }, { status: 400 });
  const { fields, added } = await readPhotosPost(args.request, { left: LISTING_PHOTOS_MAX - listing.photo_count, tooMany: tooManyPhotos(LISTING_PHOTOS_MAX) });
  const intent = fields.get("intent") ?? "add";
  if (intent === "add") {
    if (!added.ok) return say(added.error, "image");
    const outcome = await changeListingPhotos(db, { id, sellerId, change: { kind: "add", variants: added.variants } });
    if (outcome === "missing") notFound();
    if (typeof outcome === "object") return say(outcome, "image");
    return redirectWithFlash(here, { kind: "success", message: LISTING_MESSAGES.imageSaved });
  }
  const kind = CHANGES.find((c) => c === intent);
  const url = fields.get("photo");
  if (!kind || !url) throw new Response("Unknown action.", { status: 400 });
  const outcome = await changeListingPhotos(db, { id, sellerId, change: { kind, url } });
  if (outcome === "missing") notFound();
  if (outcome === "stale") return redirectWithFlash(here, { kind: "info", message: LISTING_MESSAGES.photoGone });
  if (typeof outcome === "object") return say(outcome, "photos");
  return redirectWithFlash(here, { kind: "success", message: kind === "remove" ? LISTING_MESSAGES.photoRemoved : LISTING_MESSAGES.photoMoved });
}

export default function ListingPhotos() {
  const { id, title, photos } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const pending = useIsPending();
  const photo = useScaledPhoto();
  const { t } = useT();
  const full = photos.length >= LISTING_PHOTOS_MAX;
  const imageError = answer?.field === "image" ? answer.error : undefined;
  return (
    <section className="container narrow section">
      <p>
        <Link to={`/store/${id}/productdetails`}>{t("sell.back")}</Link>
      </p>
      <h1>{t("sell.photos.title")}</h1>
      <p className="muted" translate="no">
        {title}
      </p>
      <p>{t("sell.photos.intro", { max: LISTING_PHOTOS_MAX, count: PHOTOS_FOR_WEAR })}</p>
      {answer?.field === "photos" ? (
        <p className="alert alert-error" role="alert">
          {answer.error}
        </p>
      ) : null}
      <p className="muted">{photos.length ? t("sell.photos.count", { count: photos.length, max: LISTING_PHOTOS_MAX }) : t("sell.photos.none")}</p>
      <ol className="photo-list">
        {photos.map((p, i) => (
          <li key={p.image_url} className="card photo-item">
            <img src={p.thumbnail_url} alt={t("sell.photos.photo", { n: i + 1 })} width={160} height={Math.round((160 * p.height) / p.width)} loading="lazy" decoding="async" />
            <div>
              <p>
                <strong>{t("sell.photos.photo", { n: i + 1 })}</strong>
                {i === 0 ? <span className="badge tone-green">{t("sell.photos.cover")}</span> : null}
              </p>
              <Form method="post" encType="multipart/form-data" className="actions-row">
                <input type="hidden" name="photo" value={p.image_url} />
                <button type="submit" name="intent" value="earlier" className="btn btn-ghost btn-small" disabled={i === 0 || pending}>
                  {t("sell.photos.earlier")}
                </button>
                <button type="submit" name="intent" value="later" className="btn btn-ghost btn-small" disabled={i === photos.length - 1 || pending}>
                  {t("sell.photos.later")}
                </button>
                <button type="submit" name="intent" value="remove" className="btn btn-danger btn-small" disabled={pending}>
                  {t("sell.photos.remove")}
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ol>
      {full ? (
        <p className="muted">{t("sell.photos.full", { max: LISTING_PHOTOS_MAX })}</p>
      ) : (
        <Form method="post" encType="multipart/form-data" className="form card">
          <div className="field">
            <label htmlFor="image">{t("sell.photos.add")}</label>
            <input id="image" name="image" type="file" accept={IMAGE_ACCEPT} multiple required aria-describedby="image-hint image-error" aria-invalid={imageError ? true : undefined} onChange={photo.onChange} />
            <p id="image-hint" className="muted" style={{ margin: 0, fontSize: ".85rem" }} role={photo.scaling ? "status" : undefined}>
              {photo.scaling ? t("sell.msg.scaling") : t("sell.msg.imageHint")}
            </p>
            <p id="image-error" className="field-error" role={imageError ? "alert" : undefined}>
              {imageError}
            </p>
          </div>
          <button type="submit" className="btn btn-primary" disabled={pending || photo.scaling}>
            {pending ? t("sell.image.uploading") : t("sell.image.title")}
          </button>
        </Form>
      )}
    </section>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "common.notFound.product", message: "common.notFound.notYours", action: { label: "common.notFound.toStore", to: "/store" } });
