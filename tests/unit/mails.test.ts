// Issue 33: every mail a student or seller gets, rendered in both languages. The English
// keeps its words; the Hindi is Hindi throughout (outside names, titles and what people
// typed), in a body that says its language. Mails to our support team stay English.
import { describe, expect, test } from "vitest";
import type { order_items, orders } from "~/db/schema";
import { outcomeMail, type OutcomeRow } from "~/models/contests/challenges/challenges.server";
import { confirmationMail } from "~/models/contests/catalogue/enrolment.server";
import { failedMail, paidMail } from "~/models/payments/payout-sender.server";
import { statementMail, type Made } from "~/models/payments/payouts.server";
import type { LifeStep } from "~/models/store/orders/order-life-mails.server";
import { lifeMailsTo } from "~/models/store/orders/order-life-mails.server";
import { buyerMail, sellerMail } from "~/models/store/checkout/order-mails.server";
import type { Mail } from "~/services/email.server";
import type { Locale } from "~/utils/i18n";
import { acknowledgement } from "~/models/support/complaints.server";
import { complaintDueAt } from "~/models/support/complaints";
import { OPERATOR_DEMO } from "~/utils/env.server";

// What people and admins typed, which stays as typed in either language.
const TYPED = ["pay_1", "UTR123456", "Asha Rao", "Ravi", "Physics Cup", "Concepts of Physics", "HC Verma", "12 MG Road", "Pune", "Maharashtra", "India", "Wrong edition", "Torn cover", "DTDC123", "What is g?", "The key was right", "Account closed", "SA-7K3M9Q2XTB", OPERATOR_DEMO.grievanceOfficer.name];
const BRANDS = /\b(StudyArena|UPI|UTR|ID|IST|JavaScript|Chrome|Firefox|iPhone|PAN|am|pm)\b/g;

/** The Latin words of a mail outside URLs, addresses, typed data and brands. */
function latinWords(mail: Mail) {
  const text = [mail.subject, mail.text]
    .join("\n")
    .replace(/https?:\/\/\S+/g, "")
    .replace(/\S+@\S+/g, "");
  const rest = TYPED.reduce((t, typed) => t.split(typed).join(""), text).replace(BRANDS, "");
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}

const now = new Date("2026-11-26T10:00:00Z");
const order = {
  id: "0b7e9c1e-1111-4222-8333-944455556666",
  buyer_id: "u1",
  buyer_name: "Asha Rao",
  buyer_email: "asha@example.in",
  subtotal: 500,
  shipping: 0,
  total_amount: 500,
  payment_method: "upi",
  shipping_address: { name: "Asha Rao", street: "12 MG Road", city: "Pune", state: "Maharashtra", postal_code: "411001", country: "India", phone: "9876543210" },
  status: "completed",
  created_at: now,
} as unknown as typeof orders.$inferSelect;
const item = {
  id: "i1",
  order_id: order.id,
  seller_id: "s1",
  title_at_purchase: "Concepts of Physics",
  price_at_purchase: 250,
  quantity: 2,
  tracking_number: "DTDC123",
  cancel_reason: "Wrong edition",
  return_reason: "Torn cover",
  delivered_at: now,
} as unknown as typeof order_items.$inferSelect;
const codOrder = { ...order, payment_method: "cod" } as typeof order;
const STEPS: LifeStep[] = ["buyer-cancelled", "seller-cancelled", "system-cancelled", "shipped", "delivered", "auto-delivered", "return-requested", "returned", "support-returned"];
const challenge = (status: "upheld" | "rejected", locale: Locale): OutcomeRow => ({
  id: "c1", email: "ravi@example.in", locale, name: "Ravi", title: "Physics Cup", contest_id: "k1", number: 3, text: "What is g?",
  status, response: "The key was right", dropped: status === "upheld", dropped_question_marks: "all", fee: 50,
});
const made = (status: Made["status"], locale: Locale, missing: Made["missing"] = status === "queued" ? null : "details"): Made => ({ id: "p1", user_id: "u1", email: "ravi@example.in", locale, name: "Ravi", gross: 10000, tax: 3000, net: 7000, tax_rate_bp: 3000, status, missing });
const payout = (title: string | null, locale: Locale) => ({ net: 7000, email: "ravi@example.in", locale, name: "Ravi", title });

