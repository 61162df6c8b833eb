// Paying for a contest (DESIGN.md §5). The amount always comes from the database; a
// payment is recorded once, by its gateway order id, and creates the entry and queues
// the confirmation mail in the same transaction, whichever of the callback, the
// verify call or the webhook arrives first, and however often they arrive.
import { and, eq } from "drizzle-orm";
import { pgErrorCode, type Db } from "~/db/client.server";
import { contests, payments, profiles, user_contest_entries, users } from "~/db/schema";
import { enrolledColumn } from "~/models/contest.server";
import { enqueueEmail, renderMail } from "~/utils/email.server";
import { appUrl, supportEmail } from "~/utils/env.server";
import { formatDateTime } from "~/utils/dates";
import { formatINR } from "~/utils/money";
import { isCheckoutSignatureValid, isGatewayId, type Gateway } from "~/utils/payment-gateway.server";

export type StartOutcome =
  | { kind: "enrolled" } // a free contest: no payment at all
  | { kind: "order"; orderId: string; amount: number }
  | { kind: "closed" | "already-enrolled" | "missing" };

/**
 * Begins paying for a contest: a free one enrols at once; a paid one gets a gateway
 * order for its entry fee (reusing the student's open order, so a double click or a
 * second tab makes no second order).
 */
export async function startContestPayment(db: Db, gateway: Gateway, input: { userId: string; contestId: string; now: Date }): Promise<StartOutcome> {
  const [contest] = await db
    .select({ id: contests.id, entry_fee: contests.entry_fee, start_time: contests.start_time, is_active: contests.is_active, enrolled: enrolledColumn(input.userId) })
    .from(contests)
    .where(eq(contests.id, input.contestId));
  if (!contest) return { kind: "missing" };
  if (contest.enrolled) return { kind: "already-enrolled" };
  if (!contest.is_active || input.now >= contest.start_time) return { kind: "closed" };

  if (contest.entry_fee === 0) {
    await db.insert(user_contest_entries).values({ user_id: input.userId, contest_id: contest.id }).onConflictDoNothing();
    return { kind: "enrolled" };
  }

  const [open] = await db
    .select({ orderId: payments.razorpay_order_id, amount: payments.amount, gateway: payments.gateway })
    .from(payments)
    .where(and(eq(payments.user_id, input.userId), eq(payments.contest_id, contest.id), eq(payments.purpose, "contest"), eq(payments.status, "created")));
  if (open && open.amount === contest.entry_fee && open.gateway === gateway.kind) return { kind: "order", orderId: open.orderId, amount: open.amount };
  // A stale open order (another fee or gateway) is closed before a new one is made.
  if (open) await db.update(payments).set({ status: "failed" }).where(eq(payments.razorpay_order_id, open.orderId));

  const order = await gateway.createOrder({ amount: contest.entry_fee, receipt: `contest-${contest.id.slice(0, 8)}-${input.userId.slice(0, 8)}` });
  try {
    await db.insert(payments).values({
      user_id: input.userId,
      purpose: "contest",
      contest_id: contest.id,
      amount: contest.entry_fee,
      gateway: gateway.kind,
      razorpay_order_id: order.id,
    });
  } catch (error) {
    // Two tabs at once: the other made the open order; use it.
    if (pgErrorCode(error) !== "23505") throw error;
    return startContestPayment(db, gateway, input);
  }
  return { kind: "order", orderId: order.id, amount: contest.entry_fee };
}

export type ConfirmOutcome =
  | { kind: "enrolled" | "already"; contestId: string; userId: string }
  | { kind: "late" | "duplicate"; contestId: string; userId: string } // recorded, no entry, refund owed
  | { kind: "invalid-signature" | "unknown-order" | "amount-mismatch" | "conflict" };

/** Whether the outcome queued a mail (the confirmation, or a refund notice to support) to deliver now. */
export const queuedMail = (outcome: ConfirmOutcome) => outcome.kind === "enrolled" || outcome.kind === "late" || outcome.kind === "duplicate";

/**
 * Records a captured payment. `signature` is the checkout signature (callback and
 * verify); the webhook passes `verified: true` after checking its own signature over
 * the raw body, and the amount it reports, in rupees.
 */
