// An order has a life (issue 32, points 1, 2 and 8): placed → shipped → delivered, or
// cancelled before it ships, then a return within the window; each step by the party it
// belongs to, through the real routes, with the other party's mail, copies back on a
// cancel and a prepaid line refunded once through the ledger's queue. The sweep cancels
// cash-on-delivery lines never shipped and delivers lines nobody confirmed.
import { settleBackground } from "~/services/background.server";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { email_outbox, order_items, orders, refunds, test_gateway_refunds } from "~/db/schema";
import { sendDueRefunds } from "~/models/payments/refunds.server";
import { putInCart } from "~/models/store/cart/cart.server";
import { ORDER_MESSAGES } from "~/models/store/orders/order-life";
import { buyerCancels, sellerShips, sweepOrderLines } from "~/models/store/orders/order-life.server";
import { buyerOrder } from "~/models/store/orders/order-views.server";
import { placeOrder } from "~/models/store/checkout/orders.server";
import * as confirmationRoute from "~/routes/orders.$id.confirmation";
import { PROVEN_ON_POSTGRESQL } from "../support/locks";
import { call, getRequest } from "../support/remix";
import { english } from "../support/words";
import { signedInStudent } from "../support/scenarios";
import { book, buyerStep, DAY, flashOf, gateway, lineOf, mailsTo, order, sellerStep, shipping, stockOf } from "../support/orders";

