// Prizes going out (docs/product/design.md §5): when a contest's results become final,
// each prize becomes one payout, made in the finalising transaction, never twice (one
// per contest and winner), with the tax withheld at the configured rate (the section of
// the Income-tax Act, 2025 that ./tax/tax-law.ts names: 30% of online-game winnings, no
// floor unless PRIZE_TAX_THRESHOLD sets one) and what is paid. A winner without payout
// details or without a PAN is asked by mail, and the payout waits until they give both.
// Sending to the gateway is ./payout-sender.server.ts.
import { and, eq, sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";
import { payout_details, payouts } from "~/db/schema";
import { enqueueEmail, mailLocale, renderMail } from "~/services/email.server";
import { translator } from "~/utils/i18n.server";
import { appUrl, env } from "~/utils/env.server";
import { formatINR } from "~/utils/money";
import { taxLawValues } from "~/models/payments/tax/tax-law";

/** What a waiting prize still needs from its winner: where to pay it, their PAN, or both. */
export type Missing = "details" | "pan" | "both";
export type Made = { id: string; user_id: string; email: string; locale: string; name: string | null; gross: number; tax: number; net: number; tax_rate_bp: number; status: "awaiting_details" | "queued"; missing: Missing | null };

// SQL: what the user named by `userId` has not given yet (null: nothing).
const MISSING = (userId: ReturnType<typeof sql>) => sql`
  CASE WHEN NOT EXISTS (SELECT 1 FROM payout_details d WHERE d.user_id = ${userId})
       THEN CASE WHEN EXISTS (SELECT 1 FROM tax_pans x WHERE x.user_id = ${userId}) THEN 'details' ELSE 'both' END
       WHEN NOT EXISTS (SELECT 1 FROM tax_pans x WHERE x.user_id = ${userId}) THEN 'pan' END`;

/**
 * One payout per prize of the contest (its final results' `prize_amount`), queued when
 * the winner has payout details, else waiting for them; each winner is mailed their
 * prize statement. Run inside the finalising transaction; a second run adds nothing.
 * A winner who erased their account before the results became final can neither add
 * details nor be mailed: their prize is declined at once, its tax record kept as any
 * declined prize's is (docs/decisions/privacy-personal-data.md).
 */
export async function queuePrizePayouts(tx: DbOrTx, input: { contestId: string; title: string; now: Date }) {
  const { PRIZE_TAX_PERCENT: percent, PRIZE_TAX_THRESHOLD: threshold } = env();
  const now = sql`${input.now.toISOString()}::timestamptz`;
  // What orders this against an erasure (which locks the user's row first,
  // models/accounts/personal-data.server.ts): finalising rewrites each result row in this
  // transaction, and each write's foreign-key check waits on the winner's row. An erasure
  // under way thus commits before the statement below reads erased_at; one that starts
  // after waits for this transaction and finds the prize. tests/integration/erasure-races.test.ts.
  const made = rowsOf<Made & { erased: boolean }>(
    await tx.execute(sql`
      WITH made AS (
        INSERT INTO payouts (user_id, contest_id, gross, tax, net, tax_rate_bp, status, declined_at)
        SELECT r.user_id, r.contest_id, r.prize_amount, t.tax, r.prize_amount - t.tax, t.rate_bp,
               CASE WHEN u.erased_at IS NOT NULL THEN 'declined'
                    WHEN ${MISSING(sql`r.user_id`)} IS NULL THEN 'queued' ELSE 'awaiting_details' END,
               CASE WHEN u.erased_at IS NOT NULL THEN ${now} END
          FROM contest_results r
          JOIN users u ON u.id = r.user_id
          -- Nothing at or below PRIZE_TAX_THRESHOLD (0: no floor), else the rate on the whole prize; the rate kept is the one applied.
          CROSS JOIN LATERAL (SELECT CASE WHEN r.prize_amount <= ${threshold} THEN 0 ELSE LEAST(r.prize_amount, round(r.prize_amount * ${percent}::numeric / 100))::int END AS tax,
                                     CASE WHEN r.prize_amount <= ${threshold} THEN 0 ELSE ${Math.round(percent * 100)} END AS rate_bp) t
         WHERE r.contest_id = ${input.contestId} AND r.prize_amount > 0
        ON CONFLICT (contest_id, user_id) DO NOTHING
        RETURNING id, user_id, gross, tax, net, tax_rate_bp, status)
      SELECT m.*, u.email, u.locale, p.full_name AS name, u.erased_at IS NOT NULL AS erased,
             CASE WHEN m.status = 'awaiting_details' THEN ${MISSING(sql`m.user_id`)} END AS missing
        FROM made m JOIN users u ON u.id = m.user_id LEFT JOIN profiles p ON p.id = m.user_id`),
  );
  for (const payout of made) if (!payout.erased) await enqueueEmail(tx, statementMail(payout, input.title));
  return made.length;
}

/** What a waiting winner is asked to give, in the mail and on the statement. */
export const WAITING_FOR = { details: "mail.prize.waiting", pan: "mail.prize.waitingPan", both: "mail.prize.waitingBoth" } as const;

/** The winner's prize statement, in the winner's language, citing the law at the rate applied. */
export function statementMail(payout: Made, title: string) {
  const locale = mailLocale(payout.locale);
  const t = translator(locale);
  const waiting = payout.status === "awaiting_details";
  return {
    to: payout.email,
    subject: t("mail.prize.subject", { title, amount: formatINR(payout.net) }),
    ...renderMail({
      heading: t("mail.prize.heading", { amount: formatINR(payout.gross) }),
      paragraphs: [
        t("mail.prize.intro", { name: payout.name?.trim() || payout.email.split("@")[0], title }),
        t("mail.prize.lines", { ...taxLawValues(), gross: formatINR(payout.gross), percent: payout.tax_rate_bp / 100, tax: formatINR(payout.tax), net: formatINR(payout.net) }),
        t(waiting ? WAITING_FOR[payout.missing ?? "details"] : "mail.prize.willPay"),
      ],
      action: { label: t(waiting ? "mail.prize.addDetails" : "mail.prize.account"), url: `${appUrl()}/account` },
      locale,
    }),
  };
}

/**
 * The winner added payout details or their PAN: their waiting payouts are queued for the
 * gateway once nothing is missing (a prize needs both; a seller's earnings only the details).
 */
export async function releaseWaitingPayouts(tx: DbOrTx, userId: string) {
  await tx.execute(sql`
    UPDATE payouts p SET status = 'queued', updated_at = now()
     WHERE p.user_id = ${userId} AND p.status = 'awaiting_details'
       AND EXISTS (SELECT 1 FROM payout_details d WHERE d.user_id = p.user_id)
       AND (p.purpose <> 'prize' OR EXISTS (SELECT 1 FROM tax_pans x WHERE x.user_id = p.user_id))`);
}

const STATEMENT = {
  gross: payouts.gross,
  tax: payouts.tax,
  net: payouts.net,
  taxRateBp: payouts.tax_rate_bp,
  status: payouts.status,
  bankReference: payouts.bank_reference,
  failureReason: payouts.failure_reason,
  declinedAt: payouts.declined_at,
  // What a waiting prize still needs, said on the statement.
  missing: sql<Missing | null>`CASE WHEN ${payouts.status} = 'awaiting_details' THEN ${MISSING(sql`${payouts.user_id}`)} END`,
  // A round not yet sent waits out the hold on newly changed details (./payout-sender.server.ts).
  heldUntil: sql<Date | null>`CASE WHEN ${payouts.status} = 'queued' AND ${payouts.round_destination} IS NULL THEN ${payout_details.hold_until} END`,
};

/** The winner's prize statement for one contest, or null (no prize, or not final yet). */
export async function prizeStatement(db: DbOrTx, input: { contestId: string; userId: string }, now = new Date()) {
  const [row] = await db
    .select(STATEMENT)
    .from(payouts)
    .leftJoin(payout_details, eq(payout_details.user_id, payouts.user_id))
    .where(and(eq(payouts.contest_id, input.contestId), eq(payouts.user_id, input.userId)));
  if (!row) return null;
  const heldUntil = row.heldUntil ? new Date(row.heldUntil) : null;
  return { ...row, heldUntil: heldUntil && heldUntil > now ? heldUntil.toISOString() : null };
}

/**
 * What the winner's prizes waiting for payout details add up to (the dashboard asks for
 * them): none given yet, or the bank could not pay to the ones given.
 */
export async function waitingForDetails(db: DbOrTx, userId: string) {
  const [row] = rowsOf<{ count: number; net: number }>(
    await db.execute(sql`SELECT count(*)::int AS count, COALESCE(sum(net), 0)::int AS net FROM payouts WHERE user_id = ${userId} AND status IN ('awaiting_details', 'failed', 'reversed')`),
  );
  return row!;
}

// Declining a prize (issue 65, point 7): a winner who will not give payout details may
// decline a prize that waits (none given yet, or the bank could not pay to the ones given),
// never one on its way. The payout keeps its gross, tax and net (the tax record the law asks
// us to keep, erasure or not); it is never queued again (releaseWaitingPayouts above and
// resendFailedPayouts in ./payout-sender.server.ts move only the states they name) and it
// holds no erasure (models/accounts/personal-data.server.ts).

/** The states a prize may be declined in: nothing is moving, and nothing reached the winner. */
export const DECLINABLE_STATUSES = ["awaiting_details", "failed", "reversed"] as const;

export type DeclinablePrize = { id: string; contest_id: string; title: string; gross: number; tax: number; net: number; tax_rate_bp: number; status: (typeof DECLINABLE_STATUSES)[number] };

const DECLINABLE_SQL = sql.raw(`p.purpose = 'prize' AND p.status IN (${DECLINABLE_STATUSES.map((s) => `'${s}'`).join(", ")})`);

/** The winner's prizes that may be declined, the oldest first; or the one named by `payoutId`. */
export async function declinablePrizes(db: DbOrTx, input: { userId: string; payoutId?: string }) {
  return rowsOf<DeclinablePrize>(
    await db.execute(sql`
      SELECT p.id, p.contest_id, c.title, p.gross, p.tax, p.net, p.tax_rate_bp, p.status
        FROM payouts p JOIN contests c ON c.id = p.contest_id
       WHERE p.user_id = ${input.userId} AND ${DECLINABLE_SQL} ${input.payoutId ? sql`AND p.id = ${input.payoutId}` : sql``}
       ORDER BY p.created_at`),
  );
}

/**
 * Declines the winner's prize, once: false when it is not theirs or no longer declinable
 * (details saved meanwhile queued it: the row's lock orders the two, and the loser's
 * condition is read again after it).
 */
export async function declinePrize(db: DbOrTx, input: { userId: string; payoutId: string; now: Date }) {
  const declined = rowsOf(
    await db.execute(sql`
      UPDATE payouts p SET status = 'declined', declined_at = ${input.now.toISOString()}::timestamptz, updated_at = ${input.now.toISOString()}::timestamptz
       WHERE p.id = ${input.payoutId} AND p.user_id = ${input.userId} AND ${DECLINABLE_SQL}
      RETURNING p.id`),
  );
  return declined.length === 1;
}
