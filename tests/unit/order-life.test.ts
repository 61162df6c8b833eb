import { expect, test } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { awaitsConfirmation, buyerCan, confirmBy, lineState, lineTimeline, sellerCan, UNCONFIRMED_REASON, type LineLife } from "~/models/store/orders/order-life";
import { s10CheckDigit, trackingKind } from "~/models/store/orders/india-post";
import { BuyerStepSchema, SellerStepSchema } from "~/models/store/orders/order-steps-schema";
import { readMsgText } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";
import { ERASED, unlessErased } from "~/utils/names";

const en = translator("en");

const placed: LineLife = { shipped_at: null, delivered_at: null, cancelled_at: null, cancelled_by: null, return_requested_at: null, returned_at: null };
const at = new Date("2026-11-20T10:00:00Z");
const DAY = 24 * 60 * 60_000;

test("each line's state comes from its times; what each party may do follows it", () => {
  const shipped = { ...placed, shipped_at: at };
  const delivered = { ...shipped, delivered_at: at };
  const asked = { ...delivered, return_requested_at: at };
  expect([placed, shipped, delivered, asked, { ...asked, returned_at: at }, { ...placed, cancelled_at: at, cancelled_by: "buyer" as const }].map(lineState)).toEqual([
    "placed",
    "shipped",
    "delivered",
    "return_requested",
    "returned",
    "cancelled",
  ]);
  expect(buyerCan(placed, at)).toEqual({ cancel: true, confirmDelivery: false, requestReturn: false, returnPhoto: false });
  expect(buyerCan(shipped, at)).toEqual({ cancel: false, confirmDelivery: true, requestReturn: false, returnPhoto: false });
  const prepaid = { payment_method: "upi" as const, cod_confirmed_at: null };
  expect(sellerCan(placed, prepaid)).toEqual({ ship: true, handOver: false, cancel: true, refused: false, confirmReturn: false, dispute: false });
  expect(sellerCan(shipped, prepaid)).toEqual({ ship: false, handOver: false, cancel: false, refused: true, confirmReturn: false, dispute: false });
  expect(sellerCan(asked, prepaid)).toMatchObject({ confirmReturn: true, dispute: true });
  // A return disputed (issue 49, point 6): support has it; the seller may still confirm it, the buyer's photo is as sent.
  const disputed = { ...asked, disputed_at: at };
  expect(sellerCan(disputed, prepaid)).toMatchObject({ confirmReturn: true, dispute: false });
  expect(buyerCan(asked, at).returnPhoto).toBe(true);
  expect(buyerCan(disputed, at).returnPhoto).toBe(false);
  expect(lineTimeline(at, { ...disputed, returned_at: at }, () => "20 Nov", "seller", en).map((s) => s.step)).toEqual(["Order Placed", "Shipped", "Delivered", "Return requested", "Disputed by the seller: support decides", "Returned"]);
});

test("cash on delivery ships only once its buyer confirms it, within 24 hours of placing it; a parcel on its way, and only then, can come back undelivered", () => {
  const unconfirmed = { payment_method: "cod" as const, cod_confirmed_at: null };
  const confirmed = { payment_method: "cod" as const, cod_confirmed_at: at };
  expect([awaitsConfirmation(unconfirmed), awaitsConfirmation(confirmed), awaitsConfirmation({ payment_method: "upi", cod_confirmed_at: null })]).toEqual([true, false, false]);
  expect(sellerCan(placed, unconfirmed)).toMatchObject({ ship: false, cancel: true });
  expect(sellerCan(placed, confirmed)).toMatchObject({ ship: true, cancel: true, refused: false });
  const shipped = { ...placed, shipped_at: at };
  expect(sellerCan(shipped, confirmed).refused).toBe(true);
  expect(sellerCan(shipped, { payment_method: "razorpay", cod_confirmed_at: null }).refused).toBe(true);
  expect(sellerCan({ ...shipped, delivered_at: at }, confirmed).refused).toBe(false);
  expect(confirmBy({ created_at: at }).toISOString()).toBe("2026-11-21T10:00:00.000Z");

  // Refused: its own state, never delivered, nothing more to do for either party.
  const refused = { ...shipped, refused_at: at };
  expect(lineState(refused)).toBe("refused");
  expect(buyerCan(refused, at)).toEqual({ cancel: false, confirmDelivery: false, requestReturn: false, returnPhoto: false });
  expect(sellerCan(refused, confirmed)).toEqual({ ship: false, handOver: false, cancel: false, refused: false, confirmReturn: false, dispute: false });
  const steps = lineTimeline(at, refused, () => "20 Nov", "buyer", en).map((s) => s.step);
  expect(steps).toEqual(["Order Placed", "Shipped", "Came back to the seller undelivered"]);
  // The sweep's cancel of an unconfirmed order says so, not "not shipped in time".
  const swept = lineTimeline(at, { ...placed, cancelled_at: at, cancelled_by: "system", cancel_reason: UNCONFIRMED_REASON }, () => "20 Nov", "buyer", en);
  expect(swept.at(-1)?.when).toContain("not confirmed in time");
});

