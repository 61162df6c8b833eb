import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { FaqList } from "~/components/support/faq-list";
import { pageMeta } from "~/utils/meta";
import type { RequestPolicy } from "~/server/policy";

/** A guest's view is the same for every guest: kept in memory for a second (app/utils/page-cache.server.ts). */
export const requestPolicy: RequestPolicy = { page: "guest" };

export const meta: MetaFunction = () => pageMeta("FAQ", "Answers to common questions about contests, payments, refunds and the marketplace.");

export default function FaqPage() {
  return (
    <ContentPage title="Frequently Asked Questions" intro="Quick answers about contests, prizes and the marketplace.">
      <FaqList />
      <p>
        Still stuck? <Link to="/contact">Contact support</Link>.
      </p>
    </ContentPage>
  );
}