describe("the whole life, through the pages", () => {
  test("cash on delivery: shipped with tracking, received, a return asked for (a bad reason kept in the form) and received; each step mails the other party", async () => {
    const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
    const product = await book(seller, { price: 420, stock: 2 });
    const { orderId, itemOf } = await order(buyer, [[product, 1]], "cod");
    const itemId = itemOf(product);

    // "I received it" before it ships: refused, nothing moves.
    expect(await flashOf(await buyerStep(buyer, orderId, { intent: "received", itemId }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.notShipped });

    const tooLong = await sellerStep(seller, { intent: "ship", itemId, tracking: "X".repeat(61) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.data).toMatchObject({ itemId, intent: "ship", reply: { error: { tracking: [english(ORDER_MESSAGES.trackingTooLong)] }, initialValue: { tracking: "X".repeat(61) } } });
    expect((await lineOf(itemId)).shipped_at).toBeNull();
    // An India Post article number with a wrong check digit (a typo): the form again, as typed, nothing shipped.
    const mistyped = await sellerStep(seller, { intent: "ship", itemId, tracking: "EZ123456789IN" });
    expect(mistyped.status).toBe(400);
    expect(mistyped.data).toMatchObject({ intent: "ship", reply: { error: { tracking: [english(ORDER_MESSAGES.articleMistyped)] }, initialValue: { tracking: "EZ123456789IN" } } });
    expect((await lineOf(itemId)).shipped_at).toBeNull();
    const shipped = await sellerStep(seller, { intent: "ship", itemId, tracking: " ez123456785in " });
    expect(await flashOf(shipped)).toMatchObject({ kind: "success", message: ORDER_MESSAGES.shipped });
    expect(await lineOf(itemId)).toMatchObject({ tracking_number: "EZ123456785IN", delivered_at: null });
    expect((await mailsTo(buyer.email)).at(-1)).toMatchObject({ subject: expect.stringMatching(/^Shipped: order #/), text: expect.stringContaining("its tracking number is EZ123456785IN") });

    // The buyer can no longer cancel it.
    expect(await flashOf(await buyerStep(buyer, orderId, { intent: "cancel", itemId }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.alreadyShipped });
    expect(await flashOf(await buyerStep(buyer, orderId, { intent: "received", itemId }))).toMatchObject({ kind: "success", message: ORDER_MESSAGES.delivered });
    expect((await lineOf(itemId)).delivered_at).not.toBeNull();
    expect((await mailsTo(seller.email)).at(-1)?.subject).toMatch(/^Delivered: /);

    // A reason that is only spaces and bidi controls: the form again, with the message and what was typed.
    const empty = await buyerStep(buyer, orderId, { intent: "return", itemId, reason: "  \u202e " });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ itemId, intent: "return", reply: { error: { reason: [english(ORDER_MESSAGES.returnReasonRequired)] } } });
    expect((await lineOf(itemId)).return_requested_at).toBeNull();
    expect(await flashOf(await buyerStep(buyer, orderId, { intent: "return", itemId, reason: "Pages 40-60 are missing.\u202e" }))).toMatchObject({ message: ORDER_MESSAGES.returnRequested });
    expect(await lineOf(itemId)).toMatchObject({ return_reason: "Pages 40-60 are missing." });
    expect((await mailsTo(seller.email)).at(-1)).toMatchObject({ subject: expect.stringMatching(/^Return requested: /), text: expect.stringContaining('"Pages 40-60 are missing."') });

    expect(await flashOf(await sellerStep(seller, { intent: "return-received", itemId }))).toMatchObject({ message: ORDER_MESSAGES.returnReceived });
    expect((await lineOf(itemId)).returned_at).not.toBeNull();
    expect((await mailsTo(buyer.email)).at(-1)?.text).toContain("You paid on delivery: the seller settles the cash with you.");
    // Cash was never taken online: nothing is owed back.
    expect(await db.$count(refunds, sql`${refunds.owed_for} = ${`order-line:${itemId}`}`)).toBe(0);

    // The buyer's page shows each step with its time.
    const page = await call(confirmationRoute.loader as never, getRequest(`/orders/${orderId}/confirmation`, buyer.cookie), { params: { id: orderId } });
    expect(page.data.order.items[0]).toMatchObject({ tracking_number: "EZ123456785IN", return_reason: "Pages 40-60 are missing." });
  });

  test("prepaid, two sellers: the buyer cancels one line and the seller of the other can't fulfil it; copies return, each line is refunded once, shipping with the last", async () => {
    const [sellerA, sellerB, buyer] = [await signedInStudent(), await signedInStudent(), await signedInStudent()];
    const a = await book(sellerA, { price: 300, stock: 3 });
    const b = await book(sellerB, { price: 500, stock: 1 });
    const { orderId, itemOf } = await order(buyer, [[a, 2], [b, 1]], "upi");
    const [placed] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(placed).toMatchObject({ status: "completed", subtotal: 1100, shipping: 50, total_amount: 1150 });
    expect(await stockOf(a)).toBe(1);

    const cancelled = await buyerStep(buyer, orderId, { intent: "cancel", itemId: itemOf(a) });
    expect(await flashOf(cancelled)).toMatchObject({ kind: "success", message: ORDER_MESSAGES.cancelledRefund("₹600") });
    expect(await stockOf(a)).toBe(3);
    expect((await mailsTo(sellerA.email)).at(-1)?.subject).toMatch(/^Order cancelled: /);
    // Sent twice (a double click): the second says so and owes nothing more.
    expect(await flashOf(await buyerStep(buyer, orderId, { intent: "cancel", itemId: itemOf(a) }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.alreadyCancelled });

    const noReason = await sellerStep(sellerB, { intent: "cancel", itemId: itemOf(b), reason: "no" });
    expect(noReason.status).toBe(400);
    expect(noReason.data).toMatchObject({ intent: "cancel", reply: { error: { reason: [english(ORDER_MESSAGES.cancelReasonRequired)] }, initialValue: { reason: "no" } } });
    expect(await flashOf(await sellerStep(sellerB, { intent: "cancel", itemId: itemOf(b), reason: "Water damaged the last copy." }))).toMatchObject({ message: ORDER_MESSAGES.sellerCancelled });
    expect(await stockOf(b)).toBe(1);
    expect((await mailsTo(buyer.email)).at(-1)).toMatchObject({ subject: expect.stringMatching(/^Order cancelled: /), text: expect.stringContaining('The seller says: "Water damaged the last copy."') });

    const owed = await db.select({ owed_for: refunds.owed_for, amount: refunds.amount }).from(refunds).where(inArray(refunds.owed_for, [`order-line:${itemOf(a)}`, `order-line:${itemOf(b)}`]));
    expect(owed.sort((x, y) => x.amount - y.amount)).toEqual([
      { owed_for: `order-line:${itemOf(b)}`, amount: 550 },
      { owed_for: `order-line:${itemOf(a)}`, amount: 600 },
    ]);
    // Sent to the gateway once each, however often the sender runs. The cancels kicked a
    // send in the background (kickRefunds): it may hold a refund's lease while the sends
    // below run, so it is waited for, as the page's own work would finish.
    await settleBackground();
    const later = new Date(Date.now() + 60_000);
    await sendDueRefunds(db, gateway, later, 500);
    await sendDueRefunds(db, gateway, new Date(later.getTime() + 10 * 60_000), 500);
    const paymentIds = await db.select({ id: refunds.razorpay_payment_id }).from(refunds).where(eq(refunds.owed_for, `order-line:${itemOf(a)}`));
    const books = await db.select({ amount: test_gateway_refunds.amount }).from(test_gateway_refunds).where(eq(test_gateway_refunds.payment_id, paymentIds[0]!.id));
    expect(books.map((r) => r.amount).sort((x, y) => x - y)).toEqual([550, 600]);

    const list = await call(confirmationRoute.loader as never, getRequest(`/orders/${orderId}/confirmation`, buyer.cookie), { params: { id: orderId } });
    expect(list.data.order.items.map((i: { cancelled_by: string }) => i.cancelled_by).sort()).toEqual(["buyer", "seller"]);
  });

  test("a prepaid line returned is refunded its price, not the shipping", async () => {
    const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
    const product = await book(seller, { price: 250 });
    const { orderId, itemOf } = await order(buyer, [[product, 1]], "upi");
    const itemId = itemOf(product);
    await sellerStep(seller, { intent: "ship", itemId, tracking: "" });
    expect((await lineOf(itemId)).tracking_number).toBeNull();
    await buyerStep(buyer, orderId, { intent: "received", itemId });
    await buyerStep(buyer, orderId, { intent: "return", itemId, reason: "Wrong edition." });
    expect(await flashOf(await sellerStep(seller, { intent: "return-received", itemId }))).toMatchObject({ message: ORDER_MESSAGES.returnReceivedRefund("₹250") });
    expect(await db.select({ amount: refunds.amount }).from(refunds).where(eq(refunds.owed_for, `order-line:${itemId}`))).toEqual([{ amount: 250 }]);
    expect(await flashOf(await sellerStep(seller, { intent: "return-received", itemId }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.noReturnToConfirm });
  });

  test(`the return window closes ${7} days after delivery`, async () => {
    const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
    const product = await book(seller);
    const { orderId, itemOf } = await order(buyer, [[product, 1]], "cod");
    const itemId = itemOf(product);
    await db.update(order_items).set({ shipped_at: new Date(Date.now() - 10 * DAY), delivered_at: new Date(Date.now() - 7 * DAY - 60_000) }).where(eq(order_items.id, itemId));
    expect(await flashOf(await buyerStep(buyer, orderId, { intent: "return", itemId, reason: "Too late now." }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.returnWindowClosed });
    expect((await lineOf(itemId)).return_requested_at).toBeNull();
  });
});

describe("only the parties, and a clear answer to a race", () => {
  test("someone else's order or sale, an item of another order, a malformed id: 404 and nothing changes", async () => {
    const [seller, buyer, stranger] = [await signedInStudent(), await signedInStudent(), await signedInStudent()];
    const product = await book(seller);
    const other = await book(seller);
    const { orderId, itemOf } = await order(buyer, [[product, 1]], "cod");
    const second = await order(buyer, [[other, 1]], "cod");
    const itemId = itemOf(product);
    for (const [who, path, fields] of [
      [stranger, orderId, { intent: "cancel", itemId }],
      [seller, orderId, { intent: "cancel", itemId }],
      [buyer, second.orderId, { intent: "cancel", itemId }],
      [buyer, orderId, { intent: "cancel", itemId: "not-a-uuid" }],
      [buyer, orderId, { intent: "cancel", itemId: "00000000-0000-4000-8000-000000000000" }],
    ] as const) {
      expect((await buyerStep(who, path, fields)).status).toBe(404);
    }
    expect((await sellerStep(stranger, { intent: "ship", itemId })).status).toBe(404);
    expect((await sellerStep(buyer, { intent: "cancel", itemId, reason: "Not mine to cancel." })).status).toBe(404);
    expect((await sellerStep(seller, { intent: "ship", itemId: "1' OR 1=1" })).status).toBe(404);
    expect(await lineOf(itemId)).toMatchObject({ shipped_at: null, cancelled_at: null });
    expect(await stockOf(product)).toBe(2);
  });

  test(`a cancel and a "Mark as shipped" at once: one wins, the other is told ${PROVEN_ON_POSTGRESQL}`, async () => {
    for (let round = 0; round < 4; round++) {
      const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
      const product = await book(seller, { stock: 1 });
      const { orderId, itemOf } = await order(buyer, [[product, 1]], "cod");
      const itemId = itemOf(product);
      const now = new Date();
      const [cancel, ship] = await Promise.all([
        buyerCancels(db, { buyerId: buyer.userId, orderId, itemId, now }),
        sellerShips(db, { sellerId: seller.userId, itemId, tracking: null, now }),
      ]);
      const line = await lineOf(itemId);
      if (cancel?.kind === "cancelled") {
        expect(ship).toEqual({ kind: "cancelled" });
        expect(line).toMatchObject({ shipped_at: null, cancelled_by: "buyer" });
        expect(await stockOf(product)).toBe(1);
      } else {
        expect(cancel).toEqual({ kind: "shipped" });
        expect(ship).toEqual({ kind: "shipped" });
        expect(line.cancelled_at).toBeNull();
        expect(await stockOf(product)).toBe(0);
      }
    }
  });

  test("the seller is told when the buyer cancelled first", async () => {
    const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
    const product = await book(seller);
    const { orderId, itemOf } = await order(buyer, [[product, 1]], "cod");
    await buyerStep(buyer, orderId, { intent: "cancel", itemId: itemOf(product) });
    expect(await flashOf(await sellerStep(seller, { intent: "ship", itemId: itemOf(product) }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.buyerCancelledFirst });
    expect((await lineOf(itemOf(product))).shipped_at).toBeNull();
  });
});

describe("the sweep", () => {
  test("a line not shipped in time is cancelled (copies back, both told, prepaid refunded): cash on delivery 5 days after its confirmation, prepaid 10 after its payment; one shipped 10 days ago is delivered; once each", async () => {
    const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
    const late = await book(seller, { stock: 2 });
    const fresh = await book(seller, { stock: 2 });
    const confirmedLate = await book(seller, { stock: 2 });
    const prepaid = await book(seller, { stock: 2 });
    const stale = await book(seller, { stock: 2, price: 410 });
    const travelling = await book(seller, { stock: 2 });
    const old = await order(buyer, [[late, 1]], "cod");
    const recent = await order(buyer, [[fresh, 1]], "cod");
    // Another buyer: a buyer may have two cash-on-delivery orders open.
    const slow = await order(await signedInStudent(), [[confirmedLate, 1]], "cod");
    const paid = await order(buyer, [[prepaid, 1]], "upi");
    const unsent = await order(buyer, [[stale, 1]], "upi");
    const sent = await order(buyer, [[travelling, 1]], "upi");
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY - 60_000);
    await db.update(orders).set({ created_at: ago(5), cod_confirmed_at: ago(5) }).where(eq(orders.id, old.orderId));
    // Placed six days ago, confirmed by its buyer yesterday: its five days run from the confirmation.
    await db.update(orders).set({ created_at: ago(6), cod_confirmed_at: ago(1) }).where(eq(orders.id, slow.orderId));
    await db.update(orders).set({ created_at: ago(9), completed_at: ago(9) }).where(eq(orders.id, paid.orderId));
    await db.update(orders).set({ created_at: ago(10), completed_at: ago(10) }).where(eq(orders.id, unsent.orderId));
    await db.update(orders).set({ created_at: ago(12) }).where(eq(orders.id, sent.orderId));
    await db.update(order_items).set({ shipped_at: ago(10) }).where(eq(order_items.order_id, sent.orderId));
    const before = await db.$count(email_outbox);

    const swept = await sweepOrderLines(db, now);
    expect(swept.cancelled).toBeGreaterThanOrEqual(2);
    expect(await lineOf(old.itemOf(late))).toMatchObject({ cancelled_by: "system", cancel_reason: "not shipped within 5 days" });
    expect(await stockOf(late)).toBe(2);
    expect((await lineOf(recent.itemOf(fresh))).cancelled_at).toBeNull();
    expect((await lineOf(slow.itemOf(confirmedLate))).cancelled_at).toBeNull();
    // Prepaid: nine days is still the seller's to ship; ten is cancelled and refunded with its shipping, once.
    expect((await lineOf(paid.itemOf(prepaid))).cancelled_at).toBeNull();
    expect(await lineOf(unsent.itemOf(stale))).toMatchObject({ cancelled_by: "system", cancel_reason: "not shipped within 10 days" });
    expect(await stockOf(stale)).toBe(2);
    expect(await db.select({ amount: refunds.amount }).from(refunds).where(eq(refunds.owed_for, `order-line:${unsent.itemOf(stale)}`))).toEqual([{ amount: 460 }]);
    expect((await mailsTo(buyer.email)).filter((m) => m.text.includes("was not shipped in time, so we cancelled it.") && m.text.includes("₹460"))).toHaveLength(1);
    expect((await lineOf(sent.itemOf(travelling))).delivered_at).toEqual(now);
    const mails = await db.select({ to: email_outbox.to_address, subject: email_outbox.subject }).from(email_outbox).where(sql`${email_outbox.created_at} >= ${ago(0).toISOString()}::timestamptz`);
    expect(mails.filter((m) => m.subject.startsWith("Order cancelled")).length).toBeGreaterThanOrEqual(2);
    expect(await db.$count(email_outbox)).toBeGreaterThan(before);

    const again = await sweepOrderLines(db, now);
    const after = await db.$count(email_outbox);
    expect(await sweepOrderLines(db, now)).toEqual(again);
    expect(await db.$count(email_outbox)).toBe(after);
    expect(await db.$count(order_items, and(eq(order_items.id, old.itemOf(late)), eq(order_items.cancelled_by, "system")))).toBe(1);
    expect(await db.$count(refunds, eq(refunds.owed_for, `order-line:${unsent.itemOf(stale)}`))).toBe(1);
  });

  test("parcels that came back never fill the delivery sweep's batch: a hundred and one of them older than a parcel on its way, which is still delivered", async () => {
    const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
    const travelling = await book(seller);
    const { orderId, itemOf } = await order(buyer, [[travelling, 1]], "upi");
    const now = new Date();
    const old = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
    await db.update(order_items).set({ shipped_at: new Date(now.getTime() - 11 * DAY) }).where(eq(order_items.order_id, orderId));
    await db.execute(sql`
      INSERT INTO order_items (order_id, seller_id, title_at_purchase, price_at_purchase, quantity, shipped_at, refused_at)
      SELECT ${orderId}, ${seller.userId}, 'Came back ' || n, 100, 1, ${old(30)}::timestamptz + n * interval '1 minute', ${old(20)}::timestamptz
        FROM generate_series(1, 101) n`);
    await sweepOrderLines(db, now);
    expect((await lineOf(itemOf(travelling))).delivered_at).toEqual(now);
    expect(await db.$count(order_items, and(eq(order_items.order_id, orderId), sql`${order_items.delivered_at} IS NOT NULL`))).toBe(1);
  });

  test("a cancelled cash-on-delivery line frees its place among the open ones", async () => {
    const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
    const books = [await book(seller), await book(seller), await book(seller)];
    const first = await order(buyer, [[books[0]!, 1]], "cod");
    await order(buyer, [[books[1]!, 1]], "cod");
    await putInCart(db, { userId: buyer.userId, productId: books[2]!, quantity: "1" });
    expect((await placeOrder(db, gateway, { userId: buyer.userId, shipping, method: "cod", key: crypto.randomUUID(), now: new Date() })).kind).toBe("refused");
    await buyerStep(buyer, first.orderId, { intent: "cancel", itemId: first.itemOf(books[0]!) });
    expect((await placeOrder(db, gateway, { userId: buyer.userId, shipping, method: "cod", key: crypto.randomUUID(), now: new Date() })).kind).toBe("completed");
    expect((await buyerOrder(db, buyer.userId, first.orderId))!.items[0]!.cancelled_by).toBe("buyer");
  });
});
