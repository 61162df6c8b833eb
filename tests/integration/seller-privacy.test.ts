// Issue 44, point 6: others see only what they need of a seller. The public seller block
// (a guest, another student, even a buyer) shows the name, city, rating and books
// delivered; the phone reaches the buyer of an open order (paid, or confirmed when cash on
// delivery: issue 65, point 7), on that order's page only,
// and goes when the order ends; the address only to the buyer of a return, as where to
// send the book (issue 49, point 7); the e-mail never reaches anyone.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { order_items, profiles } from "~/db/schema";
import * as confirmationRoute from "~/routes/orders.$id.confirmation";
import * as ordersRoute from "~/routes/orders._index";
import * as productRoute from "~/routes/store.$id.productdetails";
import { createDeliveredLine, createProduct } from "~/seed/factories.server";
import { call, getRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";
import { book, buyerStep, gateway, mailsTo, order, shipping } from "../support/orders";
import { putInCart } from "~/models/store/cart/cart.server";
import { placeOrder } from "~/models/store/checkout/orders.server";

const PHONE = "9812345670";
const ADDRESS = "Flat 4B, 17 Residency Road";

async function world() {
  const seller = await signedInStudent({ fullName: "Kavya Menon" });
  await db.update(profiles).set({ phone: PHONE, address: ADDRESS, city: "Bengaluru" }).where(eq(profiles.id, seller.userId));
  const productId = await createProduct(db, { sellerId: seller.userId, title: "Privacy Physics", price: 300, category: "Textbooks" });
  const buyer = await signedInStudent({ fullName: "Ravi Kumar" });
  const line = await createDeliveredLine(db, { buyerId: buyer.userId, productId });
  // Still on its way: shipped, not delivered.
  await db.update(order_items).set({ delivered_at: null }).where(eq(order_items.id, line.itemId));
  return { seller, productId, buyer, line };
}

const productPage = (id: string, cookie?: string) => call(productRoute.loader as never, getRequest(`/store/${id}/productdetails`, cookie), { params: { id } });
const orderPage = (orderId: string, cookie: string) => call(confirmationRoute.loader as never, getRequest(`/orders/${orderId}/confirmation`, cookie), { params: { id: orderId } });
const leaks = (data: unknown, email: string) => {
  const text = JSON.stringify(data);
  return { phone: text.includes(PHONE), address: text.includes("Residency Road"), email: text.includes(email) };
};
const NOTHING = { phone: false, address: false, email: false };

test("the seller block: a guest, another student and the buyer see the name, city, rating and books delivered, and nothing to reach the seller", async () => {
  const { seller, productId, buyer } = await world();
  const stranger = await signedInStudent();
  for (const cookie of [undefined, stranger.cookie, buyer.cookie]) {
    const page = await productPage(productId, cookie);
    expect(page.status).toBe(200);
    expect(page.data.product).toMatchObject({ seller_name: "Kavya Menon", seller_city: "Bengaluru" });
    expect(page.data.sellerRating).toMatchObject({ sales: 0 });
    expect(leaks(page.data, seller.email)).toEqual(NOTHING);
  }
});

test("the buyer of an open order gets the seller's phone on that order's page only; never the address or e-mail; not once the order has arrived", async () => {
  const { seller, productId, buyer, line } = await world();
  const open = await orderPage(line.orderId, buyer.cookie);
  expect(open.status).toBe(200);
  expect(open.data.order.items[0]).toMatchObject({ seller_name: "Kavya Menon", seller_phone: PHONE });
  expect(leaks(open.data, seller.email)).toEqual({ ...NOTHING, phone: true });
  // Not on the list of orders, and not on anyone else's view of this order.
  expect(leaks((await call(ordersRoute.loader as never, getRequest("/orders", buyer.cookie))).data, seller.email)).toEqual(NOTHING);
  const stranger = await signedInStudent();
  expect((await orderPage(line.orderId, stranger.cookie)).status).toBe(404);

  // Delivered: the delivery no longer needs it.
  await db.update(order_items).set({ delivered_at: new Date() }).where(eq(order_items.id, line.itemId));
  const ended = await orderPage(line.orderId, buyer.cookie);
  expect(ended.data.order.items[0]).toMatchObject({ seller_name: "Kavya Menon", seller_phone: null });
  expect(leaks(ended.data, seller.email)).toEqual(NOTHING);
  // A delivered copy counts on the seller block.
  expect((await productPage(productId)).data.sellerRating).toMatchObject({ sales: 1 });
});

test("a cancelled line: the phone goes with it", async () => {
  const { seller, buyer, line } = await world();
  await db.update(order_items).set({ shipped_at: null, cancelled_at: new Date(), cancelled_by: "buyer" }).where(eq(order_items.id, line.itemId));
  const page = await orderPage(line.orderId, buyer.cookie);
  expect(page.data.order.items[0].seller_phone).toBeNull();
  expect(leaks(page.data, seller.email)).toEqual(NOTHING);
});

test("a return asked for: its buyer gets where to send the book (the seller's address and phone) until the seller has it back; nobody else, never the e-mail", async () => {
  const { seller, buyer, line } = await world();
  await db.update(order_items).set({ delivered_at: new Date(), return_requested_at: new Date(), return_reason: "Torn cover" }).where(eq(order_items.id, line.itemId));
  const returning = await orderPage(line.orderId, buyer.cookie);
  expect(returning.data.order.items[0]).toMatchObject({ seller_address: ADDRESS, seller_city: "Bengaluru", seller_phone: PHONE });
  expect(leaks(returning.data, seller.email)).toEqual({ ...NOTHING, phone: true, address: true });
  expect(leaks((await call(ordersRoute.loader as never, getRequest("/orders", buyer.cookie))).data, seller.email)).toEqual(NOTHING);
  const stranger = await signedInStudent();
  expect((await orderPage(line.orderId, stranger.cookie)).status).toBe(404);
  // Received back: the address goes again.
  await db.update(order_items).set({ returned_at: new Date() }).where(eq(order_items.id, line.itemId));
  expect(leaks((await orderPage(line.orderId, buyer.cookie)).data, seller.email)).toEqual(NOTHING);
});

test("no phone before there is an order: a cash-on-delivery order not yet confirmed, or one not yet paid, shows none, on its page or in its mail; once confirmed, its page does (issue 65, point 7)", async () => {
  const { seller } = await world();
  const buyer = await signedInStudent();
  const productId = await book(seller, { price: 420 });
  const { orderId } = await order(buyer, [[productId, 1]], "cod", { confirm: false });
  const placed = await orderPage(orderId, buyer.cookie);
  expect(placed.data.order.items[0]).toMatchObject({ seller_name: "Kavya Menon", seller_phone: null });
  expect(leaks(placed.data, seller.email)).toEqual(NOTHING);
  for (const mail of await mailsTo(buyer.email)) expect(mail.text).not.toContain(PHONE);

  expect((await buyerStep(buyer, orderId, { intent: "confirm-cod" })).status).toBe(302);
  const confirmed = await orderPage(orderId, buyer.cookie);
  expect(confirmed.data.order.items[0]).toMatchObject({ seller_phone: PHONE });

  // Paid online and not yet paid: no order yet, no phone.
  const payer = await signedInStudent();
  await putInCart(db, { userId: payer.userId, productId: await book(seller, { price: 380 }), quantity: "1" });
  const unpaid = await placeOrder(db, gateway, { userId: payer.userId, shipping: { ...shipping, email: payer.email }, method: "upi", key: crypto.randomUUID(), now: new Date() });
  expect(unpaid.kind).toBe("pay");
  const pending = await orderPage((unpaid as { orderId: string }).orderId, payer.cookie);
  expect(pending.data.order.status).toBe("pending");
  expect(leaks(pending.data, seller.email)).toEqual(NOTHING);
});
