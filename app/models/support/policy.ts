import { useRouteLoaderData } from "@remix-run/react";

// One policy, stated once and used by the terms, FAQ, contact, refund and privacy pages
// (docs/product/marketplace.md §9 lists figures that disagree with each other; docs/decisions/pages-shell-and-pages.md
// says which were chosen). No page writes a number of its own.
/** A complaint is acknowledged within this (the Consumer Protection (E-Commerce) Rules, 2020): every page's footer says it. */
export const ACK_HOURS = 48;

export const POLICY = {
  replyWithinHours: 24,
  minimumAge: 16,
  recordsKeptYears: 3,
  // Contest entry fees
  contestFullRefundHoursBeforeStart: 24,
  contestRefundProcessingDays: "5-7",
  // Marketplace
  sellerShipBusinessDays: 3,
  // A cash-on-delivery order not confirmed by its buyer within this is cancelled (issue 49, point 5).
  codConfirmHours: 24,
  reportProblemHours: 48,
  returnDays: 7,
  refundIssuedBusinessDays: 5,
  refundReachesAccountBusinessDays: "5-10",
} as const;

/** Where students reach us: configuration (SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_ADDRESS), handed down by the root loader. */
export type SupportContact = { email: string; phone: string | null; address: string | null };

export function useSupportContact(): SupportContact {
  const root = useRouteLoaderData("root") as { support?: SupportContact } | undefined;
  return root?.support ?? { email: "support@studyarena.in", phone: null, address: null };
}

/** Who runs the site and its grievance officer (OPERATOR_*, GRIEVANCE_OFFICER_* in app/utils/env.server.ts), handed down by the root loader. */
export type OperatorDetails = { legalName: string; address: string; grievanceOfficer: { name: string; email: string; phone: string } };

export function useOperator(): OperatorDetails | null {
  const root = useRouteLoaderData("root") as { operator?: OperatorDetails } | undefined;
  return root?.operator ?? null;
}
