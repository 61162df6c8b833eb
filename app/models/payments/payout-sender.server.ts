// Prizes sent, exactly once (docs/product/design.md §5, "Money goes out through the same
// ledger"): a queued payout is taken under a lease by any instance's sender, sent to the
// winner's own payout details with `id.round` as the gateway's idempotency key, and then
// moved only forward by whoever hears first: the send's reply, the payouts webhook (in
// any order, any number of times) or the poll. A round keeps the destination it was
// first sent to; a send that timed out or died with its instance is looked up at the
// gateway by its reference, and sent again only with the same key and the same body.
import { mayActSql } from "~/models/accounts/parents/parental-consent.server";
import { and, eq, isNull, sql } from "drizzle-orm";
import { errorText, rowsOf, type Db, type DbOrTx } from "~/db/client.server";
import { payouts } from "~/db/schema";
import { GatewayRefusal } from "~/models/payments/gateway.server";
import type { GatewayPayout, PayoutDestination, PayoutGateway } from "~/models/payments/payout-gateway.server";
import { enqueueEmail, kickOutbox, mailLocale, renderMail } from "~/services/email.server";
import { translator } from "~/utils/i18n.server";
import { inBackground } from "~/services/background.server";
import { backoffMs, claimDue } from "~/services/jobs.server";
import { appUrl } from "~/utils/env.server";
import { formatINR } from "~/utils/money";
import type { PAYOUT_STATUSES } from "~/utils/enums";

type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** The wait before send n+1 (1, 2, 4 … minutes, at most an hour); never given up: the key keeps a late success single. */
export const payoutBackoffMs = (attempts: number) => backoffMs(attempts);
/** The poll of a payout on its way: 2, 4, 8 … minutes after the last, at most an hour. */
export const payoutPollMs = (polls: number) => backoffMs(Math.max(0, polls) + 1, { baseMs: 2 * 60_000 });

/** The gateway's idempotency key (and the payout's reference there) for one round. */
export const payoutKey = (id: string, round: number) => `${id}.${round}`;
const KEY = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([0-9]{1,4})$/;

/**
 * Where a payout may go next from what the gateway says: forward only, so events heard
 * twice or out of order change nothing. Paid can still be reversed (the bank sent it
 * back); failed and reversed end the round. Null: no move.
 */
export function nextPayoutStatus(current: PayoutStatus, heard: GatewayPayout["status"]): PayoutStatus | null {
  if (current === "queued") return heard;
  if (current === "processing") return heard === "processing" ? null : heard;
  if (current === "paid") return heard === "reversed" ? "reversed" : null;
  return null;
}

type Claimed = {
  id: string;
  user_id: string;
  purpose: "prize" | "earnings";
  net: number;
  send_round: number;
  attempts: number;
  gateway_payout_id: string | null;
  round_destination: PayoutDestination | null;
  hold_until: Date | null;
  email: string;
  name: string | null;
  method: "upi" | "bank" | null;
  upi_id: string | null;
  account_holder: string | null;
  account_number: string | null;
  ifsc: string | null;
  has_pan: boolean;
};

/**
 * Takes up to `limit` due payouts in `status` under a lease, with the winner's own
 * details; a payout on its way is polled only at the gateway that took it.
 */
function claim(db: Db, status: "queued" | "processing", gateway: PayoutGateway["kind"], now: Date, limit: number) {
  return claimDue<Claimed>(db, {
    table: sql`payouts`,
    // A prize waits while its winner, under 18, has no parent's consent (models/accounts/parents/parental-consent.server.ts):
    // it goes once the parent consents, and is never sent if they withdraw first.
    waiting: status === "queued" ? sql`status = 'queued' AND ${mayActSql(sql`payouts.user_id`, now)}` : sql`status = 'processing' AND gateway = ${gateway}`,
    // Past the lease another sender may send it (the same key) or poll it.
    leaseMs: 2 * 60_000,
    returning: sql`id, user_id, purpose, net, send_round, attempts, gateway_payout_id, round_destination`,
    select: sql`
      SELECT t.*, u.email, pr.full_name AS name, d.method, d.upi_id, d.account_holder, d.account_number, d.ifsc, d.hold_until,
             EXISTS (SELECT 1 FROM tax_pans x WHERE x.user_id = t.user_id) AS has_pan
        FROM taken t JOIN users u ON u.id = t.user_id
        LEFT JOIN profiles pr ON pr.id = t.user_id
        LEFT JOIN payout_details d ON d.user_id = t.user_id`,
  }, now, limit);
}

