// Orders (issue 17, points 3 and 4): the cart becomes an order at the database's
// prices; copies are reserved in the same transaction and never oversold; an online
// order's hold ends on failure or expiry; a late payment takes the copy if it is still
// there, else it is owed back; mails go through the outbox with the order.
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { email_outbox, marketplace_products, order_items, orders, payments, user_cart, refunds, users } from "~/db/schema";
import { noteFailedAttempt, settlePayment } from "~/models/fulfilments.server";
import { checkoutSignature, paymentGateway } from "~/models/payments/gateway.server";
import { cartView, putInCart } from "~/models/store/cart/cart.server";
import { orderTotals, paymentState } from "~/models/store/checkout/checkout";
import type { Shipping } from "~/models/store/checkout/checkout-schema";
import { completedOrders, buyerOrder, salesOf } from "~/models/store/orders/order-views.server";
import { buyerConfirmsCod, sellerShips } from "~/models/store/orders/order-life.server";
import { placeOrder, releaseExpiredHolds } from "~/models/store/checkout/orders.server";
import { createProduct, createUser } from "~/seed/factories.server";
import { PROVEN_ON_POSTGRESQL } from "../support/locks";

const gateway = paymentGateway()!;
let n = 0;
const shipping: Shipping = { name: "Asha Rao", email: "asha@example.in", phone: "9876543210", address: "12 MG Road", city: "Pune", state: "Maharashtra", zip: "411001" };
const key = () => crypto.randomUUID();

async function person(name = "Person") {
  return createUser(db, { email: `orders${++n}.${Date.now()}@example.in`, passwordHash: "x", fullName: name });
}

async function listing(sellerId: string, input: { price?: number; stock?: number; title?: string } = {}) {
  return createProduct(db, { sellerId, title: input.title ?? `Book ${++n}`, price: input.price ?? 300, category: "Engineering", author: "H C Verma", stock: input.stock ?? 1 });
}

async function stockOf(id: string) {
  const [row] = await db.select({ stock: marketplace_products.stock }).from(marketplace_products).where(eq(marketplace_products.id, id));
  return row!.stock;
}

async function pay(orderId: string, paymentId = `pay_o${++n}`) {
  return settlePayment(db, { orderId, paymentId, signature: checkoutSignature(gateway, orderId, paymentId), now: new Date() });
}

describe("totals", () => {
  test("shipping is ₹50 up to ₹50,000 and free above it", () => {
    expect(orderTotals([{ price: 50_000, quantity: 1 }])).toEqual({ subtotal: 50_000, shipping: 50, total: 50_050, shippingDiscount: 0 });
    expect(orderTotals([{ price: 50_001, quantity: 1 }])).toEqual({ subtotal: 50_001, shipping: 0, total: 50_001, shippingDiscount: 50 });
    expect(orderTotals([{ price: 25_000, quantity: 2 }, { price: 1, quantity: 1 }]).shipping).toBe(0);
  });
});

