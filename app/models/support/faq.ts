import { POLICY } from "~/models/support/policy";
import type { MessageId, Msg } from "~/utils/i18n";

// Six questions (docs/product/marketplace.md §2; issue 46 added who funds the prizes to the third and "Your data" to the sixth), shared by /faq and the contact page's FAQ
// section, as messages ("pages.faq.", which both pages load) with the policy's numbers.
export function faqItems(supportEmail: string): Array<{ q: MessageId; a: Msg }> {
  return [
    { q: "pages.faq.q1", a: { id: "pages.faq.a1" } },
    { q: "pages.faq.q2", a: { id: "pages.faq.a2", values: { hours: POLICY.contestFullRefundHoursBeforeStart, days: POLICY.contestRefundProcessingDays } } },
    { q: "pages.faq.q3", a: { id: "pages.faq.a3" } },
    { q: "pages.faq.q4", a: { id: "pages.faq.a4", values: { days: POLICY.sellerShipBusinessDays, hours: POLICY.reportProblemHours } } },
    {
      q: "pages.faq.q5",
      a: { id: "pages.faq.a5", values: { days: POLICY.returnDays, issued: POLICY.refundIssuedBusinessDays, reach: POLICY.refundReachesAccountBusinessDays } },
    },
    { q: "pages.faq.q6", a: { id: "pages.faq.a6", values: { email: supportEmail, hours: POLICY.replyWithinHours } } },
  ];
}
