// Enrolling in a contest (docs/product/design.md §4, §5): a free contest enrols at once; a paid one
// opens a ledger order for its entry fee, and the captured payment is fulfilled here,
// by an entry and the confirmation mail in the ledger's transaction.
import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { contests, payments, profiles, user_contest_entries, users } from "~/db/schema";
import { enrolledColumn } from "~/models/contests/catalogue/catalogue.server";
import { isEnrolmentOpen } from "~/models/contests/catalogue/enrolment";
import { isOffered, type ContestOffer } from "~/models/contests/catalogue/kinds";
import { POLICY } from "~/models/support/policy";
import type { Gateway } from "~/models/payments/gateway.server";
import { openOrder, type Fulfil } from "~/models/payments/ledger.server";
import { formatDateTime } from "~/utils/dates";
import { enqueueEmail, mailLocale, renderMail } from "~/services/email.server";
import type { Locale } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";
import { appUrl, contestOffer } from "~/utils/env.server";
import type { Flash } from "~/utils/flash.server";
import { formatINR } from "~/utils/money";
import { REFUND_REASONS } from "~/models/refund-reasons";
import type { RefundReason } from "~/models/refund-reasons";

export type StartOutcome =
  | { kind: "enrolled" } // a free contest: no payment at all
  | { kind: "order"; orderId: string; amount: number; gateway: Gateway } // the gateway that holds the order
  | { kind: "closed" | "already-enrolled" | "missing" | "unavailable" } // unavailable: a paid contest while no gateway is configured
  | { kind: "not-offered" } // a paid-prize contest while the operator keeps them dark
  | { kind: "limited" } // too many new orders for this contest lately
  | { kind: "confirm-device" }; // a fee, posted without the tick saying the test will be sat with JavaScript

/**
 * Begins paying for a contest: a free one enrols at once; a paid one gets a gateway
 * order for its entry fee from the database (the student's open order is reused).
 */
export async function startContestPayment(
  db: Db,
  gateway: Gateway | null,
  input: { userId: string; contestId: string; now: Date; offer?: ContestOffer; deviceConfirmed?: boolean },
): Promise<StartOutcome> {
  const offer = input.offer ?? contestOffer();
  const [contest] = await db
    .select({ id: contests.id, entry_fee: contests.entry_fee, kind: contests.kind, start_time: contests.start_time, is_active: contests.is_active, enrolled: enrolledColumn(input.userId) })
    .from(contests)
    .where(eq(contests.id, input.contestId));
  if (!contest) return { kind: "missing" };
  if (contest.enrolled) return { kind: "already-enrolled" };
  if (!isOffered(contest.kind, offer)) return { kind: "not-offered" };
  if (!isEnrolmentOpen(contest, input.now, offer)) return { kind: "closed" };

  if (contest.entry_fee === 0) {
    await db.transaction(async (tx) => {
      const created = await tx
        .insert(user_contest_entries)
        .values({ user_id: input.userId, contest_id: contest.id })
        .onConflictDoNothing()
        .returning({ id: user_contest_entries.id });
      // A free entry is confirmed by mail like a paid one (without payment lines).
      if (created.length === 1) await enqueueEmail(tx, await confirmationFor(tx, { userId: input.userId, contestId: contest.id, payment: null }));
    });
    return { kind: "enrolled" };
  }
  if (!gateway) return { kind: "unavailable" };
  // A fee is taken only from a student who said they will sit the test where it can run: the pay
  // page's form, posted without JavaScript, asks for a tick (issue 65, point 7). The in-page
  // checkout runs in a browser with JavaScript, so it has nothing to confirm.
  if (input.deviceConfirmed === false) return { kind: "confirm-device" };
  const order = await openOrder(db, gateway, {
    userId: input.userId,
    purpose: "contest",
    targetId: contest.id,
    amount: contest.entry_fee,
    receipt: `contest-${contest.id.slice(0, 8)}-${input.userId.slice(0, 8)}`,
  });
  if (order === "limited") return { kind: "limited" };
  return { kind: "order", ...order, gateway };
}

export type EnrolmentResult =
  | { kind: "enrolled"; contestId: string }
  | { kind: "late" | "duplicate" | "not-offered"; contestId: string; refund: { reason: RefundReason } };

/**
 * The fulfilment of a captured contest payment: the entry, once, while enrolment is open.
 * A payment for a kind the operator does not offer (an order opened before the switch went
 * off, a replayed callback) enrols nobody and goes back.
 */
export const fulfilEnrolment: Fulfil<EnrolmentResult> = async (tx, payment, now) => {
  const contestId = payment.targetId;
  const offer = contestOffer();
  const [contest] = await tx
    .select({ title: contests.title, kind: contests.kind, start_time: contests.start_time, is_active: contests.is_active })
    .from(contests)
    .where(eq(contests.id, contestId));
  if (!isOffered(contest!.kind, offer)) return { kind: "not-offered", contestId, refund: { reason: REFUND_REASONS.contestUnavailable(contest!.title) } };
  if (!isEnrolmentOpen(contest!, now, offer)) return { kind: "late", contestId, refund: { reason: REFUND_REASONS.contestLate(contest!.title) } };

  const created = await tx
    .insert(user_contest_entries)
    .values({ user_id: payment.userId, contest_id: contestId, payment_id: payment.id })
    .onConflictDoNothing()
    .returning({ id: user_contest_entries.id });
  if (created.length === 0) return { kind: "duplicate", contestId, refund: { reason: REFUND_REASONS.contestTwice(contest!.title) } };

  await enqueueEmail(tx, await confirmationFor(tx, { userId: payment.userId, contestId, payment: { amount: payment.amount, paymentId: payment.paymentId, paidAt: now } }));
  return { kind: "enrolled", contestId };
};