describe("cash on delivery", () => {
  test("completes at once at the database's prices: stock taken, cart cleared, buyer and seller mailed", async () => {
    const seller = await person("Seller One");
    const buyer = await person("Buyer One");
    const book = await listing(seller, { price: 450, stock: 3 });
    await putInCart(db, { userId: buyer, productId: book, quantity: "2" });
    const outcome = await placeOrder(db, gateway, { userId: buyer, shipping, method: "cod", key: key(), now: new Date() });
    expect(outcome.kind).toBe("completed");
    const orderId = (outcome as { orderId: string }).orderId;
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: "completed", payment_method: "cod", subtotal: 900, shipping: 50, total_amount: 950, buyer_id: buyer });
    expect(await stockOf(book)).toBe(1);
    expect(await db.$count(user_cart, eq(user_cart.user_id, buyer))).toBe(0);
    const mails = await db.select().from(email_outbox).where(inArray(email_outbox.to_address, [shipping.email]));
    expect(mails.some((m) => m.subject.startsWith("Order placed, please confirm it") && m.text.includes("Cash on Delivery"))).toBe(true);
    const sellerMails = (await db.select().from(email_outbox)).filter((m) => m.subject.startsWith("Your book sold") && m.text.includes("12 MG Road") && m.text.includes("411001"));
    expect(sellerMails.length).toBeGreaterThanOrEqual(1);
    // The buyer sees it; nobody else does.
    expect((await completedOrders(db, buyer)).map((o) => o.id)).toEqual([orderId]);
    expect(await buyerOrder(db, seller, orderId)).toBeNull();
    expect((await buyerOrder(db, buyer, orderId))!.items).toMatchObject([{ title: expect.any(String), price: 450, quantity: 2, author: "H C Verma" }]);
  });

  test("each party's mails are in the language they chose (users.locale): a Hindi buyer, an English seller", async () => {
    const seller = await person("Seller En");
    const buyer = await person("Buyer Hi");
    await db.update(users).set({ locale: "hi" }).where(eq(users.id, buyer));
    const book = await listing(seller, { title: `Hindi Mail Book ${++n}` });
    await putInCart(db, { userId: buyer, productId: book, quantity: "1" });
    const outcome = await placeOrder(db, gateway, { userId: buyer, shipping: { ...shipping, email: `hi${n}@example.in` }, method: "cod", key: key(), now: new Date() });
    const orderId = (outcome as { orderId: string }).orderId;
    const [toBuyer] = await db.select().from(email_outbox).where(eq(email_outbox.to_address, `hi${n}@example.in`));
    // Placed, not yet confirmed by its buyer (issue 65, point 7); the cash at the door with its shipping.
    expect(toBuyer!.subject).toMatch(/^ऑर्डर दे दिया गया, कृपया पुष्टि करें: /);
    expect(toBuyer!.text).toMatch(/डिलीवरी पर नकद भुगतान: आप दरवाज़े पर ₹[\d,]+ देंगे।/);
    expect(toBuyer!.html).toContain('lang="hi-IN"');
    const [sellerRow] = await db.select({ email: users.email }).from(users).where(eq(users.id, seller));
    const [toSeller] = await db.select().from(email_outbox).where(eq(email_outbox.to_address, sellerRow!.email));
    expect(toSeller!.subject).toMatch(/^Your book sold: Hindi Mail Book/);
    // A later step writes to the buyer in Hindi too.
    const [line] = await db.select({ id: order_items.id }).from(order_items).where(eq(order_items.order_id, orderId));
    expect(await buyerConfirmsCod(db, { buyerId: buyer, orderId, now: new Date() })).toBe("confirmed");
    expect(await sellerShips(db, { sellerId: seller, itemId: line!.id, tracking: "DTDC9", now: new Date() })).toEqual({ kind: "shipped" });
    const shipped = (await db.select().from(email_outbox).where(eq(email_outbox.to_address, `hi${n}@example.in`))).find((m) => m.subject.startsWith("भेज दिया गया"));
    expect(shipped!.text).toContain("इसका ट्रैकिंग नंबर DTDC9 है");
  });

  test("the same form sent twice places one order; an empty cart places none", async () => {
    const seller = await person();
    const buyer = await person();
    const book = await listing(seller, { stock: 2 });
    await putInCart(db, { userId: buyer, productId: book, quantity: "1" });
    const k = key();
    const before = await db.$count(user_cart, eq(user_cart.user_id, buyer));
    expect(before).toBe(1);
    const [a, b] = await Promise.all([
      placeOrder(db, gateway, { userId: buyer, shipping, method: "cod", key: k, now: new Date() }),
      placeOrder(db, gateway, { userId: buyer, shipping, method: "cod", key: k, now: new Date() }),
    ]);
    expect(a).toEqual(b);
    expect(await db.$count(orders, eq(orders.buyer_id, buyer))).toBe(1);
    expect(await stockOf(book)).toBe(1);
    expect(await placeOrder(db, gateway, { userId: buyer, shipping, method: "cod", key: key(), now: new Date() })).toEqual({ kind: "empty" });
  });

  test("a sold-out or unlisted book stops the order with its title, and nothing is written", async () => {
    const seller = await person();
    const buyer = await person();
    const other = await person();
    const fine = await listing(seller, { stock: 1 });
    const gone = await listing(seller, { stock: 1, title: "Gone Book" });
    await putInCart(db, { userId: buyer, productId: fine, quantity: "1" });
    await putInCart(db, { userId: buyer, productId: gone, quantity: "1" });
    await putInCart(db, { userId: other, productId: gone, quantity: "1" });
    expect((await placeOrder(db, gateway, { userId: other, shipping, method: "cod", key: key(), now: new Date() })).kind).toBe("completed");
    expect(await placeOrder(db, gateway, { userId: buyer, shipping, method: "cod", key: key(), now: new Date() })).toEqual({ kind: "sold-out", titles: ["Gone Book"] });
    expect(await db.$count(orders, eq(orders.buyer_id, buyer))).toBe(0);
    expect(await stockOf(fine)).toBe(1);
  });
});

