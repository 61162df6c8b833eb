// Support figures, stated once (marketplace.md §9) and used by the terms, FAQ,
// contact, refund pages and the footer.
export const SUPPORT = {
  email: "support@studyarena.in",
  phone: "+91 80 4710 2030",
  address: "StudyArena, 3rd Floor, 21 Residency Road, Bengaluru, Karnataka 560025",
  replyWithinHours: 24,
  sellerShipBusinessDays: 3,
  reportProblemHours: 48,
  returnDays: 7,
  refundBusinessDays: 5,
  recordsKeptYears: 3,
  minimumAge: 16,
} as const;

export const REFUNDS = {
  contestFullRefundHoursBeforeStart: 24,
  contestProcessingDays: "5-7",
  marketplaceRefundBusinessDays: "5-10",
  digitalUndownloadedDays: 7,
  digitalDamagedHours: 48,
  physicalTypicalDays: 14,
  physicalDamagedDays: 7,
} as const;
