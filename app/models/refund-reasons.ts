// A refund's reason as the payer reads it on My Account, in their language. The ledger
// keeps each reason as an English sentence (refunds.reason, written by the models that
// owe money back); their shapes are few and ours, so the page reads them back into a
// message with the contest's or book's title kept as typed. An unknown one is shown as
// written.
import { shortOrderId } from "~/utils/urls";
import type { Msg } from "~/utils/i18n";

/** Every refund reason the models write, in one place with the reader below (the ledger stores the sentence). */
export const REFUND_REASONS = {
  contestLate: (title: string) => `"${title}" after the contest had started`,
  contestTwice: (title: string) => `"${title}" while already enrolled (a second payment)`,
  orderTwice: (orderId: string) => `marketplace order ${orderId}, which was already paid`,
  orderLate: (orderId: string) => `marketplace order ${orderId}, after its hold had ended and a book in it had sold`,
  line: (title: string, orderId: string, why: "buyer" | "seller" | "system" | "returned") =>
    `${title} (marketplace order ${orderId}), ${{ buyer: "cancelled by you", seller: "cancelled by the seller", system: "not shipped in time", returned: "returned" }[why]}`,
  paymentTwice: "a second payment of an order already paid",
  challengeTwice: "a second payment of a challenge fee",
  challengeLate: "a challenge fee paid after the challenge window closed",
  challengeUpheld: "the fee of your upheld answer-key challenge",
} as const;

/** The reason's message and the title inside it (shown as typed), or null for a reason of another shape. */
export function refundReason(reason: string): { msg: Msg; title: string | null } | null {
  let m = /^"(.+)" after the contest had started$/.exec(reason);
  if (m) return { msg: { id: "account.reason.contestLate" }, title: m[1]! };
  m = /^"(.+)" while already enrolled \(a second payment\)$/.exec(reason);
  if (m) return { msg: { id: "account.reason.contestTwice" }, title: m[1]! };
  m = /^marketplace order ([0-9a-f-]{36}), (which was already paid|after its hold had ended and a book in it had sold)$/.exec(reason);
  if (m) return { msg: { id: "account.reason.order", values: { id: shortOrderId(m[1]!), why: m[2]!.startsWith("which") ? "twice" : "late" } }, title: null };
  m = /^(.+) \(marketplace order ([0-9a-f-]{36})\), (cancelled by you|cancelled by the seller|not shipped in time|returned)$/.exec(reason);
  if (m) {
    const why = { "cancelled by you": "buyer", "cancelled by the seller": "seller", "not shipped in time": "system", returned: "returned" }[m[3]!];
    return { msg: { id: "account.reason.line", values: { id: shortOrderId(m[2]!), why } }, title: m[1]! };
  }
  const fixed: Record<string, Msg> = {
    [REFUND_REASONS.paymentTwice]: { id: "account.reason.paymentTwice" },
    [REFUND_REASONS.challengeTwice]: { id: "account.reason.challengeTwice" },
    [REFUND_REASONS.challengeLate]: { id: "account.reason.challengeLate" },
    [REFUND_REASONS.challengeUpheld]: { id: "account.reason.challengeUpheld" },
  };
  return Object.hasOwn(fixed, reason) ? { msg: fixed[reason]!, title: null } : null;
}
