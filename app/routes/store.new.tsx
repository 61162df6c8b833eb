import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { NEW_LISTING, ProductForm } from "~/components/store/listings/product-form";
import { db } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { requireAgreement } from "~/models/accounts/agreements/agreements.server";
import { saveListingPost, sellWords } from "~/models/store/listings/listing-form.server";
import { LISTING_MESSAGES } from "~/models/store/listings/listing";
import { createListing } from "~/models/store/listings/listings.server";
import { listCategories } from "~/models/store/listings/products.server";
import { redirectWithFlash } from "~/utils/http.server";
import { translatedPageMeta } from "~/utils/meta";
import { useT } from "~/utils/i18n";
import { localeOf, translateReply, translator } from "~/utils/i18n.server";
import type { RequestPolicy } from "~/server/policy";
import { IMAGE_FORM_BODY } from "~/utils/request-guard";
import { ErrorPage } from "~/components/error-page";

/** A form with photos (multipart: each of up to 15 MB, the body up to 64 MB: app/utils/request-guard.ts). */
export const requestPolicy: RequestPolicy = { body: IMAGE_FORM_BODY };

export const meta = translatedPageMeta("sell.new.metaTitle", "sell.new.metaDescription");

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Changed terms are agreed to before anything is listed for sale (issue 67, point 7).
  await requireAgreement(db, request, await requireUserId(request, context));
  return { categories: await listCategories(db), messages: sellWords(localeOf(request, context)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const sellerId = await requireUserId(request, context, "/store/new");
  // Before the body is read: a refused seller's photos are never processed.
  await requireAgreement(db, request, sellerId);
  const outcome = await saveListingPost(db, request, 0, async ({ values, variants }) => Boolean(await createListing(db, { sellerId, values, variants })));
  if (typeof outcome === "object") return data(translateReply(outcome.reply, translator(localeOf(request, context))), { status: outcome.status });
  return redirectWithFlash("/store", { kind: "success", message: LISTING_MESSAGES.saved });
}

export default function NewProduct() {
  const { categories } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useT();
  return (
    <section className="container narrow section">
      <p>
        <Link to="/store/my-products">{t("sell.new.back")}</Link>
      </p>
      <h1>{t("sell.new.metaTitle")}</h1>
      <ProductForm lastResult={lastResult} defaults={NEW_LISTING} categories={categories} />
    </section>
  );
}

// Its own boundary, so an action's error page keeps the root's words (components/error-page.tsx).
export const ErrorBoundary = ErrorPage;
