import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useScaledPhoto } from "~/components/store/listings/use-scaled-photo";
import { notFoundBoundary } from "~/components/not-found";
import { db } from "~/db/client.server";
import { IMAGE_ACCEPT } from "~/models/media/images";
import { readImagePost, sellWords } from "~/models/store/listings/listing-form.server";
import { LISTING_MESSAGES } from "~/models/store/listings/listing";
import { requireOwnListing, updateListing } from "~/models/store/listings/listings.server";
import { notFound, redirectWithFlash } from "~/utils/http.server";
import { translatedPageMeta } from "~/utils/meta";
import { translateMsg, useT } from "~/utils/i18n";
import { localeOf, translator } from "~/utils/i18n.server";
import { useIsPending } from "~/utils/use-is-pending";
import type { RequestPolicy } from "~/server/policy";
import { IMAGE_FORM_BODY } from "~/utils/request-guard";

/** A form with one image (multipart: a photo of up to 15 MB, the body up to 64 MB: app/utils/request-guard.ts). */
export const requestPolicy: RequestPolicy = { body: IMAGE_FORM_BODY };

export const meta = translatedPageMeta("sell.image.metaTitle", "sell.image.metaDescription");

// A listing's image on its own (the owner's "upload image" on the product page and in
// My Products): a plain multipart form, so it works without JavaScript.
export async function loader(args: LoaderFunctionArgs) {
  const { listing } = await requireOwnListing(db, args, "image");
  return { id: listing.id, title: listing.title, messages: sellWords(localeOf(args.request, args.context)) };
}

export async function action(args: ActionFunctionArgs) {
  // Ownership before reading an image: a stranger's upload costs no image work.
  const { sellerId, listing } = await requireOwnListing(db, args, "image");
  const id = listing.id;
  const post = await readImagePost(args.request);
  if (!post.ok) return data({ error: translateMsg(translator(localeOf(args.request, args.context)), post.error) }, { status: 400 });
  if (!(await updateListing(db, { id, sellerId, variants: post.variants }))) notFound();
  return redirectWithFlash(`/store/${id}/productdetails`, { kind: "success", message: LISTING_MESSAGES.imageSaved });
}

export default function UploadImage() {
  const { id, title } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  const pending = useIsPending();
  const photo = useScaledPhoto();
  const { t } = useT();
  return (
    <section className="container narrow section">
      <p>
        <Link to={`/store/${id}/productdetails`}>{t("sell.back")}</Link>
      </p>
      <h1>{t("sell.image.title")}</h1>
      <p className="muted" translate="no">
        {title}
      </p>
      <Form method="post" encType="multipart/form-data" className="form card">
        <div className="field">
          <label htmlFor="image">{t("sell.form.image")}</label>
          <input id="image" name="image" type="file" accept={IMAGE_ACCEPT} required aria-describedby="image-hint image-error" aria-invalid={error ? true : undefined} onChange={photo.onChange} />
          <p id="image-hint" className="muted" style={{ margin: 0, fontSize: ".85rem" }} role={photo.scaling ? "status" : undefined}>
            {photo.scaling ? t("sell.msg.scaling") : t("sell.msg.imageHint")}
          </p>
          <p id="image-error" className="field-error" role={error ? "alert" : undefined}>
            {error}
          </p>
        </div>
        <button type="submit" className="btn btn-primary" disabled={pending || photo.scaling}>
          {pending ? t("sell.image.uploading") : t("sell.image.title")}
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "common.notFound.product", message: "common.notFound.notYours", action: { label: "common.notFound.toStore", to: "/store" } });
