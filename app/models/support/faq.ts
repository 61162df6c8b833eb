import { POLICY } from "~/models/support/policy";

// Six questions (docs/product/marketplace.md §2), shared by /faq and the contact page's FAQ section.
export function faqItems(supportEmail: string) {
  return [
    {
      q: "How do contests work?",
      a: "Pick a contest, pay the entry fee before the start time, allow your camera, and take the timed multiple-choice test in fullscreen. Your score is the number of correct answers; ties go to the earlier submission.",
    },
    {
      q: "Can I get a refund of my entry fee?",
      a: `Yes, in full, if you ask at least ${POLICY.contestFullRefundHoursBeforeStart} hours before the contest starts. Refunds are processed in ${POLICY.contestRefundProcessingDays} days.`,
    },
    {
      q: "When are prizes paid?",
      a: "After the contest ends and the results are evaluated. Your prize shows on your dashboard and results page.",
    },
    {
      q: "How fast do marketplace sellers ship?",
      a: `Sellers ship within ${POLICY.sellerShipBusinessDays} business days. If something is wrong with your order, tell us within ${POLICY.reportProblemHours} hours of delivery.`,
    },
    {
      q: "Can I return a book?",
      a: `Yes, within ${POLICY.returnDays} days of delivery. Approved refunds are issued within ${POLICY.refundIssuedBusinessDays} business days and reach your account in ${POLICY.refundReachesAccountBusinessDays} business days, depending on your bank.`,
    },
    {
      q: "How do I reach support?",
      a: `Use the contact form or write to ${supportEmail}. We reply within ${POLICY.replyWithinHours} hours.`,
    },
  ];
}
