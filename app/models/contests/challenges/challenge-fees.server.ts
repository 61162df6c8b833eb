// A challenge's fee (docs/product/design.md §4, "Provisional, then final"): a contest may
// charge per challenge. The challenge is recorded `unpaid` with the fee of that moment,
// paid through the ledger as purpose `challenge`, and only then waits for review
// (`pending`). A fee that arrives after the window closed, or a second payment, is owed
// back at once; the fee of an upheld challenge is owed back when the results become
// final (./challenges.server.ts, queueChallengeOutcomes).
import { eq, inArray, and, sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";
import { payments, question_challenges } from "~/db/schema";
import { isWindowOpen } from "~/models/contests/challenges/challenges";
import type { Gateway } from "~/models/payments/gateway.server";
import { openOrder, type Fulfil } from "~/models/payments/ledger.server";
import { oweRefund } from "~/models/payments/refunds.server";
import type { Flash } from "~/utils/flash.server";
import { REFUND_REASONS } from "~/models/refund-reasons";
import type { RefundReason } from "~/models/refund-reasons";
import type { Msg } from "~/utils/i18n";

type Unpaid = {
  id: string;
  status: (typeof question_challenges.$inferSelect)["status"];
  fee: number;
  contest_id: string;
  question_id: string;
  title: string;
  number: number;
  start_time: Date;
  end_time: Date;
  duration_minutes: number;
  longest_extra_minutes: number;
  challenge_window_hours: number;
};

/** The student's own challenge on this contest, with its window and the question's number; undefined when it is not theirs. */
async function ownChallenge(db: DbOrTx, input: { userId: string; contestId: string; challengeId: string }, lock = false) {
  const [row] = rowsOf<Unpaid>(
    await db.execute(sql`
      SELECT ch.id, ch.status, ch.fee, ch.contest_id, ch.question_id, c.title, c.start_time, c.end_time, c.duration_minutes,
             c.longest_extra_minutes, c.challenge_window_hours,
             (SELECT count(*)::int FROM questions q2 JOIN contest_sections s2 ON s2.id = q2.section_id
               WHERE q2.contest_id = c.id AND (s2.position, q2.position) <= (s.position, q.position)) AS number
        FROM question_challenges ch
        JOIN contests c ON c.id = ch.contest_id
        JOIN questions q ON q.id = ch.question_id
        JOIN contest_sections s ON s.id = q.section_id
       WHERE ch.id = ${input.challengeId} AND ch.user_id = ${input.userId} AND ch.contest_id = ${input.contestId}
       ${lock ? sql`FOR UPDATE OF ch` : sql``}`),
  );
  return row && { ...row, start_time: new Date(row.start_time), end_time: new Date(row.end_time) };
}

/** What the fee page shows: the challenge waiting for its fee, or why it is not payable. */
export async function challengeFeeDue(db: DbOrTx, input: { userId: string; contestId: string; challengeId: string; now: Date }) {
  const row = await ownChallenge(db, input);
  if (!row) return null;
  return { id: row.id, fee: row.fee, number: row.number, title: row.title, questionId: row.question_id, paid: row.status !== "unpaid", open: isWindowOpen(row, input.now) };
}

export type ChallengePaymentStart =
  | { kind: "order"; questionId: string; orderId: string; amount: number; gateway: Gateway }
  | { kind: "already-paid" | "closed" | "unavailable" | "limited"; questionId: string }
  | { kind: "not-found" };

/**
 * Opens (or reuses) the gateway order for the student's own unpaid challenge, while the
 * window is open. Found, the answer names the challenged question (where the page goes back to).
 */
export async function startChallengePayment(db: DbOrTx, gateway: Gateway | null, input: { userId: string; contestId: string; challengeId: string; now: Date }): Promise<ChallengePaymentStart> {
  const row = await ownChallenge(db, input);
  if (!row) return { kind: "not-found" };
  const questionId = row.question_id;
  if (row.status !== "unpaid") return { kind: "already-paid", questionId };
  if (!isWindowOpen(row, input.now)) return { kind: "closed", questionId };
  if (!gateway) return { kind: "unavailable", questionId };
  const order = await openOrder(db, gateway, { userId: input.userId, purpose: "challenge", targetId: row.id, amount: row.fee, receipt: `challenge-${row.id.slice(0, 8)}` });
  if (order === "limited") return { kind: "limited", questionId };
  return { kind: "order", questionId, ...order, gateway };
}

export type ChallengeFeeResult = { kind: "challenged" | "late" | "duplicate"; refund?: { reason: RefundReason } };

/** A captured fee (in the capture's transaction): the challenge goes to review, or the money is owed back. */
export const fulfilChallengeFee: Fulfil<ChallengeFeeResult> = async (tx, payment, now) => {
  const [row] = await tx.select({ contestId: question_challenges.contest_id }).from(question_challenges).where(eq(question_challenges.id, payment.targetId));
  const challenge = row && (await ownChallenge(tx, { userId: payment.userId, contestId: row.contestId, challengeId: payment.targetId }, true));
  if (!challenge || challenge.status !== "unpaid") return { kind: "duplicate", refund: { reason: REFUND_REASONS.challengeTwice } };
  if (!isWindowOpen(challenge, now)) return { kind: "late", refund: { reason: REFUND_REASONS.challengeLate } };
  await tx.update(question_challenges).set({ status: "pending" }).where(eq(question_challenges.id, challenge.id));
  return { kind: "challenged" };
};

/** Where the gateway's callback sends the payer: back beside the question on the breakdown. */
export async function challengeCallbackPage(db: DbOrTx, challengeId: string, outcome: string): Promise<{ to: string; flash?: Flash }> {
  const [row] = await db.select({ contestId: question_challenges.contest_id, questionId: question_challenges.question_id }).from(question_challenges).where(eq(question_challenges.id, challengeId));
  if (!row) return { to: "/dashboard" };
  const question = `/contest/${row.contestId}/results?tab=breakdown#q-${row.questionId}`;
  switch (outcome) {
    case "challenged":
    case "already":
      return { to: question, flash: { kind: "success", message: CHALLENGE_FEE_MESSAGES.paid } };
    case "late":
      return { to: question, flash: { kind: "error", message: CHALLENGE_FEE_MESSAGES.late } };
    case "duplicate":
    case "second-payment":
      return { to: question, flash: { kind: "info", message: CHALLENGE_FEE_MESSAGES.twice } };
    case "cancel":
      return { to: `/contest/${row.contestId}/challenges/${challengeId}/pay` };
    default:
      return { to: `/contest/${row.contestId}/challenges/${challengeId}/pay`, flash: { kind: "error", message: CHALLENGE_FEE_MESSAGES.failed } };
  }
}

export const CHALLENGE_FEE_MESSAGES = {
  paid: { id: "results.fee.paid" },
  late: { id: "results.fee.late" },
  twice: { id: "results.fee.twice" },
  failed: { id: "results.fee.failed" },
} as const satisfies Record<string, Msg>;

/** What the test gateway's page says a fee is for. */
export async function challengeTitle(db: DbOrTx, challengeId: string) {
  const [row] = rowsOf<{ title: string; fee: number }>(
    await db.execute(sql`SELECT c.title, ch.fee FROM question_challenges ch JOIN contests c ON c.id = ch.contest_id WHERE ch.id = ${challengeId}`),
  );
  return row ? { title: row.title, fee: row.fee } : null;
}

/** The fees of these upheld challenges, owed back (once per payment) in the finalising transaction. */
export async function refundUpheldFees(tx: DbOrTx, challengeIds: string[]) {
  if (challengeIds.length === 0) return;
  const paid = await tx
    .select()
    .from(payments)
    .where(and(inArray(payments.challenge_id, challengeIds), eq(payments.purpose, "challenge"), eq(payments.status, "paid")));
  for (const p of paid) {
    await oweRefund(tx, { userId: p.user_id, gateway: p.gateway, orderId: p.razorpay_order_id, paymentId: p.razorpay_payment_id!, amount: p.amount, reason: REFUND_REASONS.challengeUpheld });
  }
}
