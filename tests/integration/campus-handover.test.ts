// Issue 49, point 4: campus hand-over. A buyer whose sellers all live in their city may meet
// them instead of a parcel: no shipping is charged, each line gets a 6-digit code that only
// its buyer sees, and the seller's entry of that code is the delivery. A wrong code counts a
// try; five wrong codes lock the hand-over for good, the right code included.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { order_items, orders, profiles } from "~/db/schema";
import { exportPersonalData } from "~/models/accounts/personal-data.server";
import { putInCart } from "~/models/store/cart/cart.server";
import { placeOrder } from "~/models/store/checkout/orders.server";
import { HANDOVER_TRIES, ORDER_MESSAGES } from "~/models/store/orders/order-life";
import { meetingOffer } from "~/routes/checkout.query.server";
import * as confirmationRoute from "~/routes/orders.$id.confirmation";
import * as myProductsRoute from "~/routes/store.my-products";
import { call, getRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";
import { english } from "../support/words";
import { book, buyerStep, flashOf, gateway, lineOf, mailsTo, sellerStep, shipping, type Person } from "../support/orders";

const livesIn = (who: Person, city: string | null) => db.update(profiles).set({ city }).where(eq(profiles.id, who.userId));

/** A cash-on-delivery order of one copy of each product, met in person in Pune unless `delivery` says otherwise; confirmed by its buyer. */
async function meetOrder(buyer: Person, products: string[], delivery: "ship" | "meet" = "meet") {
  for (const productId of products) await putInCart(db, { userId: buyer.userId, productId, quantity: "1" });
  const placed = await placeOrder(db, gateway, { userId: buyer.userId, shipping: { ...shipping, email: buyer.email, city: " pune " }, method: "cod", delivery, key: crypto.randomUUID(), now: new Date() });
  return placed;
}

describe("who may meet", () => {
  test("offered only when every seller of the cart lives in the buyer's city (case and spaces aside); a forged choice is refused with nothing written", async () => {
    const [near, far, buyer] = [await signedInStudent(), await signedInStudent(), await signedInStudent()];
    await livesIn(near, "Pune");
    await livesIn(far, "Nagpur");
    const a = await book(near);
    const b = await book(far);
    await putInCart(db, { userId: buyer.userId, productId: a, quantity: "1" });
    expect(await meetingOffer(db, buyer.userId, "  PUNE ")).toBe("PUNE");
    expect(await meetingOffer(db, buyer.userId, "Mumbai")).toBeNull();
    await putInCart(db, { userId: buyer.userId, productId: b, quantity: "1" });
    expect(await meetingOffer(db, buyer.userId, "Pune")).toBeNull();

    const before = await db.$count(orders, eq(orders.buyer_id, buyer.userId));
    const forged = await placeOrder(db, gateway, { userId: buyer.userId, shipping: { ...shipping, email: buyer.email }, method: "cod", delivery: "meet", key: crypto.randomUUID(), now: new Date() });
    expect(forged).toMatchObject({ kind: "refused", msg: { id: "checkout.delivery.refused" } });
    expect(await db.$count(orders, eq(orders.buyer_id, buyer.userId))).toBe(before);
    // A seller without a city is never met.
    await livesIn(far, null);
    expect(await meetingOffer(db, buyer.userId, "Pune")).toBeNull();
  });
});

describe("the hand-over", () => {
  test("no shipping, a code per line only its buyer sees; a wrong code counts a try and keeps the form; the right one delivers and mails the buyer", async () => {
    const [seller, buyer, stranger] = [await signedInStudent(), await signedInStudent(), await signedInStudent()];
    await livesIn(seller, "Pune");
    const product = await book(seller, { price: 240 });
    const placed = await meetOrder(buyer, [product]);
    expect(placed.kind).toBe("completed");
    const orderId = (placed as { orderId: string }).orderId;
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ delivery: "meet", subtotal: 240, shipping: 0, total_amount: 240 });
    const [line] = await db.select().from(order_items).where(eq(order_items.order_id, orderId));
    expect(line!.handover_code).toMatch(/^[0-9]{6}$/);
    const code = line!.handover_code!;
    const itemId = line!.id;

    // Cash on delivery: confirmed first, and until then no code is shown and none is taken.
    const early = await call(confirmationRoute.loader as never, getRequest(`/orders/${orderId}/confirmation`, buyer.cookie), { params: { id: orderId } });
    expect(early.data.order.items[0]).toMatchObject({ handover_code: code, delivery: "meet" });
    expect(await flashOf(await sellerStep(seller, { intent: "handover", itemId, code }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.handoverNotNow });
    expect((await lineOf(itemId)).handover_failures).toBe(0);
    await buyerStep(buyer, orderId, { intent: "confirm-cod" });

    // The seller's page never carries the code, and offers no "Mark as shipped".
    const sales = await call(myProductsRoute.loader as never, getRequest("/store/my-products?view=sales", seller.cookie));
    const sale = sales.data.sales.find((s: { id: string }) => s.id === itemId);
    expect(sale).toMatchObject({ delivery: "meet" });
    expect(JSON.stringify(sales.data)).not.toContain(code);
    // Nor does the seller's download of their data; the buyer's has it, as it is theirs.
    expect(JSON.stringify(await exportPersonalData(db, seller.userId, new Date()))).not.toContain(code);
    expect(JSON.stringify(await exportPersonalData(db, buyer.userId, new Date()))).toContain(code);
    expect(await flashOf(await sellerStep(seller, { intent: "ship", itemId, tracking: "" }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.meetNoShip });

    // Not the seller: 404, no try counted. A code of the wrong shape: the form, no try counted.
    expect((await sellerStep(stranger, { intent: "handover", itemId, code })).status).toBe(404);
    const shape = await sellerStep(seller, { intent: "handover", itemId, code: "12ab" });
    expect(shape.status).toBe(400);
    expect(shape.data).toMatchObject({ intent: "handover", reply: { error: { code: [english(ORDER_MESSAGES.handoverCode)] }, initialValue: { code: "12ab" } } });
    expect((await lineOf(itemId)).handover_failures).toBe(0);

    const wrongCode = code === "000000" ? "000001" : "000000";
    const wrong = await sellerStep(seller, { intent: "handover", itemId, code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ reply: { error: { code: [english(ORDER_MESSAGES.handoverWrong(HANDOVER_TRIES - 1))] }, initialValue: { code: wrongCode } } });
    expect(await lineOf(itemId)).toMatchObject({ handover_failures: 1, delivered_at: null });

    // The right code, with the spaces a seller may type: delivered, the return window open, the buyer mailed.
    expect(await flashOf(await sellerStep(seller, { intent: "handover", itemId, code: `${code.slice(0, 3)} ${code.slice(3)}` }))).toMatchObject({ kind: "success", message: ORDER_MESSAGES.handedOver });
    const done = await lineOf(itemId);
    expect(done.delivered_at).not.toBeNull();
    expect(done.shipped_at).toEqual(done.delivered_at);
    expect((await mailsTo(buyer.email)).at(-1)).toMatchObject({ subject: expect.stringMatching(/^Handed over: /) });
    const after = await call(confirmationRoute.loader as never, getRequest(`/orders/${orderId}/confirmation`, buyer.cookie), { params: { id: orderId } });
    expect(after.data.order.items[0].handover_code).toBeNull();
    // Twice: nothing more to hand over.
    expect(await flashOf(await sellerStep(seller, { intent: "handover", itemId, code }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.handoverNotNow });
  });

  test(`${HANDOVER_TRIES} wrong codes lock the hand-over, and then even the right code is refused`, async () => {
    const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
    await livesIn(seller, "Pune");
    const product = await book(seller);
    const placed = await meetOrder(buyer, [product]);
    const orderId = (placed as { orderId: string }).orderId;
    await buyerStep(buyer, orderId, { intent: "confirm-cod" });
    const [line] = await db.select().from(order_items).where(eq(order_items.order_id, orderId));
    const code = line!.handover_code!;
    const wrongCode = code === "999999" ? "999998" : "999999";
    for (let i = 1; i < HANDOVER_TRIES; i++) expect((await sellerStep(seller, { intent: "handover", itemId: line!.id, code: wrongCode })).status).toBe(400);
    expect(await flashOf(await sellerStep(seller, { intent: "handover", itemId: line!.id, code: wrongCode }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.handoverLocked });
    expect(await flashOf(await sellerStep(seller, { intent: "handover", itemId: line!.id, code }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.handoverLocked });
    expect(await lineOf(line!.id)).toMatchObject({ handover_failures: HANDOVER_TRIES, delivered_at: null });
  });

  test("shipped as usual, a line has no code and cannot be handed over", async () => {
    const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
    await livesIn(seller, "Pune");
    const placed = await meetOrder(buyer, [await book(seller)], "ship");
    const orderId = (placed as { orderId: string }).orderId;
    await buyerStep(buyer, orderId, { intent: "confirm-cod" });
    const [line] = await db.select().from(order_items).where(eq(order_items.order_id, orderId));
    expect(line).toMatchObject({ handover_code: null });
    expect((await db.select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({ delivery: "ship", shipping: 50 });
    expect(await flashOf(await sellerStep(seller, { intent: "handover", itemId: line!.id, code: "123456" }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.handoverNotNow });
  });
});
