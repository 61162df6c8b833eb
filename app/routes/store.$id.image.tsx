import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useScaledPhoto } from "~/components/store/use-scaled-photo";
import { notFoundBoundary } from "~/components/not-found";
import { db } from "~/db/client.server";
import { IMAGE_ACCEPT, IMAGE_MESSAGES } from "~/models/media/images";
import { readImagePost } from "~/models/store/listing-form.server";
import { LISTING_MESSAGES } from "~/models/store/listing";
import { requireOwnListing, updateListing } from "~/models/store/listings.server";
import { notFound, redirectWithFlash } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { useIsPending } from "~/utils/use-is-pending";
import type { RequestPolicy } from "~/server/policy";
import { IMAGE_FORM_BODY } from "~/utils/request-guard";

/** A form with one image (multipart: a photo of up to 15 MB, the body up to 64 MB: app/utils/request-guard.ts). */
export const requestPolicy: RequestPolicy = { body: IMAGE_FORM_BODY };

export const meta: MetaFunction = () => pageMeta("Upload Image", "Replace a listing's image.");

// A listing's image on its own (the owner's "upload image" on the product page and in
// My Products): a plain multipart form, so it works without JavaScript.
export async function loader(args: LoaderFunctionArgs) {
  const { listing } = await requireOwnListing(db, args, "image");
  return { id: listing.id, title: listing.title };
}

export async function action(args: ActionFunctionArgs) {
  // Ownership before reading an image: a stranger's upload costs no image work.
  const { sellerId, listing } = await requireOwnListing(db, args, "image");
  const id = listing.id;
  const post = await readImagePost(args.request);
  if (!post.ok) return data({ error: post.error }, { status: 400 });
  if (!(await updateListing(db, { id, sellerId, variants: post.variants }))) notFound();
  return redirectWithFlash(`/store/${id}/productdetails`, { kind: "success", message: LISTING_MESSAGES.imageSaved });
}

export default function UploadImage() {
  const { id, title } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  const pending = useIsPending();
  const photo = useScaledPhoto();
  return (
    <section className="container narrow section">
      <p>
        <Link to={`/store/${id}/productdetails`}>← Back to the listing</Link>
      </p>
      <h1>Upload Image</h1>
      <p className="muted">{title}</p>
      <Form method="post" encType="multipart/form-data" className="form card">
        <div className="field">
          <label htmlFor="image">Product Image</label>
          <input id="image" name="image" type="file" accept={IMAGE_ACCEPT} required aria-describedby="image-hint image-error" aria-invalid={error ? true : undefined} onChange={photo.onChange} />
          <p id="image-hint" className="muted" style={{ margin: 0, fontSize: ".85rem" }} role={photo.scaling ? "status" : undefined}>
            {photo.scaling ? IMAGE_MESSAGES.scaling : IMAGE_MESSAGES.hint}
          </p>
          <p id="image-error" className="field-error" role={error ? "alert" : undefined}>
            {error}
          </p>
        </div>
        <button type="submit" className="btn btn-primary" disabled={pending || photo.scaling}>
          {pending ? "Uploading..." : "Upload Image"}
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "Product Not Found",
  message: "This listing does not exist, or it is not yours to change.",
  action: { label: "Browse Marketplace", to: "/store" },
});
