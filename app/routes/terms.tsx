import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { POLICY, useSupportContact } from "~/models/support/policy";
import { pageMeta } from "~/utils/meta";
import type { RequestPolicy } from "~/server/policy";

/** A guest's view is the same for every guest: kept in memory for a second (app/utils/page-cache.server.ts). */
export const requestPolicy: RequestPolicy = { page: "guest" };

export const meta: MetaFunction = () => pageMeta("Terms of Service", "The terms for using StudyArena's contests and marketplace.");

export default function Terms() {
  const support = useSupportContact();
  return (
    <ContentPage title="Terms of Service" intro="The rules that apply when you use StudyArena.">
      <h2>Eligibility</h2>
      <p>You must be at least {POLICY.minimumAge} years old to create an account, take part in paid contests or trade on the marketplace.</p>
      <h2>Contests</h2>
      <ul>
        <li>Join before the start time; there are no late entries. One entry per user per contest.</li>
        <li>The camera stays on during the test and the test runs in fullscreen. Cheating means disqualification.</li>
        <li>Scores are the number of correct answers; ties are broken by the earlier submission. Prizes are paid after evaluation, and the judges' decisions are final.</li>
        <li>Refunds of entry fees follow the <Link to="/refund">Refund Policy</Link>.</li>
      </ul>
      <h2>Marketplace</h2>
      <ul>
        <li>Sellers ship within {POLICY.sellerShipBusinessDays} business days of an order.</li>
        <li>Buyers report a problem with an order within {POLICY.reportProblemHours} hours of delivery.</li>
        <li>Returns are accepted within {POLICY.returnDays} days of delivery; approved refunds are issued within {POLICY.refundIssuedBusinessDays} business days, as the <Link to="/refund">Refund Policy</Link> explains.</li>
        <li>Listings must describe the item and its condition honestly.</li>
      </ul>
      <h2>Records</h2>
      <p>We keep transaction records for {POLICY.recordsKeptYears} years.</p>
      <h2>Support</h2>
      <p>Write to <a href={`mailto:${support.email}`}>{support.email}</a> or use the <Link to="/contact">contact form</Link>; we reply within {POLICY.replyWithinHours} hours.</p>
    </ContentPage>
  );
}
