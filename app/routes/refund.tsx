import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { REFUNDS } from "~/utils/support";

export const meta: MetaFunction = () => [{ title: "Refund Policy — StudyArena" }];

export default function Refund() {
  return (
    <ContentPage title="Refund Policy" intro="When you can get your money back, and how long it takes.">
      <h2>Contest entry fees</h2>
      <p>
        You get a full refund if you ask at least {REFUNDS.contestFullRefundHoursBeforeStart} hours before the contest
        starts. Refunds are processed in {REFUNDS.contestProcessingDays} days. After that, entry fees are not refunded.
      </p>
      <h2>Marketplace orders</h2>
      <p>Marketplace refunds take {REFUNDS.marketplaceRefundBusinessDays} business days once approved.</p>
      <h3>Digital items</h3>
      <ul>
        <li>Refundable within {REFUNDS.digitalUndownloadedDays} days if not downloaded.</li>
        <li>A damaged or unreadable file must be reported within {REFUNDS.digitalDamagedHours} hours.</li>
      </ul>
      <h3>Physical items</h3>
      <ul>
        <li>Returns are typically accepted within {REFUNDS.physicalTypicalDays} days.</li>
        <li>An item that arrives damaged must be reported within {REFUNDS.physicalDamagedDays} days.</li>
      </ul>
      <p>To ask for a refund, <Link to="/contact">contact support</Link> with your order or contest details.</p>
    </ContentPage>
  );
}
