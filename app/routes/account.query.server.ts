// What My Account reads (app/routes/account.tsx): the profile, the refunds owed to the
// person, and their payout details and PAN as the page may show them (masked).
import type { DbOrTx } from "~/db/client.server";
import { getProfile } from "~/models/accounts/profile.server";
import { mayShowFullName, publicName } from "~/models/accounts/public-name";
import { maskedPayoutDetails } from "~/models/payments/payout-details.server";
import { myRefunds } from "~/models/payments/refunds.server";
import { maskedPan } from "~/models/payments/tax/pan.server";

/** The page's data, or null for an account that is gone. */
export async function accountPage(db: DbOrTx, userId: string, now: Date) {
  const [profile, refunds, payout, pan] = await Promise.all([getProfile(db, userId), myRefunds(db, userId), maskedPayoutDetails(db, userId), maskedPan(db, userId)]);
  if (!profile) return null;
  // The name public lists show now, and whether this person may choose the full name (issue 67, point 5).
  const shown = { publicFullName: profile.public_full_name ?? false, mayChoose: mayShowFullName(profile.birth_date, now), name: publicName(profile, now) };
  return { shown, profile: { email: profile.email, fullName: profile.full_name ?? "", phone: profile.phone ?? "", address: profile.address ?? "", city: profile.city ?? "", pincode: profile.pincode ?? "", since: profile.created_at.getFullYear() }, refunds, payout, pan };
}
