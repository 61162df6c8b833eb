// The payout details form's schema (./payout-details.ts has its rules), and the prize
// decline's, apart so that only the actions import Zod (app/utils/use-schema-form.ts).
import { z } from "zod";
import { msgText, type Msg } from "~/utils/i18n";
import { MAX_PASSWORD_LENGTH } from "~/models/accounts/passwords/password-strength";
import { ACCOUNT_NUMBER, DECLINE_MESSAGES, IFSC, PAYOUT_MAX, PAYOUT_MESSAGES, UPI_ID } from "~/models/payments/payout-details";

const field = z.string().optional();
const clean = (v: string | undefined) => (v ?? "").trim();

export const PayoutSchema = z
  .object({ method: field, upiId: field, holder: field, accountNumber: field, confirmAccountNumber: field, ifsc: field, currentPassword: field })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: Msg) => ctx.addIssue({ code: "custom", path: [path], message: msgText(message) });
    // Checked against the account by the action; here only that it was given (and not absurdly long).
    if (!v.currentPassword || v.currentPassword.length > MAX_PASSWORD_LENGTH) issue("currentPassword", PAYOUT_MESSAGES.passwordRequired);
    if (v.method === "upi") {
      if (clean(v.upiId).length > PAYOUT_MAX.upiId || !UPI_ID.test(clean(v.upiId))) issue("upiId", PAYOUT_MESSAGES.upiInvalid);
    } else if (v.method === "bank") {
      const holder = clean(v.holder);
      if (holder.length < 2 || holder.length > PAYOUT_MAX.holder) issue("holder", PAYOUT_MESSAGES.holderRequired);
      const account = clean(v.accountNumber).replace(/\s/g, "");
      if (!ACCOUNT_NUMBER.test(account)) issue("accountNumber", PAYOUT_MESSAGES.accountInvalid);
      else if (clean(v.confirmAccountNumber).replace(/\s/g, "") !== account) issue("confirmAccountNumber", PAYOUT_MESSAGES.accountMismatch);
      if (!IFSC.test(clean(v.ifsc).toUpperCase())) issue("ifsc", PAYOUT_MESSAGES.ifscInvalid);
    } else {
      issue("method", PAYOUT_MESSAGES.methodRequired);
    }
  })
  .transform((v) => ({
    currentPassword: v.currentPassword!,
    details:
      v.method === "upi"
        ? { method: "upi" as const, upiId: clean(v.upiId) }
        : { method: "bank" as const, holder: clean(v.holder), accountNumber: clean(v.accountNumber).replace(/\s/g, ""), ifsc: clean(v.ifsc).toUpperCase() },
  }));
export type PayoutInput = z.output<typeof PayoutSchema>["details"];

/** Declining a prize (/account/prizes/{id}/decline, declinePrize in ./payouts.server.ts): the tick, and the password the action checks. */
export const DeclinePrizeSchema = z
  .object({ confirm: field, currentPassword: field })
  .superRefine((v, ctx) => {
    if (v.confirm !== "on") ctx.addIssue({ code: "custom", path: ["confirm"], message: msgText(DECLINE_MESSAGES.confirmRequired) });
    if (!v.currentPassword || v.currentPassword.length > MAX_PASSWORD_LENGTH) ctx.addIssue({ code: "custom", path: ["currentPassword"], message: msgText(PAYOUT_MESSAGES.passwordRequired) });
  })
  .transform((v) => ({ currentPassword: v.currentPassword! }));