/** Where the gateway's callback sends a contest's payer, for each outcome of the capture. */
export function enrolmentCallbackPage(contestId: string, outcome: string): { to: string; flash?: Flash } {
  switch (outcome) {
    case "enrolled":
    case "already":
      return { to: `/contest/${contestId}/confirmation` };
    case "not-offered":
      return {
        to: `/contest/${contestId}`,
        flash: { kind: "error", message: { id: "contest.unavailableRefund", values: { days: POLICY.contestRefundProcessingDays } } },
      };
    case "late":
      return {
        to: `/contest/${contestId}`,
        flash: { kind: "error", message: { id: "contest.lateRefund", values: { days: POLICY.contestRefundProcessingDays } } },
      };
    case "duplicate":
    case "second-payment":
      return {
        to: `/contest/${contestId}/confirmation`,
        flash: { kind: "info", message: { id: "contest.secondPayment", values: { days: POLICY.contestRefundProcessingDays } } },
      };
    case "cancel":
      return { to: `/contest/${contestId}/pay` };
    default:
      return { to: `/contest/${contestId}/pay?status=failed` };
  }
}

/** What the test gateway's page says the order is for. */
export async function contestTitle(db: DbOrTx, contestId: string) {
  const [row] = await db.select({ title: contests.title }).from(contests).where(eq(contests.id, contestId));
  return row ? { title: row.title } : null;
}

type PaymentLines = { amount: number; paymentId: string; paidAt: Date } | null;

/** The confirmation mail of an entry: with the payment's lines when it was paid, without them when free. */
async function confirmationFor(db: DbOrTx, input: { userId: string; contestId: string; payment: PaymentLines }) {
  const [row] = await db
    .select({ email: users.email, locale: users.locale, name: profiles.full_name, title: contests.title, startTime: contests.start_time })
    .from(users)
    .innerJoin(contests, eq(contests.id, input.contestId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, input.userId));
  return confirmationMail({ student: { email: row!.email, name: row!.name, locale: mailLocale(row!.locale) }, title: row!.title, startTime: row!.startTime, payment: input.payment });
}

/** The entry's confirmation, in the student's language. */
export function confirmationMail(input: { student: { email: string; name: string | null; locale: Locale }; title: string; startTime: Date; payment: PaymentLines }) {
  const { payment, student } = input;
  const { locale } = student;
  const t = translator(locale);
  return {
    to: student.email,
    subject: t("mail.enrol.subject", { title: input.title }),
    ...renderMail({
      heading: t(payment ? "mail.enrol.paid" : "mail.enrol.enrolled"),
      paragraphs: [
        t("mail.enrol.intro", { name: student.name?.trim() || student.email.split("@")[0], title: input.title }),
        ...(payment ? [t("mail.enrol.payment", { amount: formatINR(payment.amount), id: payment.paymentId, when: formatDateTime(payment.paidAt, locale) })] : []),
        t("mail.enrol.opens", { when: formatDateTime(input.startTime, locale) }),
      ],
      action: { label: t("mail.enrol.action"), url: `${appUrl()}/dashboard` },
      locale,
    }),
  };
}

/**
 * Queues the student's own confirmation mail again (the spec's /api/payment/send-email,
 * which must not be an open relay: the recipient and text are ours, never the caller's).
 */
export async function resendConfirmation(db: DbOrTx, input: { userId: string; contestId: string }) {
  const [row] = await db
    .select({ email: users.email, locale: users.locale, name: profiles.full_name, title: contests.title, startTime: contests.start_time, amount: payments.amount, paymentId: payments.razorpay_payment_id, paidAt: payments.updated_at })
    .from(user_contest_entries)
    .innerJoin(payments, eq(payments.id, user_contest_entries.payment_id))
    .innerJoin(contests, eq(contests.id, user_contest_entries.contest_id))
    .innerJoin(users, eq(users.id, user_contest_entries.user_id))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(user_contest_entries.user_id, input.userId), eq(user_contest_entries.contest_id, input.contestId)));
  if (!row?.paymentId) return false;
  await enqueueEmail(db, confirmationMail({ student: { email: row.email, name: row.name, locale: mailLocale(row.locale) }, title: row.title, startTime: row.startTime, payment: { amount: row.amount, paymentId: row.paymentId, paidAt: row.paidAt } }));
  return true;
}

export type Confirmation = { contest: { id: string; title: string; start_time: Date; end_time: Date; duration_minutes: number }; paid: boolean };

/**
 * What the confirmation page shows a student about their entry: the contest, and
 * whether the entry was paid for. "missing" for an unknown contest, "not-enrolled" when
 * the student has no entry in it (the page is a 404 for both, saying which).
 */
export async function enrolmentConfirmation(db: DbOrTx, input: { userId: string; contestId: string }): Promise<Confirmation | "missing" | "not-enrolled"> {
  const [row] = await db
    .select({
      id: contests.id,
      title: contests.title,
      start_time: contests.start_time,
      end_time: contests.end_time,
      duration_minutes: contests.duration_minutes,
      entry: user_contest_entries.id,
      payment: user_contest_entries.payment_id,
    })
    .from(contests)
    .leftJoin(user_contest_entries, and(eq(user_contest_entries.contest_id, contests.id), eq(user_contest_entries.user_id, input.userId)))
    .where(eq(contests.id, input.contestId));
  if (!row) return "missing";
  if (!row.entry) return "not-enrolled";
  const { entry: _entry, payment, ...contest } = row;
  return { contest, paid: payment !== null };
}