describe("the last copies", () => {
  test(`${PROVEN_ON_POSTGRESQL} two buyers of one copy at once: exactly one order`, async () => {
    const seller = await person();
    const book = await listing(seller, { stock: 1 });
    const buyers = [await person(), await person()];
    for (const b of buyers) await putInCart(db, { userId: b, productId: book, quantity: "1" });
    const outcomes = await Promise.all(buyers.map((b) => placeOrder(db, gateway, { userId: b, shipping, method: "cod", key: key(), now: new Date() })));
    expect(outcomes.map((o) => o.kind).sort()).toEqual(["completed", "sold-out"]);
    expect(await stockOf(book)).toBe(0);
  });

  test(`${PROVEN_ON_POSTGRESQL} 20 buyers of 3 copies at once: exactly 3 orders, stock 0`, async () => {
    const seller = await person();
    const book = await listing(seller, { stock: 3 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => person()));
    for (const b of buyers) await putInCart(db, { userId: b, productId: book, quantity: "1" });
    const outcomes = await Promise.all(buyers.map((b, i) => placeOrder(db, gateway, { userId: b, shipping, method: i % 2 ? "cod" : "upi", key: key(), now: new Date() })));
    expect(outcomes.filter((o) => o.kind === "completed" || o.kind === "pay")).toHaveLength(3);
    expect(outcomes.filter((o) => o.kind === "sold-out")).toHaveLength(17);
    expect(await stockOf(book)).toBe(0);
    expect(await db.$count(order_items, eq(order_items.product_id, book))).toBe(3);
  });
});

