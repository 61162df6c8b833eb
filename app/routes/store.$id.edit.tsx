import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { notFoundBoundary } from "~/components/not-found";
import { ProductForm } from "~/components/store/listings/product-form";
import { db } from "~/db/client.server";
import { saveListingPost, sellWords } from "~/models/store/listings/listing-form.server";
import { LISTING_MESSAGES } from "~/models/store/listings/listing";
import { requireOwnListing, updateListing } from "~/models/store/listings/listings.server";
import { listCategories } from "~/models/store/listings/products.server";
import { notFound, redirectWithFlash } from "~/utils/http.server";
import { translatedPageMeta } from "~/utils/meta";
import { useT } from "~/utils/i18n";
import { localeOf, translateReply, translator } from "~/utils/i18n.server";
import type { RequestPolicy } from "~/server/policy";
import { IMAGE_FORM_BODY } from "~/utils/request-guard";

/** A form with photos (multipart: each of up to 15 MB, the body up to 64 MB: app/utils/request-guard.ts). */
export const requestPolicy: RequestPolicy = { body: IMAGE_FORM_BODY };

export const meta = translatedPageMeta("sell.edit.metaTitle", "sell.edit.metaDescription");

// Only the seller sees this form; anyone else gets the same 404 as a listing that does not exist.
export async function loader(args: LoaderFunctionArgs) {
  const [{ listing }, categories] = await Promise.all([requireOwnListing(db, args, "edit"), listCategories(db)]);
  return { listing, categories, messages: sellWords(localeOf(args.request, args.context)) };
}

export async function action(args: ActionFunctionArgs) {
  // Ownership before reading an image: a stranger's upload costs no image work.
  const { sellerId, listing } = await requireOwnListing(db, args, "edit");
  const outcome = await saveListingPost(db, args.request, listing.photo_count, ({ values, variants }) => updateListing(db, { id: listing.id, sellerId, values, variants }));
  if (outcome === "missing") notFound();
  if (typeof outcome === "object") return data(translateReply(outcome.reply, translator(localeOf(args.request, args.context))), { status: outcome.status });
  return redirectWithFlash("/store", { kind: "success", message: LISTING_MESSAGES.saved });
}

export default function EditProduct() {
  const { listing, categories } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useT();
  return (
    <section className="container narrow section">
      <p>
        <Link to={`/store/${listing.id}/productdetails`}>{t("sell.back")}</Link>
      </p>
      <h1>{t("sell.edit.title")}</h1>
      <ProductForm
        lastResult={lastResult}
        categories={categories}
        defaults={{
          title: listing.title,
          description: listing.description,
          price: String(listing.price),
          category: String(listing.category_id),
          author: listing.author ?? "",
          publisher: listing.publisher ?? "",
          isbn: listing.isbn ?? "",
          condition: listing.condition,
          isActive: listing.is_active,
        }}
        currentImage={listing.image_url && listing.image_width && listing.image_height ? { url: listing.image_url, width: listing.image_width, height: listing.image_height } : null}
        photoCount={listing.photo_count}
      />
    </section>
  );
}

// A 404 has no loader data: its words are the root's (common).
export const ErrorBoundary = notFoundBoundary({ title: "common.notFound.product", message: "common.notFound.notYours", action: { label: "common.notFound.toStore", to: "/store" } });
