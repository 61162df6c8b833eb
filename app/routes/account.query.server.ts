// What My Account reads (app/routes/account.tsx): the profile, the refunds owed to the
// person, and their payout details as the page may show them (masked).
import type { DbOrTx } from "~/db/client.server";
import { getProfile } from "~/models/accounts/profile.server";
import { maskedPayoutDetails } from "~/models/payments/payout-details.server";
import { myRefunds } from "~/models/payments/refunds.server";

/** The page's data, or null for an account that is gone. */
export async function accountPage(db: DbOrTx, userId: string) {
  const [profile, refunds, payout] = await Promise.all([getProfile(db, userId), myRefunds(db, userId), maskedPayoutDetails(db, userId)]);
  if (!profile) return null;
  return { profile: { email: profile.email, fullName: profile.full_name ?? "", phone: profile.phone ?? "", address: profile.address ?? "", city: profile.city ?? "", pincode: profile.pincode ?? "", since: profile.created_at.getFullYear() }, refunds, payout };
}
