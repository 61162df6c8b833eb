import { expect, test } from "vitest";
import { buyerCan, lineState, lineTimeline, readReason, readTracking, sellerCan, type LineLife } from "~/models/store/order-life";
import { translator } from "~/utils/i18n.server";

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
  expect(buyerCan(placed, at)).toEqual({ cancel: true, confirmDelivery: false, requestReturn: false });
  expect(buyerCan(shipped, at)).toEqual({ cancel: false, confirmDelivery: true, requestReturn: false });
  expect(sellerCan(placed)).toEqual({ ship: true, cancel: true, confirmReturn: false });
  expect(sellerCan(shipped)).toEqual({ ship: false, cancel: false, confirmReturn: false });
  expect(sellerCan(asked).confirmReturn).toBe(true);
});

test("a return may be asked for up to 7 days after delivery, to the millisecond, and not after", () => {
  const delivered = { ...placed, shipped_at: at, delivered_at: at };
  expect(buyerCan(delivered, new Date(at.getTime() + 7 * DAY)).requestReturn).toBe(true);
  expect(buyerCan(delivered, new Date(at.getTime() + 7 * DAY + 1)).requestReturn).toBe(false);
});

test("reasons and tracking numbers are cleaned and bounded", () => {
  expect(readReason("  Pages\n missing \u202e ", 20)).toBe("Pages missing");
  expect(readReason("ab", 20)).toBe("short");
  expect(readReason(" \u2066 \u2069 ", 20)).toBe("short");
  expect(readReason(null, 20)).toBe("short");
  expect(readReason("x".repeat(21), 20)).toBe("long");
  expect(readTracking("  ")).toBeNull();
  expect(readTracking(" EZ 1 ")).toBe("EZ 1");
  expect(readTracking("x".repeat(61))).toBe("long");
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
