// A winner's payout details, kept one per user (./payout-details.ts has the formats and
// the masks). Only the owner's own details are ever read or written here: a payout goes
// to the details of the prize's winner, never to details a request names. The page asks
// for the password before it calls savePayoutDetails; every change mails the account's
// own address and holds payouts to the new details (PAYOUT_DETAILS_HOLD_HOURS), so a
// change the owner did not make can be stopped before money moves.
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { payout_details, profiles, users } from "~/db/schema";
import { maskPayout } from "~/models/payments/payout-details";
import { resendFailedPayouts } from "~/models/payments/payout-sender.server";
import { releaseWaitingPayouts } from "~/models/payments/payouts.server";
import type { PayoutInput } from "~/models/payments/payout-schema";
import { enqueueEmail, mailLocale, renderMail } from "~/services/email.server";
import { formatDateTime } from "~/utils/dates";
import { appUrl, env, supportEmail } from "~/utils/env.server";
import { translator } from "~/utils/i18n.server";

export async function savePayoutDetails(db: DbOrTx, userId: string, input: PayoutInput, now = new Date()) {
  const row =
    input.method === "upi"
      ? { method: "upi" as const, upi_id: input.upiId, account_holder: null, account_number: null, ifsc: null }
      : { method: "bank" as const, upi_id: null, account_holder: input.holder, account_number: input.accountNumber, ifsc: input.ifsc };
  const holdHours = env().PAYOUT_DETAILS_HOLD_HOURS;
  const holdUntil = holdHours > 0 ? new Date(now.getTime() + holdHours * 3_600_000) : null;
  await db.transaction(async (tx) => {
    await tx
      .insert(payout_details)
      .values({ user_id: userId, ...row, updated_at: now, hold_until: holdUntil })
      .onConflictDoUpdate({ target: payout_details.user_id, set: { ...row, updated_at: now, hold_until: holdUntil } });
    // Prizes that waited for these details are queued now (the sender keeps them until
    // the hold ends), and one the bank could not pay to the old details is sent again.
    await releaseWaitingPayouts(tx, userId);
    await resendFailedPayouts(tx, userId);
    const [owner] = await tx.select({ email: users.email, locale: users.locale, name: profiles.full_name }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, userId));
    if (owner) await enqueueEmail(tx, detailsChangedMail({ ...owner, label: maskPayout(row).label, when: now, holdUntil }));
  });
  return { holdUntil };
}

/** The owner is told of every change of where their money goes, in their language. */
export function detailsChangedMail(input: { email: string; locale: string; name: string | null; label: string; when: Date; holdUntil: Date | null }) {
  const locale = mailLocale(input.locale);
  const t = translator(locale);
  return {
    to: input.email,
    subject: t("mail.payoutDetails.subject"),
    ...renderMail({
      heading: t("mail.payoutDetails.heading"),
      paragraphs: [
        t("mail.payoutDetails.text", { name: input.name?.trim() || input.email.split("@")[0]!, when: formatDateTime(input.when, locale), label: input.label }),
        ...(input.holdUntil ? [t("mail.payoutDetails.held", { until: formatDateTime(input.holdUntil, locale) })] : []),
        t("mail.payoutDetails.notYou", { support: supportEmail() }),
      ],
      action: { label: t("mail.payout.check"), url: `${appUrl()}/account` },
      locale,
    }),
  };
}

/** The user's payout details as a page may show them (masked, with the end of a hold still running), or null when none are kept. */
export async function maskedPayoutDetails(db: DbOrTx, userId: string, now = new Date()) {
  const [row] = await db.select().from(payout_details).where(eq(payout_details.user_id, userId));
  if (!row) return null;
  return { ...maskPayout(row), heldUntil: row.hold_until && row.hold_until > now ? row.hold_until.toISOString() : null };
}
