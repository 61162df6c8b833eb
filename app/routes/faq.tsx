import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { FaqList } from "~/components/support/faq-list";
import { translatedPageMeta } from "~/utils/meta";
import { richText, useT } from "~/utils/i18n";
import { localeOf, messagesUnder } from "~/utils/i18n.server";
import type { RequestPolicy } from "~/server/policy";

/** A guest's view is the same for every guest: kept in memory for a second (app/utils/page-cache.server.ts). */
export const requestPolicy: RequestPolicy = { page: "guest" };

export const meta = translatedPageMeta("pages.faq.metaTitle", "pages.faq.metaDescription");

export const loader = ({ request, context }: LoaderFunctionArgs) => ({ messages: messagesUnder(localeOf(request, context), "pages.faq.") });

export default function FaqPage() {
  const { t } = useT();
  return (
    <ContentPage title={t("pages.faq.title")} intro={t("pages.faq.intro")}>
      <FaqList />
      <p>{richText(t("pages.faq.stuck"), [(text) => <Link to="/contact">{text}</Link>])}</p>
    </ContentPage>
  );
}