/** Every mail, written for a reader of this language. */
function everyMail(locale: Locale): Array<[string, Mail]> {
  const reader = { email: "reader@example.in", locale };
  const student = { email: "ravi@example.in", name: "Ravi", locale };
  return [
    ["enrolment, paid", confirmationMail({ student, title: "Physics Cup", startTime: now, payment: { amount: 49, paymentId: "pay_1", paidAt: now } })],
    ["enrolment, free", confirmationMail({ student, title: "Physics Cup", startTime: now, payment: null })],
    ["order, paid", buyerMail(order, [item], locale)],
    ["order, cash on delivery", buyerMail({ ...codOrder, shipping: 40 }, [item], locale)],
    ["book sold", sellerMail(order, [item], "seller@example.in", locale, 0)],
    ...STEPS.flatMap((step) => lifeMailsTo(step, { order, line: item }, step === "returned" || step === "support-returned" || step === "seller-cancelled" ? 500 : 0, reader, reader).map((mail, i): [string, Mail] => [`${step} ${i}`, mail])),
    ["returned, cash on delivery", lifeMailsTo("returned", { order: codOrder, line: item }, 0, reader, null)[0]!],
    ["shipped, no tracking", lifeMailsTo("shipped", { order, line: { ...item, tracking_number: null } }, 0, reader, null)[0]!],
    ["challenge upheld", outcomeMail(challenge("upheld", locale), now)],
    ["challenge rejected", outcomeMail(challenge("rejected", locale), now)],
    ["prize, waiting for details", statementMail(made("awaiting_details", locale), "Physics Cup")],
    ["prize, waiting for a PAN", statementMail(made("awaiting_details", locale, "pan"), "Physics Cup")],
    ["prize, waiting for both", statementMail(made("awaiting_details", locale, "both"), "Physics Cup")],
    ["prize, queued", statementMail(made("queued", locale), "Physics Cup")],
    ["prize paid", paidMail(payout("Physics Cup", locale), "UTR123456")],
    ["earnings paid", paidMail(payout(null, locale), "UTR123456")],
    ["prize failed", failedMail(payout("Physics Cup", locale), "Account closed")],
    ["earnings failed", failedMail(payout(null, locale), null)],
    ["complaint acknowledged", acknowledgement(reader, { ticket: "SA-7K3M9Q2XTB", kind: "return_dispute", receivedAt: now, dueAt: complaintDueAt(now) })],
  ];
}

describe("every mail in both languages", () => {
  test("in Hindi: Hindi words only (outside names, titles and what people typed), in a body marked hi-IN", () => {
    const mails = everyMail("hi");
    expect(mails.length).toBeGreaterThan(20);
    for (const [name, mail] of mails) {
      expect(latinWords(mail), name).toEqual([]);
      expect(mail.subject + mail.text, name).toMatch(/[\u0900-\u097F]/);
      expect(mail.html, name).toContain('lang="hi-IN"');
      expect(mail.subject + mail.text, name).not.toMatch(/mail\.[a-z]|\{/);
    }
  });

  test("in English: the same mails with their English words, in a body marked en-IN", () => {
    const mails = Object.fromEntries(everyMail("en"));
    for (const [name, mail] of Object.entries(mails)) {
      expect(mail.html, name).toContain('lang="en-IN"');
      expect(mail.subject + mail.text, name).not.toMatch(/[\u0900-\u097F]|mail\.[a-z]|\{/);
    }
    expect(mails["enrolment, paid"]!.subject).toBe("You're in: Physics Cup");
    expect(mails["order, paid"]!.text).toContain("UPI Payment: paid.");
    expect(mails["order, cash on delivery"]!.text).toContain("Subtotal ₹500, shipping ₹40, total ₹500.");
    expect(mails["shipped 0"]!.text).toContain("Concepts of Physics × 2 has shipped; its tracking number is DTDC123.");
    expect(mails["prize failed"]!.subject).toBe("Your prize in Physics Cup could not be paid");
    expect(mails["earnings paid"]!.subject).toBe("Your marketplace earnings are paid: ₹7,000");
    expect(mails["complaint acknowledged"]!.text).toContain("About: A disputed return. Received on 26 Nov 2026, 3:30 pm. Your ticket number is SA-7K3M9Q2XTB.");
    expect(mails["complaint acknowledged"]!.text).toContain("resolve it by 26 Dec 2026, 3:30 pm.");
  });

  test("the reader's language, not the page's: the same step writes each party in their own", () => {
    const [toBuyer, toSeller] = lifeMailsTo("system-cancelled", { order, line: item }, 0, { email: "b@example.in", locale: "hi" }, { email: "s@example.in", locale: "en" });
    expect(toBuyer!.subject).toMatch(/^ऑर्डर रद्द: ऑर्डर #/);
    expect(toSeller!.subject).toBe("Order cancelled: Concepts of Physics");
  });
});