function destinationOf(row: Claimed): PayoutDestination | null {
  if (row.method === "upi" && row.upi_id) return { method: "upi", upiId: row.upi_id };
  if (row.method === "bank" && row.account_holder && row.account_number && row.ifsc) return { method: "bank", holder: row.account_holder, accountNumber: row.account_number, ifsc: row.ifsc };
  return null;
}

const displayName = (row: { name: string | null; email: string }) => row.name?.trim() || row.email.split("@")[0]!;

/** Sends the queued payouts that are due; returns what happened to each. */
export async function sendDuePayouts(db: Db, gateway: PayoutGateway | null, now: Date, limit = 20) {
  if (!gateway) return [];
  const outcomes: Array<{ id: string; outcome: "sent" | "retry" | "failed" | "no-details" | "held" }> = [];
  for (const row of await claim(db, "queued", gateway.kind, now, limit)) {
    const outcome = await sendRound(db, gateway, row, now).catch(async (error: unknown) => {
      // Nobody knows what the gateway did: the same round (same key, same body) later, after asking it first.
      const attempts = row.attempts + 1;
      await db
        .update(payouts)
        .set({ attempts, last_error: errorText(error), next_attempt_at: new Date(now.getTime() + payoutBackoffMs(attempts)), updated_at: now })
        .where(and(eq(payouts.id, row.id), eq(payouts.status, "queued"), eq(payouts.send_round, row.send_round)));
      return "retry" as const;
    });
    outcomes.push({ id: row.id, outcome });
  }
  if (outcomes.some((o) => o.outcome === "failed")) kickOutbox();
  return outcomes;
}

/**
 * One round's send. A round that may have left before (a destination already fixed, or
 * an earlier try) is first looked up at the gateway by its reference, so a round taken
 * by a sender that died before writing is recorded, never sent again. A round's first
 * send fixes its destination in the database before the money leaves; a hold on newly
 * changed details postpones it. A refusal ends the round only when the gateway, asked
 * again, holds no payout under the round's reference.
 */
async function sendRound(db: Db, gateway: PayoutGateway, row: Claimed, now: Date) {
  const key = payoutKey(row.id, row.send_round);
  const record = (heard: GatewayPayout) => recordPayout(db, { payoutId: row.id, round: row.send_round, heard, gateway: gateway.kind, now });
  if (row.round_destination || row.attempts > 0) {
    const taken = await gateway.findByReference(db, key);
    if (taken) return (await record(taken), "sent" as const);
  }
  let destination = row.round_destination;
  if (!destination) {
    destination = destinationOf(row);
    // No prize is paid before its winner gives a PAN (models/payments/tax/tax-law.ts): one queued
    // before that rule, or sent again after a failure, waits as a prize without details does.
    if (!destination || (row.purpose === "prize" && !row.has_pan)) {
      await db.update(payouts).set({ status: "awaiting_details", updated_at: now }).where(and(eq(payouts.id, row.id), eq(payouts.status, "queued")));
      return "no-details" as const;
    }
    const heldUntil = row.hold_until ? new Date(row.hold_until) : null;
    if (heldUntil && heldUntil > now) {
      await db.update(payouts).set({ next_attempt_at: heldUntil, updated_at: now }).where(and(eq(payouts.id, row.id), eq(payouts.status, "queued")));
      return "held" as const;
    }
    const [fixed] = await db
      .update(payouts)
      .set({ round_destination: destination, updated_at: now })
      .where(and(eq(payouts.id, row.id), eq(payouts.status, "queued"), eq(payouts.send_round, row.send_round), isNull(payouts.round_destination)))
      .returning({ id: payouts.id });
    if (!fixed) return "retry" as const;
  }
  // The claim checked the winner's consent, but a batch sends one payout after another over the
  // network: a parent who withdrew meanwhile stops this one too (issue 65, point 4).
  if (!(await mayStillBePaid(db, row.user_id, now))) return "held" as const;
  try {
    return (await record(await gateway.send(db, { key, amount: row.net, destination, contact: { name: displayName(row), email: row.email, userId: row.user_id } })), "sent" as const);
  } catch (error) {
    if (!(error instanceof GatewayRefusal)) throw error;
    // A "no" may be about the key (the same key with another body), not the payout: ask.
    const taken = await gateway.findByReference(db, key);
    if (taken) return (await record(taken), "sent" as const);
    // Never taken by the gateway: the round ends, and the winner is asked to check their details.
    await record({ id: "", status: "failed", utr: null, failureReason: error.message.slice(0, 500), referenceId: null });
    return "failed" as const;
  }
}

