import { describe, expect, test } from "vitest";
import { orderBadge, type LineLife } from "~/models/store/orders/order-life";
import { offeredMethods, orderTotals, shortOrderId, SHIPPING_MAX } from "~/models/store/checkout/checkout";
import { ShippingSchema } from "~/models/store/checkout/checkout-schema";
import { cutDescription, parseQuantity } from "~/models/store/cart/cart";
import { translator } from "~/utils/i18n.server";
import { inEnglish } from "../support/words";

const en = translator("en");

const good = { name: "Asha Rao", email: "asha@example.in", phone: "9876543210", address: "12 MG Road", city: "Pune", state: "Maharashtra", zip: "411001" };
const errors = (input: Record<string, string>) => {
  const result = ShippingSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], inEnglish(i.message)]));
};

describe("the shipping step's rules (docs/product/marketplace.md §5 Checkout)", () => {
  test("the spec's messages", () => {
    expect(errors({})).toEqual({
      name: "Name is required",
      email: "Email is required",
      phone: "Phone is required",
      address: "Address is required",
      city: "City is required",
      state: "State is required",
      zip: "PIN code is required",
    });
    expect(errors({ ...good, email: "asha@" })).toEqual({ email: "Email is invalid" });
    expect(errors({ ...good, phone: "98765 43210" })).toEqual({ phone: "Phone must be 10 digits" });
    expect(errors({ ...good, phone: "987654321" })).toEqual({ phone: "Phone must be 10 digits" });
    expect(errors({ ...good, zip: "4110011" })).toEqual({ zip: "PIN code must be 6 digits" });
    expect(errors({ ...good, name: "   " })).toEqual({ name: "Name is required" });
    expect(errors(good)).toEqual({});
  });

  test("the server takes exactly what the inputs' maxLength lets a person type, and no more", () => {
    for (const field of ["name", "address", "city", "state"] as const) {
      expect(errors({ ...good, [field]: "a".repeat(SHIPPING_MAX[field]) }), field).toEqual({});
      expect(errors({ ...good, [field]: "a".repeat(SHIPPING_MAX[field] + 1) }), field).toEqual({ [field]: "This is too long" });
    }
    expect(errors({ ...good, phone: "9".repeat(SHIPPING_MAX.phone + 1) })).toEqual({ phone: "Phone must be 10 digits" });
    expect(errors({ ...good, zip: "4".repeat(SHIPPING_MAX.zip + 1) })).toEqual({ zip: "PIN code must be 6 digits" });
    expect([SHIPPING_MAX.phone, SHIPPING_MAX.zip]).toEqual([10, 6]);
  });
});

describe("totals", () => {
  test("₹50 shipping up to ₹50,000 exactly, free from ₹50,001, nothing for an empty order", () => {
    expect(orderTotals([{ price: 50_000, quantity: 1 }]).shipping).toBe(50);
    expect(orderTotals([{ price: 50_001, quantity: 1 }])).toMatchObject({ shipping: 0, shippingDiscount: 50, total: 50_001 });
    // Met in person: nothing travels, no shipping (issue 49, point 4).
    expect(orderTotals([{ price: 300, quantity: 2 }], "meet")).toMatchObject({ subtotal: 600, shipping: 0, total: 600 });
    expect(orderTotals([])).toEqual({ subtotal: 0, shipping: 0, total: 0, shippingDiscount: 0 });
  });
});

test("the short order id, the cart's quantity and description", () => {
  expect(shortOrderId("0d4b034b-1111-4222-8333-444455556666")).toBe("0D4B034B");
  expect([parseQuantity("0", 3), parseQuantity("-1", 3), parseQuantity("1e9", 3), parseQuantity("abc", 3), parseQuantity("5", 3)]).toEqual([1, 1, 1, 1, 3]);
  expect(cutDescription("a".repeat(100))).toBe("a".repeat(100));
  expect(cutDescription("a".repeat(101))).toBe(`${"a".repeat(100)}…`);
});

test("without a payment gateway (PostgreSQL without keys) checkout offers cash on delivery alone, first and chosen; with one, the card first", () => {
  expect(offeredMethods(false)).toEqual(["cod"]);
  expect(offeredMethods(true)).toEqual(["razorpay", "upi", "cod"]);
});

test("an order's word: Placed or Paid until it ships, never Completed; then Partly shipped, Shipped, Delivered; Cancelled when every line is", () => {
  const at = new Date();
  const line: LineLife = { shipped_at: null, delivered_at: null, cancelled_at: null, cancelled_by: null, return_requested_at: null, returned_at: null };
  const label = (status: string, payment_method: "cod" | "upi" | "razorpay", shipped: Array<Date | null>) =>
    en(orderBadge({ status, payment_method, cod_confirmed_at: payment_method === "cod" ? at : null, items: shipped.map((s) => ({ ...line, shipped_at: s })) }).label);
  expect(label("completed", "cod", [null])).toBe("Placed");
  expect(label("completed", "upi", [null, null])).toBe("Paid");
  expect(label("completed", "razorpay", [at, null])).toBe("Partly shipped");
  expect(label("completed", "cod", [at, at])).toBe("Shipped");
  expect(label("pending", "upi", [null])).toBe("Awaiting payment");
  // Cash on delivery its buyer has not confirmed asks for it (issue 49, point 5).
  expect(en(orderBadge({ status: "completed", payment_method: "cod", cod_confirmed_at: null, items: [line] }).label)).toBe("Confirm your order");
  const badge = (...items: Array<Partial<LineLife>>) => en(orderBadge({ status: "completed", payment_method: "upi", cod_confirmed_at: null, items: items.map((i) => ({ ...line, ...i })) }).label);
  expect(badge({ shipped_at: at, delivered_at: at }, { shipped_at: at, delivered_at: at })).toBe("Delivered");
  expect(badge({ shipped_at: at, delivered_at: at }, { shipped_at: at })).toBe("Shipped");
  // A cancelled line is left out: the rest decide; all cancelled is Cancelled.
  expect(badge({ cancelled_at: at, cancelled_by: "buyer" }, { shipped_at: at })).toBe("Shipped");
  expect(badge({ cancelled_at: at, cancelled_by: "buyer" }, {})).toBe("Paid");
  expect(badge({ cancelled_at: at, cancelled_by: "seller" })).toBe("Cancelled");
  expect(badge({ shipped_at: at, delivered_at: at, return_requested_at: at })).toBe("Return requested");
});