export async function confirmContestPayment(
  db: Db,
  gateway: Gateway,
  input: { orderId: string; paymentId: string; now: Date } & ({ signature: string } | { verified: true; amount: number }),
): Promise<ConfirmOutcome> {
  if ("signature" in input && !isCheckoutSignatureValid(gateway, { orderId: input.orderId, paymentId: input.paymentId, signature: input.signature })) {
    return { kind: "invalid-signature" };
  }
  if (!isGatewayId(input.orderId) || !isGatewayId(input.paymentId)) return { kind: "unknown-order" };
  return db.transaction(async (tx) => {
    // The row lock makes concurrent confirmations of one payment take turns.
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.razorpay_order_id, input.orderId), eq(payments.purpose, "contest")))
      .for("update");
    if (!payment || !payment.contest_id) return { kind: "unknown-order" } as const;
    const ids = { contestId: payment.contest_id, userId: payment.user_id };
    if (payment.status === "paid") {
      return payment.razorpay_payment_id === input.paymentId ? ({ kind: "already", ...ids } as const) : ({ kind: "conflict" } as const);
    }
    if ("amount" in input && input.amount !== payment.amount) return { kind: "amount-mismatch" } as const;

    await tx
      .update(payments)
      .set({ status: "paid", razorpay_payment_id: input.paymentId })
      .where(eq(payments.id, payment.id));
    const [contest] = await tx
      .select({ title: contests.title, start_time: contests.start_time })
      .from(contests)
      .where(eq(contests.id, payment.contest_id));
    const [student] = await tx
      .select({ email: users.email, name: profiles.full_name })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, payment.user_id));

    // Money that cannot buy an entry is kept on record, and support is told to refund it.
    const refundNeeded = async (why: string) =>
      enqueueEmail(tx, {
        to: supportEmail(),
        subject: `[Refund] ${contest!.title}`,
        ...renderMail({
          heading: "A payment needs a refund",
          paragraphs: [`${student!.email} paid ${formatINR(payment.amount)} (payment ${input.paymentId}, order ${input.orderId}) for "${contest!.title}" ${why}. No entry was created for it; please refund it.`],
        }),
      });

    if (input.now >= contest!.start_time) {
      await refundNeeded("after the contest had started");
      return { kind: "late", ...ids } as const;
    }

    const created = await tx
      .insert(user_contest_entries)
      .values({ user_id: payment.user_id, contest_id: payment.contest_id, payment_id: payment.id })
      .onConflictDoNothing()
      .returning({ id: user_contest_entries.id });
    if (created.length === 0) {
      await refundNeeded("while already enrolled (a second payment)");
      return { kind: "duplicate", ...ids } as const;
    }
    await enqueueEmail(tx, confirmationMail({ student: student!, title: contest!.title, startTime: contest!.start_time, amount: payment.amount, paymentId: input.paymentId, paidAt: input.now }));
    return { kind: "enrolled", ...ids } as const;
  });
}

function confirmationMail(input: { student: { email: string; name: string | null }; title: string; startTime: Date; amount: number; paymentId: string; paidAt: Date }) {
  return {
    to: input.student.email,
    subject: `You're in: ${input.title}`,
    ...renderMail({
      heading: "Payment Successful!",
      paragraphs: [
        `Hi ${input.student.name?.trim() || input.student.email.split("@")[0]}, you are enrolled in ${input.title}.`,
        `Amount paid: ${formatINR(input.amount)}. Transaction id: ${input.paymentId}. Date: ${formatDateTime(input.paidAt)} IST.`,
        `The test opens at ${formatDateTime(input.startTime)} IST. Keep your camera ready and use a browser that allows fullscreen.`,
      ],
      action: { label: "Open your dashboard", url: `${appUrl()}/dashboard` },
    }),
  };
}

/**
 * Queues the student's own confirmation mail again (the spec's /api/payment/send-email,
 * which must not be an open relay: the recipient and text are ours, never the caller's).
 */
export async function resendConfirmation(db: Db, input: { userId: string; contestId: string }) {
  const [row] = await db
    .select({ email: users.email, name: profiles.full_name, title: contests.title, startTime: contests.start_time, amount: payments.amount, paymentId: payments.razorpay_payment_id, paidAt: payments.updated_at })
    .from(user_contest_entries)
    .innerJoin(payments, eq(payments.id, user_contest_entries.payment_id))
    .innerJoin(contests, eq(contests.id, user_contest_entries.contest_id))
    .innerJoin(users, eq(users.id, user_contest_entries.user_id))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(user_contest_entries.user_id, input.userId), eq(user_contest_entries.contest_id, input.contestId)));
  if (!row?.paymentId) return false;
  await enqueueEmail(db, confirmationMail({ student: { email: row.email, name: row.name }, title: row.title, startTime: row.startTime, amount: row.amount, paymentId: row.paymentId, paidAt: row.paidAt }));
  return true;
}

/** A payment the gateway reports as failed (or the student abandoned): the order closes, nothing else. */
export async function failContestPayment(db: Db, input: { orderId: string }) {
  if (!isGatewayId(input.orderId)) return null;
  const [row] = await db
    .update(payments)
    .set({ status: "failed" })
    .where(and(eq(payments.razorpay_order_id, input.orderId), eq(payments.status, "created")))
    .returning({ contestId: payments.contest_id });
  return row?.contestId ?? null;
}

/** An open order with what the test gateway page shows. */
export async function findOpenOrder(db: Db, orderId: string) {
  if (!isGatewayId(orderId)) return undefined;
  const [row] = await db
    .select({ orderId: payments.razorpay_order_id, amount: payments.amount, contestId: payments.contest_id, userId: payments.user_id, title: contests.title, gateway: payments.gateway })
    .from(payments)
    .innerJoin(contests, eq(contests.id, payments.contest_id))
    .where(and(eq(payments.razorpay_order_id, orderId), eq(payments.status, "created")));
  return row;
}

/** Whose order this is, and for which contest. */
export async function orderOwner(db: Db, orderId: string) {
  if (!isGatewayId(orderId)) return null;
  const [row] = await db.select({ contestId: payments.contest_id, userId: payments.user_id }).from(payments).where(eq(payments.razorpay_order_id, orderId));
  return row ?? null;
}