async function mayStillBePaid(db: Db, userId: string, now: Date) {
  const [row] = rowsOf<{ may: boolean }>(await db.execute(sql`SELECT ${mayActSql(sql`${userId}::uuid`, now)} AS may`));
  return row?.may === true;
}

/** Asks the gateway about payouts on their way whose poll is due (a webhook may never come). */
export async function pollPayouts(db: Db, gateway: PayoutGateway | null, now: Date, limit = 20) {
  if (!gateway) return [];
  const outcomes: Array<{ id: string; status: string }> = [];
  for (const row of await claim(db, "processing", gateway.kind, now, limit)) {
    const polls = row.attempts + 1;
    try {
      const heard = await gateway.fetch(db, row.gateway_payout_id!);
      const moved = await recordPayout(db, { payoutId: row.id, round: row.send_round, heard, gateway: gateway.kind, now });
      if (!moved) await db.update(payouts).set({ attempts: polls, next_attempt_at: new Date(now.getTime() + payoutPollMs(polls)) }).where(and(eq(payouts.id, row.id), eq(payouts.status, "processing")));
      outcomes.push({ id: row.id, status: moved ?? "processing" });
    } catch (error) {
      await db.update(payouts).set({ attempts: polls, last_error: errorText(error), next_attempt_at: new Date(now.getTime() + payoutPollMs(polls)) }).where(and(eq(payouts.id, row.id), eq(payouts.status, "processing")));
      outcomes.push({ id: row.id, status: "poll-failed" });
    }
  }
  return outcomes;
}

/**
 * What the gateway said about a payout, from a webhook: found by the gateway's payout id,
 * or (when the send's own reply was lost) by its reference, `id.round` of the current
 * round. Returns the status it moved to, or null (unknown, an old round, or no move).
 */
export async function recordPayoutEvent(db: Db, heard: GatewayPayout, gateway: "razorpay" | "test", now: Date) {
  const [known] = await db.select({ id: payouts.id, round: payouts.send_round }).from(payouts).where(eq(payouts.gateway_payout_id, heard.id));
  if (known) return recordPayout(db, { payoutId: known.id, round: known.round, heard, gateway, now });
  const reference = heard.referenceId?.match(KEY);
  if (!reference) return null;
  return recordPayout(db, { payoutId: reference[1]!, round: Number(reference[2]), heard, gateway, now });
}

type Heard = { payoutId: string; round: number; heard: GatewayPayout; gateway: "razorpay" | "test"; now: Date };

