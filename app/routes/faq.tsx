import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { FaqList } from "~/components/faq-list";

export const meta: MetaFunction = () => [{ title: "FAQ — StudyArena" }];

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
