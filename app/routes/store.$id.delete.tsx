import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { notFoundBoundary } from "~/components/not-found";
import { db } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { LISTING_MESSAGES } from "~/models/store/listing";
import { deleteListing, requireOwnListing } from "~/models/store/listings.server";
import { readForm } from "~/utils/forms.server";
import { notFound, redirectWithFlash, requireUuidParam } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { useIsPending } from "~/utils/use-is-pending";

export const meta: MetaFunction = () => pageMeta("Delete Product", "Confirm deleting a listing.");

// The delete confirmation as a page of its own, so it works without JavaScript.
export async function loader(args: LoaderFunctionArgs) {
  const { listing } = await requireOwnListing(db, args, "delete");
  return { id: listing.id, title: listing.title };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = requireUuidParam(params);
  const sellerId = await requireUserId(request, context, `/store/${id}/delete`);
  await readForm(request, []);
  if (!(await deleteListing(db, { id, sellerId }))) notFound();
  return redirectWithFlash("/store/my-products", { kind: "success", message: LISTING_MESSAGES.deleted });
}

export default function DeleteProduct() {
  const { id, title } = useLoaderData<typeof loader>();
  const pending = useIsPending();
  return (
    <section className="container narrow section">
      <h1>Delete Product</h1>
      <div className="card">
        <p style={{ marginTop: 0 }}>
          <strong>{title}</strong>
        </p>
        <p>{LISTING_MESSAGES.confirmDelete}</p>
        <Form method="post" className="actions-row">
          <button type="submit" className="btn btn-danger" disabled={pending}>
            {pending ? "Deleting..." : "Delete"}
          </button>
          <Link to={`/store/${id}/productdetails`} className="btn btn-ghost">
            Cancel
          </Link>
        </Form>
      </div>
    </section>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "Product Not Found",
  message: "This listing does not exist, or it is not yours to delete.",
  action: { label: "Browse Marketplace", to: "/store" },
});
