// Money going back out (docs/product/design.md §5, "Money goes out through the same
// ledger"): every refund the ledger owes is a row, written in the transaction that
// found it owed, and sent to the gateway by a sender any instance may run. The row's
// id is the gateway's idempotency key, so a refund retried after a timeout, a crash or
// a restart is the same refund, never a second one. A person hears of it only when
// the gateway refuses.
import { desc, eq, sql } from "drizzle-orm";
import { errorText, type Db, type DbOrTx } from "~/db/client.server";
import { refunds, users } from "~/db/schema";
import { GatewayRefusal, type Gateway } from "~/models/payments/gateway.server";
import { enqueueEmail, kickOutbox, renderMail } from "~/services/email.server";
import { inBackground } from "~/services/background.server";
import { backoffMs, claimDue, type JobQueue } from "~/services/jobs.server";
import { log } from "~/services/log.server";
import { supportEmail } from "~/utils/env.server";
import { formatINR } from "~/utils/money";
import { refundReasonMessage, type RefundReason } from "~/models/refund-reasons";
import { translator } from "~/utils/i18n.server";

/** The reason as our support team reads it: the payer's words from the English catalog, the typed title in place of its tag. */
export function reasonInEnglish(reason: { code: string; values: unknown }) {
  const { msg, typed } = refundReasonMessage(reason);
  return translator("en")(msg.id as never, msg.values as never).replace("<0></0>", typed ?? "");
}

/** Tries before a refund the gateway keeps failing to answer is given to a person. */
export const MAX_REFUND_ATTEMPTS = 8;
/** The wait before try n+1: 1, 2, 4 … minutes, at most an hour. */
export const refundBackoffMs = (attempts: number) => backoffMs(attempts);

/** Refunds owed to one gateway, taken under a 2-minute lease: past it, another sender may try one (same key). */
const refundQueue = (gateway: Gateway["kind"]): JobQueue => ({
  table: sql`refunds`,
  // A refund of held money waits until the money is back from its recipient's transfer (./held-money.server.ts), unless that is stuck with a person.
  waiting: sql`status = 'queued' AND gateway = ${gateway}
    AND NOT EXISTS (SELECT 1 FROM held_transfers h WHERE h.reference = refunds.owed_for AND h.goal = 'reversed' AND h.state <> 'reversed' AND h.failed_at IS NULL)`,
  leaseMs: 2 * 60_000,
  alsoSet: sql`updated_at = now()`,
  returning: sql`id, user_id, razorpay_order_id, razorpay_payment_id, amount, reason_code, reason_values, attempts, gateway`,
});

/** `owedFor` names what the refund is for, once: by default the payment, refunded whole; part of one names its part (an order line). */
export type OwedRefund = { userId: string; gateway: "razorpay" | "test"; orderId: string; paymentId: string; amount: number; reason: RefundReason; owedFor?: string };

/** Records a refund owed, once for what it is owed for (a notice that arrives again adds nothing). Call inside the transaction that found it. */
export async function oweRefund(tx: DbOrTx, input: OwedRefund) {
  const made = await tx
    .insert(refunds)
    .values({ user_id: input.userId, gateway: input.gateway, razorpay_order_id: input.orderId, razorpay_payment_id: input.paymentId, owed_for: input.owedFor ?? input.paymentId, amount: input.amount, reason_code: input.reason.code, reason_values: input.reason.values })
    .onConflictDoNothing({ target: refunds.owed_for })
    .returning({ id: refunds.id });
  return made.length === 1;
}

type Claimed = { id: string; user_id: string; razorpay_order_id: string; razorpay_payment_id: string; amount: number; reason_code: string; reason_values: unknown; attempts: number; gateway: "razorpay" | "test" };

/**
 * Sends the refunds that are due: each is taken under a lease (so two senders never
 * hold one at once, and one that died mid-call is tried again after the lease), sent
 * with its id as the key, and then marked sent, retried later, or failed with a mail
 * to support. Returns what happened, for logs and tests.
 */
export async function sendDueRefunds(db: Db, gateway: Gateway | null, now: Date, limit = 20) {
  if (!gateway) return [];
  const due = await claimDue<Claimed>(db, refundQueue(gateway.kind), now, limit);
  const outcomes: Array<{ id: string; outcome: "sent" | "retry" | "failed" }> = [];
  for (const refund of due) {
    const attempts = refund.attempts + 1;
    try {
      const sent = await gateway.refund(db, { paymentId: refund.razorpay_payment_id, amount: refund.amount, key: refund.id });
      await db.update(refunds).set({ status: "sent", gateway_refund_id: sent.id, attempts, last_error: null, updated_at: now }).where(eq(refunds.id, refund.id));
      outcomes.push({ id: refund.id, outcome: "sent" });
    } catch (error) {
      const message = errorText(error);
      const final = error instanceof GatewayRefusal || attempts >= MAX_REFUND_ATTEMPTS;
      await db.transaction(async (tx) => {
        await tx
          .update(refunds)
          .set(final ? { status: "failed", attempts, last_error: message, updated_at: now } : { attempts, last_error: message, next_attempt_at: new Date(now.getTime() + refundBackoffMs(attempts)), updated_at: now })
          .where(eq(refunds.id, refund.id));
        if (final) await tellSupport(tx, refund, message);
      });
      if (final) log().error({ refundId: refund.id, err: error }, "refund refused");
      outcomes.push({ id: refund.id, outcome: final ? "failed" : "retry" });
    }
  }
  if (outcomes.some((o) => o.outcome === "failed")) kickOutbox();
  return outcomes;
}

async function tellSupport(tx: DbOrTx, refund: Claimed, why: string) {
  const [payer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, refund.user_id));
  await enqueueEmail(tx, {
    to: supportEmail(),
    subject: `[Refund refused] Payment ${refund.razorpay_payment_id}`,
    ...renderMail({
      heading: "The gateway refused a refund",
      paragraphs: [
        `${payer?.email ?? "A payer"} is owed ${formatINR(refund.amount)} (payment ${refund.razorpay_payment_id}, order ${refund.razorpay_order_id}). ${reasonInEnglish({ code: refund.reason_code, values: refund.reason_values })}`,
        `The gateway answered: ${why}. Please refund it by hand and tell the payer.`,
      ],
    }),
  });
}

/** Sends what is due now, after the request that owed it (a failure is left to the next run). */
export function kickRefunds(db: Db, gateway: Gateway | null) {
  inBackground("refunds", () => sendDueRefunds(db, gateway, new Date()));
}

/** A payer's refunds, newest first, as /account shows them. */
export async function myRefunds(db: DbOrTx, userId: string) {
  return db
    .select({ id: refunds.id, amount: refunds.amount, reasonCode: refunds.reason_code, reasonValues: refunds.reason_values, status: refunds.status, gatewayRefundId: refunds.gateway_refund_id, createdAt: refunds.created_at, updatedAt: refunds.updated_at })
    .from(refunds)
    .where(eq(refunds.user_id, userId))
    .orderBy(desc(refunds.created_at))
    .limit(50);
}
