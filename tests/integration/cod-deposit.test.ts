// Issue 49, point 5: an operator's cash-on-delivery deposit (COD_DEPOSIT, here ₹40 on orders
// above ₹300). Such an order pays the deposit online first, and that payment confirms it;
// the whole price is paid at the door (issue 65, point 7). The deposit is refunded once, when every line has ended well
// (delivered, or cancelled before shipping), and kept when a parcel is refused at the door;
// a deposit is no sale, so nothing of it is held for a seller. Orders at or under the bar
// are cash on delivery as before. (The environment is read once per test file: this file
// sets it before the first read, and before its imports.)
import { eq } from "drizzle-orm";
import { afterAll, expect, test, vi } from "vitest";
import { db } from "~/db/client.server";
import { email_outbox, held_transfers, orders, payments, refunds } from "~/db/schema";
import { settlePayment } from "~/models/fulfilments.server";
import { testCapture } from "~/models/payments/gateway.server";
import { sendDueRefunds } from "~/models/payments/refunds.server";
import { putInCart } from "~/models/store/cart/cart.server";
import { placeOrder } from "~/models/store/checkout/orders.server";
import { heldReference } from "~/models/store/earnings/held-sales.server";
import { awaitsConfirmation } from "~/models/store/orders/order-life";
import * as checkoutRoute from "~/routes/checkout";
import * as confirmationRoute from "~/routes/orders.$id.confirmation";
import { settleBackground } from "~/services/background.server";
import { call, cookieFrom, formRequest, getRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";
import { book, buyerStep, gateway, lineOf, sellerStep, shipping, type Person } from "../support/orders";
import { english } from "../support/words";

// Before the imports: the test helpers read the environment as they load.
const before = vi.hoisted(() => {
  const was = { deposit: process.env.COD_DEPOSIT, above: process.env.COD_DEPOSIT_ABOVE };
  process.env.COD_DEPOSIT = "40";
  process.env.COD_DEPOSIT_ABOVE = "300";
  return was;
});
afterAll(() => {
  for (const [name, value] of [["COD_DEPOSIT", before.deposit], ["COD_DEPOSIT_ABOVE", before.above]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const orderOf = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const depositRefund = async (orderId: string) => (await db.select().from(refunds).where(eq(refunds.owed_for, `deposit:${orderId}`)))[0];

/** A cash-on-delivery order of these books (price, seller) by `buyer`, through checkout's model; its deposit paid unless `pay` is false. */
async function codOrder(buyer: Person, lines: Array<[Person, number]>, { pay = true } = {}) {
  const items: Array<{ productId: string; seller: Person }> = [];
  for (const [seller, price] of lines) {
    const productId = await book(seller, { price });
    await putInCart(db, { userId: buyer.userId, productId, quantity: "1" });
    items.push({ productId, seller });
  }
  const placed = await placeOrder(db, gateway, { userId: buyer.userId, shipping: { ...shipping, email: buyer.email }, method: "cod", key: crypto.randomUUID(), now: new Date() });
  if (placed.kind === "completed") return { orderId: placed.orderId, items, placed };
  expect(placed.kind).toBe("pay");
  if (placed.kind !== "pay") throw new Error(placed.kind);
  if (pay) {
    const signed = testCapture(placed.gateway, placed.gatewayOrderId);
    await settlePayment(db, { orderId: signed.razorpay_order_id, paymentId: signed.razorpay_payment_id, signature: signed.razorpay_signature, now: new Date() });
  }
  return { orderId: placed.orderId, items, placed };
}

const itemIdOf = async (orderId: string, productId: string) => (await db.query.order_items.findFirst({ where: (i, { and, eq }) => and(eq(i.order_id, orderId), eq(i.product_id, productId)) }))!.id;

async function shipAndDeliver(buyer: Person, seller: Person, orderId: string, itemId: string) {
  await sellerStep(seller, { intent: "ship", itemId, tracking: "" });
  await buyerStep(buyer, orderId, { intent: "received", itemId });
}

test("above the bar, cash on delivery pays its deposit online first, and that payment is its confirmation; at or under it, nothing changes", async () => {
  const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
  const { orderId, placed } = await codOrder(buyer, [[seller, 400]], { pay: false });
  expect(placed).toMatchObject({ kind: "pay", amount: 40 });
  expect(await orderOf(orderId)).toMatchObject({ status: "pending", payment_method: "cod", deposit: 40, cod_confirmed_at: null });
  const signed = testCapture(gateway, (placed as { gatewayOrderId: string }).gatewayOrderId);
  await settlePayment(db, { orderId: signed.razorpay_order_id, paymentId: signed.razorpay_payment_id, signature: signed.razorpay_signature, now: new Date() });
  const paid = await orderOf(orderId);
  expect(paid).toMatchObject({ status: "completed", deposit: 40, deposit_outcome: null });
  expect(awaitsConfirmation(paid)).toBe(false);
  // A deposit is no sale: nothing of it is held for the seller.
  expect(await db.$count(held_transfers, eq(held_transfers.payment_id, signed.razorpay_payment_id))).toBe(0);
  const [mail] = await db.select().from(email_outbox).where(eq(email_outbox.to_address, buyer.email));
  // The deposit is a guarantee, refunded at the end: the door collects the whole price, shipping included, as the label will (issue 65, point 7).
  expect(mail!.text).toContain(english({ id: "mail.order.deposit", values: { deposit: "₹40", cash: `₹${paid.total_amount}` } }));
  expect(mail!.text).not.toContain(english({ id: "mail.order.confirmCod", values: { hours: 24 } }));
  const page = await call(confirmationRoute.loader as never, getRequest(`/orders/${orderId}/confirmation`, buyer.cookie), { params: { id: orderId } });
  expect(page.data.order).toMatchObject({ deposit: 40, deposit_outcome: null, cash_at_door: 450 });

  // ₹250 and ₹50 of shipping: exactly the bar, so no deposit.
  const small = await codOrder(await signedInStudent(), [[seller, 250]]);
  expect(small.placed.kind).toBe("completed");
  expect(await orderOf(small.orderId)).toMatchObject({ status: "completed", total_amount: 300, deposit: 0, cod_confirmed_at: null });
});

test("every book arrived: the deposit is refunded once; a parcel refused at the door: it is kept", async () => {
  const [a, b, buyer] = [await signedInStudent(), await signedInStudent(), await signedInStudent()];
  const { orderId, items } = await codOrder(buyer, [[a, 250], [b, 180]]);
  const [lineA, lineB] = [await itemIdOf(orderId, items[0]!.productId), await itemIdOf(orderId, items[1]!.productId)];
  await shipAndDeliver(buyer, a, orderId, lineA);
  expect(await depositRefund(orderId)).toBeUndefined();
  await shipAndDeliver(buyer, b, orderId, lineB);
  expect(await depositRefund(orderId)).toMatchObject({ amount: 40, reason_code: "cod_deposit", status: "queued" });
  expect((await orderOf(orderId)).deposit_outcome).toBe("refunded");
  await settleBackground();
  await sendDueRefunds(db, gateway, new Date(Date.now() + 60_000), 500);
  expect((await depositRefund(orderId))!.status).toBe("sent");
  // Nothing more happens to it, whatever comes later.
  await buyerStep(buyer, orderId, { intent: "return", itemId: lineA, reason: "Pages missing." });
  expect(await db.$count(refunds, eq(refunds.owed_for, `deposit:${orderId}`))).toBe(1);

  const [c, d, other] = [await signedInStudent(), await signedInStudent(), await signedInStudent()];
  const refused = await codOrder(other, [[c, 260], [d, 190]]);
  const [lineC, lineD] = [await itemIdOf(refused.orderId, refused.items[0]!.productId), await itemIdOf(refused.orderId, refused.items[1]!.productId)];
  await shipAndDeliver(other, c, refused.orderId, lineC);
  await sellerStep(d, { intent: "ship", itemId: lineD, tracking: "" });
  await sellerStep(d, { intent: "refused", itemId: lineD });
  expect((await lineOf(lineD)).refused_at).not.toBeNull();
  expect(await orderOf(refused.orderId)).toMatchObject({ deposit_outcome: "kept" });
  expect(await depositRefund(refused.orderId)).toBeUndefined();
});

test("cancelled before it ships, by the buyer: the deposit comes back with the last line", async () => {
  const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
  const { orderId, items } = await codOrder(buyer, [[seller, 500]]);
  const itemId = await itemIdOf(orderId, items[0]!.productId);
  expect((await buyerStep(buyer, orderId, { intent: "cancel", itemId })).status).toBe(302);
  expect(await depositRefund(orderId)).toMatchObject({ amount: 40, reason_code: "cod_deposit" });
  expect(await orderOf(orderId)).toMatchObject({ deposit_outcome: "refunded" });
  const [payment] = await db.select().from(payments).where(eq(payments.order_id, orderId));
  expect(payment!.amount).toBe(40);
  expect(await db.$count(held_transfers, eq(held_transfers.reference, heldReference(itemId)))).toBe(0);
});

test("checkout says it before payment: the deposit now, the whole price at the door, and when the deposit comes back", async () => {
  const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
  await putInCart(db, { userId: buyer.userId, productId: await book(seller, { price: 450 }), quantity: "1" });
  const step1 = await call(checkoutRoute.action as never, formRequest("/checkout", { intent: "shipping", name: "Asha Rao", email: buyer.email, phone: "9876543210", address: "12 MG Road", city: "Pune", state: "Maharashtra", zip: "411001" }, buyer.cookie));
  const cookie = `${buyer.cookie}; ${cookieFrom(step1.headers, "__checkout")}`;
  const page = (await call(checkoutRoute.loader as never, getRequest("/checkout?step=payment", cookie))).data;
  const total = page.cart.totals.total as number;
  expect(page.codNote).toBe(english({ id: "checkout.payment.codDeposit", values: { amount: `₹${total}`, deposit: "₹40" } }));
});
