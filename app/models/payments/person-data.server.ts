// The payments' person data (issue 66, point 2; docs/decisions/privacy-personal-data.md):
// what the ledger, refunds, payouts and held money keep of a person, what they still owe
// them, and what erasure does. Registered by models/person-data.server.ts.
import { sql } from "drizzle-orm";
import { ACCOUNT_MESSAGES } from "~/models/accounts/messages";
import { deleteRowsOf, ERASED, rowsOfMine, type PersonData } from "~/models/accounts/personal-data.server";

const MONEY_LAW = "tax and payment records (POLICY.recordsKeptYears)";

export const PAYMENTS_PERSON_DATA: PersonData = {
  domain: "payments",
  tables: {
    payments: { erase: "keep", law: MONEY_LAW, why: "money taken; nothing in it names the person but the key" },
    refunds: { erase: "keep", law: MONEY_LAW, why: "money given back" },
    payouts: { erase: "anonymise", law: MONEY_LAW, why: "money paid out and its tax; a bank payout's holder is replaced" },
    payout_details: { erase: "delete", why: "where the person is paid: describes only them" },
    payment_reviews: { erase: "keep", law: MONEY_LAW, why: "money captured that could not be booked, kept for support to refund or review; never deleted (app/db/schema/payments.ts)" },
    held_transfers: { erase: "keep", law: MONEY_LAW, why: "a sale's share held, released or reversed at the gateway; names only the gateway's account id" },
    seller_payout_lines: { erase: "keep", law: MONEY_LAW, why: "which sold line a seller's payout paid (through order_items)" },
    linked_accounts: { erase: "delete", why: "the person's account at the gateway: nothing more is sent to it once nothing is held" },
    // Issue 67, point 3: what the quarterly TDS return names the deductee by (docs/decisions/money-tax-on-prizes.md).
    tax_pans: { erase: "keep", law: MONEY_LAW, why: "the PAN and the name on it that the tax withheld from the person's prizes was reported under" },
  },
  download: (me) => ({
    payments: rowsOfMine("payments", sql`t.user_id = ${me}`),
    refunds: rowsOfMine("refunds", sql`t.user_id = ${me}`),
    // The account number as My Account shows it: its last four digits (a stolen session must not read it whole).
    payout_details: sql`(SELECT to_jsonb(d) - 'user_id' || jsonb_build_object('account_number', '••••' || right(d.account_number, 4)) FROM payout_details d WHERE d.user_id = ${me})`,
    payouts: rowsOfMine("payouts", sql`t.user_id = ${me}`),
    payment_reviews: rowsOfMine("payment_reviews", sql`t.user_id = ${me}`),
    // The gateway's own errors are ours, not the person's data.
    held_transfers: rowsOfMine("held_transfers", sql`t.recipient_id = ${me}`, ["last_error", "attempts", "next_attempt_at"]),
    seller_payout_lines: rowsOfMine("seller_payout_lines", sql`t.payout_id IN (SELECT id FROM payouts WHERE user_id = ${me})`),
    linked_account: sql`(SELECT to_jsonb(a) - 'user_id' FROM linked_accounts a WHERE a.user_id = ${me})`,
    // Masked as My Account shows it (maskPan in ./tax/tax-law.ts): only the tax records hold it whole.
    tax_pan: sql`(SELECT to_jsonb(x) - 'user_id' || jsonb_build_object('pan', '••••••' || right(x.pan, 4)) FROM tax_pans x WHERE x.user_id = ${me})`,
  }),
  // Money on its way to or from the person: a payout not yet paid (a failed or reversed
  // one waits for new details, so the person is still owed it); a refund not yet sent (a
  // failed one waits for support to send it by hand, docs/admin-sql.md "Refunds the
  // gateway refused"). A sale's share held for its seller is the store's to say (its contract).
  owed: [
    // A prize waiting for payout details is said apart (issue 65): its winner may decline it
    // instead (models/payments/payouts.server.ts), and a declined prize is owed to nobody.
    { reason: "prize-waiting", message: ACCOUNT_MESSAGES.erasePrizeWaiting, open: (me) => sql`SELECT 1 FROM payouts WHERE user_id = ${me} AND purpose = 'prize' AND status IN ('awaiting_details', 'failed', 'reversed')` },
    { reason: "open-payout", message: ACCOUNT_MESSAGES.eraseOpenPayout, open: (me) => sql`SELECT 1 FROM payouts WHERE user_id = ${me} AND status NOT IN ('paid', 'declined')` },
    { reason: "open-refund", message: ACCOUNT_MESSAGES.eraseOpenRefund, open: (me) => sql`SELECT 1 FROM refunds WHERE user_id = ${me} AND status <> 'sent'` },
  ],
  erase: async (tx, { id }) => {
    await deleteRowsOf(tx, id, ["payout_details", "linked_accounts"]);
    await tx.execute(sql`
      UPDATE payouts SET round_destination = jsonb_set(round_destination, '{holder}', to_jsonb(${ERASED}::text))
       WHERE user_id = ${id} AND round_destination ? 'holder'`);
  },
};
