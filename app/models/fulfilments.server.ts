// The one place that knows every payment purpose (docs/architecture.md): the ledger
// records money for any purpose; this dispatcher chooses, by the payment's purpose,
// what a capture buys and where its payer goes next. A new purpose (the marketplace's
// orders) adds its fulfilment here and nowhere in the ledger.
import type { DbOrTx } from "~/db/client.server";
import { challengeCallbackPage, challengeTitle, fulfilChallengeFee, type ChallengeFeeResult } from "~/models/contests/challenges/challenge-fees.server";
import { contestTitle, enrolmentCallbackPage, fulfilEnrolment, type EnrolmentResult } from "~/models/contests/catalogue/enrolment.server";
import { paymentGateway } from "~/models/payments/gateway.server";
import { fulfilOrder, orderCallbackPage, orderTitle, type OrderResult } from "~/models/store/checkout/order-fulfilment.server";
import { orderOwner, recordCapture, recordFailedAttempt, type CaptureInput, type CaptureOutcome, type Fulfil, type Purpose } from "~/models/payments/ledger.server";
import { kickOutbox } from "~/services/email.server";
import type { Flash } from "~/utils/flash.server";
import { inEnglish } from "~/utils/i18n.server";
import { log } from "~/services/log.server";

/** A payment's target as the test gateway names it: a contest's or book's title, with the other books of an order, or a challenge's fee. */
export type Described = { title: string; more?: number; fee?: number };

/** What any fulfilment may answer (a union: each purpose adds its own). */
type Result = EnrolmentResult | OrderResult | ChallengeFeeResult;

type Fulfilment = {
  fulfil: Fulfil<Result>;
  /** Where the gateway's callback sends the payer for an outcome (or `failed`). */
  callbackPage(db: DbOrTx, targetId: string, outcome: string): Promise<{ to: string; flash?: Flash }>;
  /** The name the verify API gives the target in its reply (docs/product/contests.md §7: `contestId`). */
  replyField: string;
  /** What the test gateway's page says the payment is for: a title as typed, and what the page's words add to it. */
  describe(db: DbOrTx, targetId: string): Promise<Described | null>;
};

const FULFILMENTS: Record<Purpose, Fulfilment> = {
  contest: { fulfil: fulfilEnrolment, callbackPage: async (_db, id, outcome) => enrolmentCallbackPage(id, outcome), replyField: "contestId", describe: contestTitle },
  order: { fulfil: fulfilOrder, callbackPage: async (_db, id, outcome) => orderCallbackPage(id, outcome), replyField: "orderId", describe: orderTitle },
  challenge: { fulfil: fulfilChallengeFee, callbackPage: challengeCallbackPage, replyField: "challengeId", describe: challengeTitle },
};

function fulfilmentOf(purpose: Purpose) {
  const fulfilment = FULFILMENTS[purpose];
  if (!fulfilment) throw new Error(`No fulfilment for payments of purpose ${purpose}`);
  return fulfilment;
}

export type SettleOutcome = CaptureOutcome<Result>;

/** Records a captured payment in the ledger and fulfils it by its purpose (callback, verify and webhook). */
export async function settlePayment(db: DbOrTx, input: CaptureInput): Promise<SettleOutcome> {
  const gateway = paymentGateway();
  // Without a gateway no order was opened here and no signature can be checked.
  if (!gateway) return { kind: "invalid-signature" };
  const outcome = await recordCapture(db, gateway, input, (purpose) => fulfilmentOf(purpose).fulfil);
  // Every way a payment arrives (callback, verify, webhook) is one line, with the gateway's order id.
  const line = { event: "payment", orderId: input.orderId, outcome: outcome.kind };
  if (outcome.kind === "amount-mismatch" || outcome.kind === "review") log().error(line, "payment needs review");
  else log().info(line, "payment settled");
  return outcome;
}

/** Whether the outcome may have queued a mail (the confirmation, or a notice to support) to deliver now. */
export const queuedMail = (outcome: SettleOutcome) => !["already", "invalid-signature", "unknown-order", "amount-mismatch"].includes(outcome.kind);

/** Whether the payment bought what it was for (now or before). */
export const isSettled = (outcome: SettleOutcome) =>
  outcome.kind === "already" || ("purpose" in outcome && outcome.kind !== "second-payment" && !("refund" in outcome && outcome.refund));

/**
 * An attempt the gateway reports as failed (its signed webhook): counted, nothing undone.
 * The payer may try again; what the order holds is released by its hold's end alone, so
 * a stranger's forged or replayed failure can never take a copy from its buyer.
 */
export async function noteFailedAttempt(db: DbOrTx, input: { orderId: string }) {
  const failed = await recordFailedAttempt(db, input);
  log().info({ event: "payment", orderId: input.orderId, outcome: failed ? "attempt failed" : "not open" }, "payment attempt failed");
  return failed;
}

export const callbackPage = (db: DbOrTx, purpose: Purpose, targetId: string, outcome: string) => fulfilmentOf(purpose).callbackPage(db, targetId, outcome);
export const verifyReplyField = (purpose: Purpose) => fulfilmentOf(purpose).replyField;
export const describeTarget = (db: DbOrTx, purpose: Purpose, targetId: string) => fulfilmentOf(purpose).describe(db, targetId);

/**
 * The in-page path's verification (docs/product/contests.md §7 verify, docs/product/marketplace.md §7
 * marketplace-verify): the same capture as the callback, for the order's own payer
 * only. A payment taken but not booked (too late, a second one) answers with the page
 * where the callback would send the payer, and its message.
 */
export async function verifyForPayer(db: DbOrTx, input: { userId: string; orderId: string; paymentId: string; signature: string; now: Date }): Promise<{ status: number; body: Record<string, unknown>; flash?: Flash }> {
  const owner = await orderOwner(db, input.orderId);
  if (!owner || owner.userId !== input.userId) return { status: 404, body: { success: false, error: inEnglish({ id: "common.api.verificationFailed" }) } };
  const outcome = await settlePayment(db, { orderId: input.orderId, paymentId: input.paymentId, signature: input.signature, now: input.now });
  if (queuedMail(outcome)) kickOutbox();
  if (isSettled(outcome)) return { status: 200, body: { success: true, [verifyReplyField(owner.purpose)]: owner.targetId } };
  const page = await callbackPage(db, owner.purpose, owner.targetId, outcome.kind);
  if (page.flash) return { status: 200, body: { success: false, outcome: outcome.kind, redirect: page.to, message: inEnglish(page.flash.message) }, flash: page.flash };
  return { status: 400, body: { success: false, outcome: outcome.kind, error: inEnglish({ id: "common.api.verificationFailed" }) } };
}