test("a return may be asked for up to 7 days after delivery, to the millisecond, and not after", () => {
  const delivered = { ...placed, shipped_at: at, delivered_at: at };
  expect(buyerCan(delivered, new Date(at.getTime() + 7 * DAY)).requestReturn).toBe(true);
  expect(buyerCan(delivered, new Date(at.getTime() + 7 * DAY + 1)).requestReturn).toBe(false);
});

test("reasons and tracking numbers are cleaned and bounded by the steps' schemas", () => {
  const id = "3f9a2c10-1111-4222-8333-944455556666";
  const step = (schema: typeof BuyerStepSchema | typeof SellerStepSchema, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const result = parseWithZod(form, { schema });
    return result.status === "success" ? result.value : Object.fromEntries(Object.entries(result.error ?? {}).map(([field, messages]) => [field, messages?.map((m) => readMsgText(m)?.id)]));
  };
  expect(step(BuyerStepSchema, { intent: "return", itemId: id, reason: "  Pages\n missing \u202e " })).toEqual({ intent: "return", itemId: id, reason: "Pages missing" });
  expect(step(BuyerStepSchema, { intent: "return", itemId: id, reason: "ab" })).toEqual({ reason: ["orders.msg.returnReasonRequired"] });
  expect(step(BuyerStepSchema, { intent: "return", itemId: id, reason: " \u2066 \u2069 " })).toEqual({ reason: ["orders.msg.returnReasonRequired"] });
  expect(step(BuyerStepSchema, { intent: "return", itemId: id })).toEqual({ reason: ["orders.msg.returnReasonRequired"] });
  expect(step(BuyerStepSchema, { intent: "return", itemId: id, reason: "x".repeat(501) })).toEqual({ reason: ["orders.msg.returnReasonTooLong"] });
  expect(step(BuyerStepSchema, { intent: "return", itemId: id, reason: "x".repeat(500) })).toMatchObject({ reason: "x".repeat(500) });
  expect(step(SellerStepSchema, { intent: "cancel", itemId: id, reason: "x".repeat(301) })).toEqual({ reason: ["orders.msg.cancelReasonTooLong"] });
  expect(step(SellerStepSchema, { intent: "ship", itemId: id, tracking: "  " })).toEqual({ intent: "ship", itemId: id, tracking: null });
  expect(step(SellerStepSchema, { intent: "ship", itemId: id, tracking: " EZ 1 " })).toEqual({ intent: "ship", itemId: id, tracking: "EZ 1" });
  expect(step(SellerStepSchema, { intent: "ship", itemId: id, tracking: "x".repeat(61) })).toEqual({ tracking: ["orders.msg.trackingTooLong"] });
  expect(step(SellerStepSchema, { intent: "ship", itemId: id, tracking: "x".repeat(60) })).toMatchObject({ tracking: "x".repeat(60) });
  expect(step(BuyerStepSchema, { intent: "review", itemId: id, rating: "4.5", body: "ok" })).toEqual({ rating: ["orders.review.ratingRequired"], body: ["orders.review.bodyRequired"] });
  expect(step(BuyerStepSchema, { intent: "review", itemId: id, rating: "5", body: "Clean\t\tcopy.\n\n\n\nFast." })).toEqual({ intent: "review", itemId: id, rating: 5, body: "Clean copy.\n\nFast." });
  expect(step(BuyerStepSchema, { intent: "refund", itemId: id })).toHaveProperty("intent");
});

