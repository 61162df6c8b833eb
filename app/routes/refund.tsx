import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { POLICY } from "~/models/support/policy";

export const meta: MetaFunction = () => [
  { title: "Refund Policy — StudyArena" },
  { name: "description", content: "When StudyArena refunds contest entry fees and marketplace orders, and how long it takes." },
];

export default function Refund() {
  return (
    <ContentPage title="Refund Policy" intro="When you can get your money back, and how long it takes.">
      <h2>Contest entry fees</h2>
      <p>
        You get a full refund if you ask at least {POLICY.contestFullRefundHoursBeforeStart} hours before the contest
        starts. Refunds are processed in {POLICY.contestRefundProcessingDays} days. After that, entry fees are not refunded.
      </p>
      <h2>Marketplace orders</h2>
      <ul>
        <li>Report a wrong, damaged or unreadable item (printed or digital) within {POLICY.reportProblemHours} hours of delivery.</li>
        <li>Return a book or study material, or cancel a digital item you have not downloaded, within {POLICY.returnDays} days of delivery.</li>
        <li>
          Approved refunds are issued within {POLICY.refundIssuedBusinessDays} business days; marketplace refunds take{" "}
          {POLICY.refundReachesAccountBusinessDays} business days to reach your account, depending on your bank.
        </li>
      </ul>
      <p>To ask for a refund, <Link to="/contact">contact support</Link> with your order or contest details.</p>
    </ContentPage>
  );
}