/** Moves one payout forward (never back), in one transaction with the winner's mail. */
async function recordPayout(db: Db, { payoutId, round, heard, gateway, now }: Heard) {
  // A payout reported processed without the bank's reference is still on its way for us.
  const status = heard.status === "paid" && !heard.utr ? "processing" : heard.status;
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ status: PayoutStatus; send_round: number; gateway_payout_id: string | null; net: number; email: string; locale: string; name: string | null; title: string | null }>(
      await tx.execute(sql`
        SELECT p.status, p.send_round, p.gateway_payout_id, p.net, u.email, u.locale, pr.full_name AS name, c.title
          FROM payouts p JOIN users u ON u.id = p.user_id LEFT JOIN profiles pr ON pr.id = p.user_id LEFT JOIN contests c ON c.id = p.contest_id
         WHERE p.id = ${payoutId} FOR UPDATE OF p`),
    );
    if (!row || row.send_round !== round) return null;
    // Another payout id for this round would be a second payout: never recorded over the first.
    if (heard.id && row.gateway_payout_id && row.gateway_payout_id !== heard.id) return null;
    const next = nextPayoutStatus(row.status, status);
    if (!next) return null;
    await tx
      .update(payouts)
      .set({
        status: next,
        gateway,
        ...(heard.id ? { gateway_payout_id: heard.id } : {}),
        ...(next === "paid" ? { bank_reference: heard.utr, paid_at: now } : {}),
        ...(next === "failed" || next === "reversed" ? { failure_reason: heard.failureReason ?? "The bank did not say why." } : {}),
        ...(next === "processing" ? { attempts: 0, last_error: null, next_attempt_at: new Date(now.getTime() + payoutPollMs(0)) } : {}),
        updated_at: now,
      })
      .where(eq(payouts.id, payoutId));
    if (next === "paid") await enqueueEmail(tx, paidMail(row, heard.utr!));
    if (next === "failed" || next === "reversed") await enqueueEmail(tx, failedMail(row, heard.failureReason));
    return next;
  });
}

type PayoutMailRow = { net: number; email: string; locale: string; name: string | null; title: string | null };
/** What the payout pays, as the mails' messages select it: a contest's prize, or (no contest) a seller's earnings. */
const whatFor = (row: { title: string | null }) => ({ what: row.title ? "prize" : "earnings", title: row.title ?? "" });

/** The payout reached the bank, in the winner's (or seller's) language. */
export function paidMail(row: PayoutMailRow, utr: string) {
  const locale = mailLocale(row.locale);
  const t = translator(locale);
  const amount = formatINR(row.net);
  return {
    to: row.email,
    subject: t("mail.payout.paidSubject", { ...whatFor(row), amount }),
    ...renderMail({
      heading: t("mail.payout.paidHeading", { amount }),
      paragraphs: [t("mail.payout.paidText", { ...whatFor(row), name: displayName(row), utr })],
      action: row.title ? { label: t("mail.prize.account"), url: `${appUrl()}/account` } : { label: t("mail.payout.earnings"), url: `${appUrl()}/store/my-products?view=earnings` },
      locale,
    }),
  };
}

/** The bank could not pay it: what to do, in the reader's language. */
export function failedMail(row: PayoutMailRow, reason: string | null) {
  const locale = mailLocale(row.locale);
  const t = translator(locale);
  const values = { ...whatFor(row), name: displayName(row), amount: formatINR(row.net) };
  return {
    to: row.email,
    subject: t("mail.payout.failedSubject", values),
    ...renderMail({
      heading: t("mail.payout.failedHeading", values),
      paragraphs: [reason ? t("mail.payout.failedReason", { ...values, reason }) : t("mail.payout.failedText", values), t("mail.payout.again", values)],
      action: { label: t("mail.payout.check"), url: `${appUrl()}/account` },
      locale,
    }),
  };
}

/** The winner saved payout details: a round that failed or came back is sent again, as a new round. */
export async function resendFailedPayouts(tx: DbOrTx, userId: string) {
  await tx.execute(sql`
    UPDATE payouts SET status = 'queued', send_round = send_round + 1, round_destination = NULL, gateway_payout_id = NULL, bank_reference = NULL, paid_at = NULL,
                       failure_reason = NULL, attempts = 0, last_error = NULL, next_attempt_at = now(), updated_at = now()
     WHERE user_id = ${userId} AND status IN ('failed', 'reversed')`);
}

/** Sends what is due now, after the request that queued it (a failure is left to the next run). */
export function kickPayouts(db: Db, gateway: PayoutGateway | null) {
  if (gateway) inBackground("payouts", () => sendDuePayouts(db, gateway, new Date()));
}
