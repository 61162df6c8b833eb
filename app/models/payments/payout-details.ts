// Where a winner's prize is paid (docs/product/design.md §5): a UPI ID, or a bank account
// with its IFSC, each checked by its format before it is kept, and shown masked.
// Pure, so the form's words and the masks are unit-tested; the database side is
// ./payout-details.server.ts.
import type { PAYOUT_METHODS } from "~/utils/enums";
import type { Msg } from "~/utils/i18n";

export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** NPCI's virtual payment address: a handle (letters, digits, . - _) @ the bank's short name. */
export const UPI_ID = /^[A-Za-z0-9._-]{2,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;
/** RBI's IFSC: four letters for the bank, a zero, six letters or digits for the branch. */
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Indian bank account numbers are 9 to 18 digits. */
export const ACCOUNT_NUMBER = /^\d{9,18}$/;

export const PAYOUT_MAX = { upiId: 320, holder: 100, accountNumber: 18, ifsc: 11 } as const;

export const PAYOUT_MESSAGES = {
  methodRequired: { id: "account.payout.methodRequired" },
  upiInvalid: { id: "account.payout.upiInvalid" },
  holderRequired: { id: "account.payout.holderRequired" },
  accountInvalid: { id: "account.payout.accountInvalid" },
  accountMismatch: { id: "account.payout.accountMismatch" },
  ifscInvalid: { id: "account.payout.ifscInvalid" },
  passwordRequired: { id: "account.payout.passwordRequired" },
  saved: { id: "account.payout.saved" },
} as const satisfies Record<string, Msg>;

/**
 * A winner may decline a prize that waits for payout details (issue 65, point 7;
 * declinePrize in ./payouts.server.ts): never paid, its record kept. The decline's words.
 */
export const DECLINE_MESSAGES = {
  confirmRequired: { id: "account.decline.confirmRequired" },
  // The prize started on its way (its winner saved details meanwhile) or was already declined.
  notDeclinable: { id: "account.decline.notDeclinable" },
  declined: (title: string): Msg => ({ id: "account.decline.done", values: { title } }),
} as const;

/** What a page may show of kept details: the UPI handle half hidden, the account's last four digits. */
export function maskPayout(details: { method: PayoutMethod; upi_id: string | null; account_number: string | null; ifsc: string | null; account_holder: string | null }) {
  if (details.method === "upi") {
    const [handle = "", bank = ""] = (details.upi_id ?? "").split("@");
    return { method: "upi" as const, label: `UPI ${handle.slice(0, 2)}${"•".repeat(Math.max(3, handle.length - 2))}@${bank}` };
  }
  return { method: "bank" as const, label: `Bank account ••••${(details.account_number ?? "").slice(-4)} (${details.ifsc}), ${details.account_holder}` };
}
