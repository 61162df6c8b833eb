import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { FaqList } from "~/components/support/faq-list";
import { pageMeta } from "~/utils/meta";

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