describe("online payment", () => {
  async function onlineOrder(stock = 1) {
    const seller = await person();
    const buyer = await person();
    const book = await listing(seller, { price: 700, stock });
    await putInCart(db, { userId: buyer, productId: book, quantity: "1" });
    const outcome = await placeOrder(db, gateway, { userId: buyer, shipping, method: "razorpay", key: key(), now: new Date() });
    if (outcome.kind !== "pay") throw new Error(`expected a payment, got ${outcome.kind}`);
    return { seller, buyer, book, ...outcome };
  }

  test("holds the copy while pending; the payment completes it once, whatever arrives twice", async () => {
    const o = await onlineOrder();
    expect(o.amount).toBe(750);
    expect(await stockOf(o.book)).toBe(0);
    const [pending] = await db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(pending).toMatchObject({ status: "pending", payment_method: "razorpay" });
    expect(pending!.hold_expires_at!.getTime() - pending!.created_at.getTime()).toBeGreaterThan(14 * 60_000);
    // The cart stays until the order completes.
    expect(await db.$count(user_cart, eq(user_cart.user_id, o.buyer))).toBe(1);

    const paymentId = `pay_once_${++n}`;
    expect((await pay(o.gatewayOrderId, paymentId)).kind).toBe("completed");
    expect((await pay(o.gatewayOrderId, paymentId)).kind).toBe("already");
    const [done] = await db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(done).toMatchObject({ status: "completed" });
    expect(paymentState(done!)).toBe("paid");
    expect(await db.$count(user_cart, eq(user_cart.user_id, o.buyer))).toBe(0);
    expect(await stockOf(o.book)).toBe(0);
    expect(await db.$count(email_outbox, and(eq(email_outbox.to_address, shipping.email)))).toBeGreaterThan(0);
    // A second, different payment of the paid order is owed back, not fulfilled again.
    expect((await pay(o.gatewayOrderId)).kind).toBe("second-payment");
  });

  test("a failed attempt keeps the copy held for its buyer until the hold ends, and the same cart pays again", async () => {
    const o = await onlineOrder();
    expect(await noteFailedAttempt(db, { orderId: o.gatewayOrderId })).toMatchObject({ purpose: "order", attempts: 1 });
    expect(await stockOf(o.book)).toBe(0);
    const [order] = await db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(order).toMatchObject({ status: "pending" });
    expect(await db.$count(user_cart, eq(user_cart.user_id, o.buyer))).toBe(1);
    // Its buyer's checkout still offers it (the copy is theirs while the hold lasts); to anyone else it is gone.
    expect((await cartView(db, o.buyer)).buyable.map((l) => l.id)).toEqual([o.book]);
    const other = await person();
    await db.insert(user_cart).values({ user_id: other, product_id: o.book, quantity: 1 });
    expect((await cartView(db, other)).lines.map((l) => l.problem)).toEqual(["sold-out"]);
    expect((await pay(o.gatewayOrderId)).kind).toBe("completed");
  });

  test("the sweep ends a hold after 15 minutes; a late payment takes the copy if it is still there", async () => {
    const o = await onlineOrder();
    expect(await releaseExpiredHolds(db, new Date(Date.now() + 14 * 60_000))).toBe(0);
    expect(await releaseExpiredHolds(db, new Date(Date.now() + 16 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await stockOf(o.book)).toBe(1);
    const [gatewayRow] = await db.select({ status: payments.status }).from(payments).where(eq(payments.razorpay_order_id, o.gatewayOrderId));
    expect(gatewayRow!.status).toBe("failed");
    expect((await pay(o.gatewayOrderId)).kind).toBe("completed");
    expect(await stockOf(o.book)).toBe(0);
  });

  test("a late payment for a copy that sold meanwhile is recorded for a refund, never fulfilled", async () => {
    const o = await onlineOrder();
    await releaseExpiredHolds(db, new Date(Date.now() + 16 * 60_000));
    const rival = await person();
    await putInCart(db, { userId: rival, productId: o.book, quantity: "1" });
    expect((await placeOrder(db, gateway, { userId: rival, shipping, method: "cod", key: key(), now: new Date() })).kind).toBe("completed");
    const late = await pay(o.gatewayOrderId);
    expect(late.kind).toBe("late");
    const [order] = await db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(order!.status).toBe("failed");
    expect(await stockOf(o.book)).toBe(0);
    // The money is owed back: a refund queued for the gateway (no person needed).
    const [owed] = await db.select().from(refunds).where(eq(refunds.razorpay_order_id, o.gatewayOrderId));
    expect(owed).toMatchObject({ status: "queued", user_id: o.buyer, amount: 750 });
    expect(owed).toMatchObject({ reason_code: "order_late", reason_values: { orderId: o.orderId } });
  });

  test("the same cart checked out again (a second tab) pays the same order; choosing cash on delivery instead releases it", async () => {
    const o = await onlineOrder(2);
    const again = await placeOrder(db, gateway, { userId: o.buyer, shipping, method: "upi", key: key(), now: new Date() });
    expect(again).toMatchObject({ kind: "pay", orderId: o.orderId, gatewayOrderId: o.gatewayOrderId });
    expect(await stockOf(o.book)).toBe(1);
    const changed = await placeOrder(db, gateway, { userId: o.buyer, shipping, method: "cod", key: key(), now: new Date() });
    expect(changed.kind).toBe("completed");
    expect(await stockOf(o.book)).toBe(1);
    const [first] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, o.orderId));
    expect(first!.status).toBe("failed");
  });
});

describe("sales", () => {
  test("the seller sees the buyer's name and address, marks the item shipped once; nobody else can", async () => {
    const seller = await person();
    const buyer = await person();
    const stranger = await person();
    const book = await listing(seller);
    await putInCart(db, { userId: buyer, productId: book, quantity: "1" });
    const placed = await placeOrder(db, gateway, { userId: buyer, shipping, method: "cod", key: key(), now: new Date() });
    const [sale] = await salesOf(db, seller);
    expect(sale).toMatchObject({ buyer_name: "Asha Rao", payment_method: "cod", status: "completed", shipped_at: null });
    expect(paymentState(sale!)).toBe("on_delivery");
    expect(sale!.address).toMatchObject({ street: "12 MG Road", postal_code: "411001", phone: "9876543210" });
    expect(await salesOf(db, stranger)).toEqual([]);
    const ship = (sellerId: string) => sellerShips(db, { sellerId, itemId: sale!.id, tracking: null, now: new Date() });
    expect(await ship(stranger)).toBeNull();
    // Cash on delivery ships once its buyer confirms it.
    expect(await ship(seller)).toEqual({ kind: "unconfirmed" });
    expect(await buyerConfirmsCod(db, { buyerId: buyer, orderId: (placed as { orderId: string }).orderId, now: new Date() })).toBe("confirmed");
    expect(await ship(seller)).toEqual({ kind: "shipped" });
    expect(await ship(seller)).toEqual({ kind: "shipped-already" });
    const [mine] = await completedOrders(db, buyer);
    expect(mine!.items[0]!.shipped_at).not.toBeNull();
  });
});
