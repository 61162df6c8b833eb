import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { notFoundBoundary } from "~/components/not-found";
import { db } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { LISTING_MESSAGES } from "~/models/store/listings/listing";
import { deleteListing, requireOwnListing } from "~/models/store/listings/listings.server";
import { readForm } from "~/utils/forms.server";
import { notFound, redirectWithFlash, requireUuidParam } from "~/utils/http.server";
import { translatedPageMeta } from "~/utils/meta";
import { useT } from "~/utils/i18n";
import { localeOf, messagesUnder } from "~/utils/i18n.server";
import { useIsPending } from "~/utils/use-is-pending";

export const meta = translatedPageMeta("sell.delete.metaTitle", "sell.delete.metaDescription");

// The delete confirmation as a page of its own, so it works without JavaScript.
export async function loader(args: LoaderFunctionArgs) {
  const { listing } = await requireOwnListing(db, args, "delete");
  return { id: listing.id, title: listing.title, messages: messagesUnder(localeOf(args.request, args.context), "sell.delete", "sell.msg.confirmDelete") };
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
  const { t } = useT();
  return (
    <section className="container narrow section">
      <h1>{t("sell.delete.title")}</h1>
      <div className="card">
        <p style={{ marginTop: 0 }}>
          <strong translate="no">{title}</strong>
        </p>
        <p>{t("sell.msg.confirmDelete")}</p>
        <Form method="post" className="actions-row">
          <button type="submit" className="btn btn-danger" disabled={pending}>
            {pending ? t("sell.delete.deleting") : t("sell.delete")}
          </button>
          <Link to={`/store/${id}/productdetails`} className="btn btn-ghost">
            {t("sell.delete.cancel")}
          </Link>
        </Form>
      </div>
    </section>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "common.notFound.product", message: "common.notFound.notYours", action: { label: "common.notFound.toStore", to: "/store" } });
