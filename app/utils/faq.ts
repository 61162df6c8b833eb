import { REFUNDS, SUPPORT } from "~/utils/support";

// Six questions (marketplace.md §2), shared by /faq and the contact page's FAQ section.
export const FAQ = [
  {
    q: "How do contests work?",
    a: "Pick a contest, pay the entry fee before the start time, allow your camera, and take the timed multiple-choice test in fullscreen. Your score is the number of correct answers; ties go to the earlier submission.",
  },
  {
    q: "Can I get a refund of my entry fee?",
    a: `Yes, in full, if you ask at least ${REFUNDS.contestFullRefundHoursBeforeStart} hours before the contest starts. Refunds are processed in ${REFUNDS.contestProcessingDays} days.`,
  },
  {
    q: "When are prizes paid?",
    a: "After the contest ends and the results are evaluated. Your prize shows on your dashboard and results page.",
  },
  {
    q: "How fast do marketplace sellers ship?",
    a: `Sellers ship within ${SUPPORT.sellerShipBusinessDays} business days. If something is wrong with your order, tell us within ${SUPPORT.reportProblemHours} hours of delivery.`,
  },
  {
    q: "Can I return a book?",
    a: `Returns are accepted within ${SUPPORT.returnDays} days, and approved refunds are issued within ${SUPPORT.refundBusinessDays} business days.`,
  },
  {
    q: "How do I reach support?",
    a: `Use the contact form or write to ${SUPPORT.email}. We reply within ${SUPPORT.replyWithinHours} hours.`,
  },
] as const;
