import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { notFoundBoundary } from "~/components/not-found";
import { ProductForm } from "~/components/store/product-form";
import { db } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { readListingPost } from "~/models/store/listing-form.server";
import { LISTING_MESSAGES } from "~/models/store/listing";
import { categoryExists, ownListing, updateListing } from "~/models/store/listings.server";
import { listCategories } from "~/models/store/products.server";
import { invariantResponse, notFound, redirectWithFlash, requireUuidParam } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta("Edit Product", "Change a listing on the StudyArena marketplace.");

// Only the seller sees this form; anyone else gets the same 404 as a listing that does not exist.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = requireUuidParam(params);
  const sellerId = await requireUserId(request, context);
  const [listing, categories] = await Promise.all([ownListing(db, id, sellerId), listCategories(db)]);
  invariantResponse(listing);
  return { listing, categories };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = requireUuidParam(params);
  const sellerId = await requireUserId(request, context, `/store/${id}/edit`);
  // Ownership before reading an image: a stranger's upload costs no image work.
  if (!(await ownListing(db, id, sellerId))) notFound();
  const post = await readListingPost(request);
  if (!post.ok) return data(post.reply, { status: 400 });
  if (!(await categoryExists(db, post.values.category))) return data(post.reply({ fieldErrors: { category: [LISTING_MESSAGES.category] } }), { status: 400 });
  let updated: boolean;
  try {
    updated = await updateListing(db, { id, sellerId, values: post.values, variants: post.variants });
  } catch (error) {
    console.error("[store] save failed", error);
    return data(post.reply({ formErrors: [LISTING_MESSAGES.saveFailed] }), { status: 500 });
  }
  if (!updated) notFound();
  return redirectWithFlash("/store", { kind: "success", message: LISTING_MESSAGES.saved });
}

export default function EditProduct() {
  const { listing, categories } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section className="container narrow section">
      <p>
        <Link to={`/store/${listing.id}/productdetails`}>← Back to the listing</Link>
      </p>
      <h1>Edit Product</h1>
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
      />
    </section>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "Product Not Found",
  message: "This listing does not exist, or it is not yours to edit.",
  action: { label: "Browse Marketplace", to: "/store" },
});