test("the timeline says who cancelled, as each party reads it, and what is still to come", () => {
  const format = (when: Date | string) => new Date(when).toISOString();
  const bySeller = { ...placed, cancelled_at: at, cancelled_by: "seller" as const, cancel_reason: "Out of stock" };
  expect(lineTimeline(at, bySeller, format, "buyer", en).at(-1)!.when).toContain("(by the seller: Out of stock)");
  expect(lineTimeline(at, bySeller, format, "seller", en).at(-1)!.when).toContain("(by you: Out of stock)");
  expect(lineTimeline(at, { ...placed, cancelled_at: at, cancelled_by: "buyer" }, format, "seller", en).at(-1)!.when).toContain("(by the buyer)");
  expect(lineTimeline(at, placed, format, "buyer", en).map((s) => [s.step, s.done])).toEqual([
    ["Order Placed", true],
    ["Shipped", false],
    ["Delivered", false],
  ]);
  expect(lineTimeline(at, { ...placed, shipped_at: at, tracking_number: "EZ1" }, format, "buyer", en)[1]!.when).toBe(`${at.toISOString()} IST, tracking EZ1`);
  // In Hindi, the same steps; what the seller typed stays as typed.
  const hi = translator("hi");
  expect(lineTimeline(at, bySeller, format, "buyer", hi).at(-1)).toMatchObject({ step: "रद्द", when: expect.stringContaining("(विक्रेता ने: Out of stock)") });
  expect(lineTimeline(at, { ...placed, cancelled_at: at, cancelled_by: "system" }, format, "buyer", hi).at(-1)!.when).toContain("(समय पर नहीं भेजा गया)");
});

// Issue 66, point 3: erasure writes one English word over what an erased seller wrote; the reader sees it in their language.
test("a reason erased with its seller's account reads as the erased word in the reader's language, anything typed as typed", () => {
  const format = (when: Date | string) => new Date(when).toISOString();
  const erased = { ...placed, cancelled_at: at, cancelled_by: "seller" as const, cancel_reason: ERASED };
  expect(lineTimeline(at, erased, format, "buyer", translator("hi")).at(-1)!.when).toContain("(विक्रेता ने: मिटाया गया)");
  expect(lineTimeline(at, erased, format, "buyer", en).at(-1)!.when).toContain("(by the seller: Erased)");
  expect(unlessErased("Erasedd", translator("hi"))).toBe("Erasedd");
  expect(unlessErased(null, translator("hi"))).toBeNull();
});

test("met in person, a line is handed over with the buyer's code instead of shipped, once its order may move; its timeline is the hand-over", () => {
  const meet = { ...placed, delivery: "meet" as const };
  expect(sellerCan(meet, { payment_method: "upi", cod_confirmed_at: null })).toMatchObject({ ship: false, handOver: true, cancel: true });
  expect(sellerCan(meet, { payment_method: "cod", cod_confirmed_at: null })).toMatchObject({ ship: false, handOver: false, cancel: true });
  expect(sellerCan({ ...meet, shipped_at: at, delivered_at: at }, { payment_method: "upi", cod_confirmed_at: null }).handOver).toBe(false);
  expect(lineTimeline(at, meet, () => "20 Nov", "buyer", en).map((s) => [s.step, s.done])).toEqual([["Order Placed", true], ["Handed over in person", false]]);
  const handed = lineTimeline(at, { ...meet, shipped_at: at, delivered_at: at }, () => "20 Nov", "buyer", en);
  expect(handed.map((s) => s.step)).toEqual(["Order Placed", "Handed over in person"]);
  expect(handed.at(-1)?.when).toBe("20 Nov IST");
});

test("an India Post article number is checked by its S10 check digit, kept in capitals; another carrier's number is taken as typed", () => {
  // UPU's own example, and one of ours: 11 less the weighted sum modulo 11.
  expect(s10CheckDigit("47312482")).toBe(9);
  expect(s10CheckDigit("12345678")).toBe(5);
  expect(trackingKind("RR473124829IN")).toBe("india-post");
  expect(trackingKind("ez123456785in")).toBe("india-post");
  expect(trackingKind("EZ123456789IN")).toBe("india-post-mistyped");
  expect(trackingKind("DTDC9")).toBe("other");
  expect(trackingKind("RR473124829GB")).toBe("other");
  const id = "3f9a2c10-1111-4222-8333-944455556666";
  const ship = (tracking: string) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "ship", itemId: id, tracking })) form.append(name, value);
    const result = parseWithZod(form, { schema: SellerStepSchema });
    return result.status === "success" ? result.value : Object.fromEntries(Object.entries(result.error ?? {}).map(([field, messages]) => [field, messages?.map((m) => readMsgText(m)?.id)]));
  };
  expect(ship(" ez123456785in ")).toMatchObject({ tracking: "EZ123456785IN" });
  expect(ship("EZ123456789IN")).toEqual({ tracking: ["orders.msg.articleMistyped"] });
  expect(ship("Delhivery 1234")).toMatchObject({ tracking: "Delhivery 1234" });
});
