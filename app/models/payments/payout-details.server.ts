// A winner's payout details, kept one per user (./payout-details.ts has the formats and
// the masks). Only the owner's own details are ever read or written here: a payout goes
// to the details of the prize's winner, never to details a request names.
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { payout_details } from "~/db/schema";
import { maskPayout } from "~/models/payments/payout-details";
import { resendFailedPayouts } from "~/models/payments/payout-sender.server";
import { releaseWaitingPayouts } from "~/models/payments/payouts.server";
import type { PayoutInput } from "~/models/payments/payout-schema";

export async function savePayoutDetails(db: DbOrTx, userId: string, input: PayoutInput) {
  const row =
    input.method === "upi"
      ? { method: "upi" as const, upi_id: input.upiId, account_holder: null, account_number: null, ifsc: null }
      : { method: "bank" as const, upi_id: null, account_holder: input.holder, account_number: input.accountNumber, ifsc: input.ifsc };
  await db.transaction(async (tx) => {
    await tx
      .insert(payout_details)
      .values({ user_id: userId, ...row })
      .onConflictDoUpdate({ target: payout_details.user_id, set: { ...row, updated_at: new Date() } });
    // Prizes that waited for these details go to the gateway now, and one the bank
    // could not pay to the old details is sent again.
    await releaseWaitingPayouts(tx, userId);
    await resendFailedPayouts(tx, userId);
  });
}

/** The user's payout details as a page may show them (masked), or null when none are kept. */
export async function maskedPayoutDetails(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(payout_details).where(eq(payout_details.user_id, userId));
  return row ? maskPayout(row) : null;
}
