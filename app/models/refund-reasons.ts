// Why money goes back, kept as a code and its values (refunds.reason_code and
// reason_values), never as a sentence: the payer reads it on My Account in their
// language, and support reads it in English, each from the catalogs (issue 45, point 1).
// Written by the models that owe money back; like models/fulfilments.server.ts, this
// module knows every purpose's reasons. Pure, so the page uses it.
import { shortOrderId } from "~/utils/urls";
import type { REFUND_REASON_CODES } from "~/utils/enums";
import type { Msg } from "~/utils/i18n";

export type RefundReasonCode = (typeof REFUND_REASON_CODES)[number];
export type LineRefundWhy = "buyer" | "seller" | "system" | "returned" | "undelivered";

/** A refund's reason as stored: its code, and the values its message needs (a title as typed, an order id). */
export type RefundReason = { code: RefundReasonCode; values: Record<string, string> };

/** Every reason the models write. */
export const REFUND_REASONS = {
  contestLate: (title: string): RefundReason => ({ code: "contest_late", values: { title } }),
  contestTwice: (title: string): RefundReason => ({ code: "contest_twice", values: { title } }),
  contestUnavailable: (title: string): RefundReason => ({ code: "contest_unavailable", values: { title } }),
  contestOutage: (title: string): RefundReason => ({ code: "contest_outage", values: { title } }),
  orderTwice: (orderId: string): RefundReason => ({ code: "order_twice", values: { orderId } }),
  orderLate: (orderId: string): RefundReason => ({ code: "order_late", values: { orderId } }),
  codDeposit: (orderId: string): RefundReason => ({ code: "cod_deposit", values: { orderId } }),
  line: (title: string, orderId: string, why: LineRefundWhy): RefundReason => ({ code: "line", values: { title, orderId, why } }),
  paymentTwice: { code: "payment_twice", values: {} } as RefundReason,
  challengeTwice: { code: "challenge_twice", values: {} } as RefundReason,
  challengeLate: { code: "challenge_late", values: {} } as RefundReason,
  challengeUpheld: { code: "challenge_upheld", values: {} } as RefundReason,
} as const;

/**
 * The reason's message, and the text inside it that is shown as typed (a contest's or
 * book's title, or an old reason's own words), wherever the message's `<0></0>` stands.
 */
export function refundReasonMessage(reason: { code: string; values: unknown }): { msg: Msg; typed: string | null } {
  const values = (reason.values && typeof reason.values === "object" ? reason.values : {}) as Record<string, string | undefined>;
  const id = values.orderId ? shortOrderId(values.orderId) : "";
  switch (reason.code as RefundReasonCode) {
    case "contest_late":
      return { msg: { id: "account.reason.contestLate" }, typed: values.title ?? "" };
    case "contest_twice":
      return { msg: { id: "account.reason.contestTwice" }, typed: values.title ?? "" };
    case "contest_unavailable":
      return { msg: { id: "account.reason.contestUnavailable" }, typed: values.title ?? "" };
    case "contest_outage":
      return { msg: { id: "account.reason.contestOutage" }, typed: values.title ?? "" };
    case "order_twice":
      return { msg: { id: "account.reason.order", values: { id, why: "twice" } }, typed: null };
    case "order_late":
      return { msg: { id: "account.reason.order", values: { id, why: "late" } }, typed: null };
    case "cod_deposit":
      return { msg: { id: "account.reason.codDeposit", values: { id } }, typed: null };
    case "line":
      return { msg: { id: "account.reason.line", values: { id, why: values.why ?? "returned" } }, typed: values.title ?? "" };
    case "payment_twice":
      return { msg: { id: "account.reason.paymentTwice" }, typed: null };
    case "challenge_twice":
      return { msg: { id: "account.reason.challengeTwice" }, typed: null };
    case "challenge_late":
      return { msg: { id: "account.reason.challengeLate" }, typed: null };
    case "challenge_upheld":
      return { msg: { id: "account.reason.challengeUpheld" }, typed: null };
    default:
      return { msg: { id: "account.refund.for" }, typed: values.text ?? "" };
  }
}
