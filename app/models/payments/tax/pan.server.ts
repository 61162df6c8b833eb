// A winner's PAN (issue 67, point 3): given once before any prize is paid, corrected by its
// owner with their password, and kept whole only here and in the operator's quarterly
// export (docs/admin-sql.md, "Tax deducted each quarter"); pages and the person's download
// read it masked (./tax-law.ts). Kept when the account is erased: a tax record
// (models/payments/person-data.server.ts).
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { tax_pans } from "~/db/schema";
import { releaseWaitingPayouts } from "~/models/payments/payouts.server";
import type { PanInput } from "~/models/payments/tax/pan-schema";
import { maskPan } from "~/models/payments/tax/tax-law";

/** Keeps the owner's PAN; prizes that waited only for it (payout details given) are queued in the same transaction. */
export async function savePan(db: DbOrTx, userId: string, input: PanInput, now = new Date()) {
  await db.transaction(async (tx) => {
    const row = { pan: input.pan, pan_name: input.panName, updated_at: now };
    await tx.insert(tax_pans).values({ user_id: userId, ...row, created_at: now }).onConflictDoUpdate({ target: tax_pans.user_id, set: row });
    await releaseWaitingPayouts(tx, userId);
  });
}

/** The owner's PAN as a page shows it (masked), with the name on it; null when none was given. */
export async function maskedPan(db: DbOrTx, userId: string) {
  const [row] = await db.select({ pan: tax_pans.pan, name: tax_pans.pan_name }).from(tax_pans).where(eq(tax_pans.user_id, userId));
  return row ? { pan: maskPan(row.pan), name: row.name } : null;
}

