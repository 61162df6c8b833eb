// Issue 49, point 5: cash on delivery that comes back less. A cash-on-delivery order waits for
// its buyer to confirm it (a button on the order's page, which the order's mail links to) and is
// shipped only then; not confirmed within 24 hours, the sweep cancels it and its copies return.
// A shipped parcel refused at the door comes back into stock, and the seller's figures count each.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { email_outbox, order_items, orders, refunds } from "~/db/schema";
import { ORDER_MESSAGES, UNCONFIRMED_REASON } from "~/models/store/orders/order-life";
import { buyerConfirmsCod, sweepOrderLines } from "~/models/store/orders/order-life.server";
import { codFiguresOf } from "~/models/store/orders/order-views.server";
import { sellerStatement } from "~/models/store/earnings/earnings.server";
import * as confirmationRoute from "~/routes/orders.$id.confirmation";
import * as myProductsRoute from "~/routes/store.my-products";
import { call, getRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";
import { PROVEN_ON_POSTGRESQL } from "../support/locks";
import { book, buyerStep, DAY, flashOf, lineOf, mailsTo, order, sellerStep, stockOf } from "../support/orders";

const HOUR = 60 * 60_000;
const confirmedAt = async (orderId: string) => (await db.select({ at: orders.cod_confirmed_at }).from(orders).where(eq(orders.id, orderId)))[0]!.at;

describe("the buyer confirms, then the seller ships", () => {
  test("unconfirmed, the seller may not ship it; someone else's confirmation or a prepaid order's is a 404 and writes nothing; the buyer's confirms once and the seller is mailed", async () => {
    const [seller, buyer, stranger] = [await signedInStudent(), await signedInStudent(), await signedInStudent()];
    const product = await book(seller, { price: 380, stock: 2 });
    const { orderId, itemOf } = await order(buyer, [[product, 1]], "cod", { confirm: false });
    const itemId = itemOf(product);

    // The buyer's mail asks for the confirmation and links to the order's page.
    const placedMail = (await mailsTo(buyer.email)).at(-1)!;
    expect(placedMail.text).toContain("Please confirm this order within 24 hours");
    expect(placedMail.text).toContain(`/orders/${orderId}/confirmation`);
    expect((await mailsTo(seller.email)).at(-1)!.text).toContain("Wait for the buyer to confirm this cash-on-delivery order before you ship it");

    expect(await flashOf(await sellerStep(seller, { intent: "ship", itemId, tracking: "EZ1" }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.notConfirmedYet });
    expect((await lineOf(itemId)).shipped_at).toBeNull();
    // The seller's page says to wait, and offers no "Mark as shipped".
    const sales = await call(myProductsRoute.loader as never, getRequest("/store/my-products?view=sales", seller.cookie));
    expect(sales.data.sales.find((s: { id: string }) => s.id === itemId)).toMatchObject({ cod_confirmed_at: null });

    expect((await buyerStep(stranger, orderId, { intent: "confirm-cod" })).status).toBe(404);
    expect((await buyerStep(seller, orderId, { intent: "confirm-cod" })).status).toBe(404);
    expect((await buyerStep(buyer, "not-a-uuid", { intent: "confirm-cod" })).status).toBe(404);
    expect(await confirmedAt(orderId)).toBeNull();
    const prepaid = await order(buyer, [[await book(seller), 1]], "upi");
    expect((await buyerStep(buyer, prepaid.orderId, { intent: "confirm-cod" })).status).toBe(404);
    expect(await confirmedAt(prepaid.orderId)).toBeNull();

    // The page asks for it; the buyer confirms; the second press says it is done already.
    const page = await call(confirmationRoute.loader as never, getRequest(`/orders/${orderId}/confirmation`, buyer.cookie), { params: { id: orderId } });
    expect(page.data.order).toMatchObject({ payment_method: "cod", cod_confirmed_at: null });
    expect(await flashOf(await buyerStep(buyer, orderId, { intent: "confirm-cod" }))).toMatchObject({ kind: "success", message: ORDER_MESSAGES.codConfirmed });
    const at = await confirmedAt(orderId);
    expect(at).not.toBeNull();
    expect((await mailsTo(seller.email)).at(-1)).toMatchObject({ subject: expect.stringMatching(/^Confirmed: /), text: expect.stringContaining("The buyer confirmed their cash-on-delivery order") });
    expect(await flashOf(await buyerStep(buyer, orderId, { intent: "confirm-cod" }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.codConfirmedAlready });
    expect(await confirmedAt(orderId)).toEqual(at);

    expect(await flashOf(await sellerStep(seller, { intent: "ship", itemId, tracking: "EZ1" }))).toMatchObject({ kind: "success", message: ORDER_MESSAGES.shipped });
  });
});

describe("24 hours to confirm", () => {
  test("the sweep cancels an order unconfirmed after 24 hours (copies back, both told why), and leaves a confirmed one and one 23 hours old; a late press is refused and cancels it", async () => {
    // Two buyers: one may have at most two cash-on-delivery orders open (COD_MAX_OPEN_ORDERS).
    const [seller, buyer, other] = [await signedInStudent(), await signedInStudent(), await signedInStudent()];
    const [stale, confirmed, young, late] = [await book(seller, { stock: 2 }), await book(seller, { stock: 2 }), await book(seller, { stock: 2 }), await book(seller, { stock: 2 })];
    const a = await order(buyer, [[stale, 1]], "cod", { confirm: false });
    const b = await order(buyer, [[confirmed, 1]], "cod");
    const c = await order(other, [[young, 1]], "cod", { confirm: false });
    const now = new Date();
    await db.update(orders).set({ created_at: new Date(now.getTime() - 24 * HOUR - 60_000) }).where(inArray(orders.id, [a.orderId, b.orderId]));
    await db.update(orders).set({ created_at: new Date(now.getTime() - 23 * HOUR) }).where(eq(orders.id, c.orderId));
    expect(await stockOf(stale)).toBe(1);

    const swept = await sweepOrderLines(db, now);
    expect(swept.unconfirmed).toBeGreaterThanOrEqual(1);
    expect(await lineOf(a.itemOf(stale))).toMatchObject({ cancelled_by: "system", cancel_reason: UNCONFIRMED_REASON });
    expect(await stockOf(stale)).toBe(2);
    expect((await lineOf(b.itemOf(confirmed))).cancelled_at).toBeNull();
    expect((await lineOf(c.itemOf(young))).cancelled_at).toBeNull();
    expect((await mailsTo(buyer.email)).at(-1)!.text).toContain("You did not confirm your cash-on-delivery order");
    expect((await mailsTo(seller.email)).at(-1)!.subject).toMatch(/^Order cancelled: /);
    // Once: a second sweep finds nothing of it to do.
    const mails = await db.$count(email_outbox, eq(email_outbox.to_address, buyer.email));
    await sweepOrderLines(db, now);
    expect(await db.$count(email_outbox, eq(email_outbox.to_address, buyer.email))).toBe(mails);

    // Pressed after the 24 hours but before the sweep came: refused, and cancelled then.
    const d = await order(other, [[late, 1]], "cod", { confirm: false });
    await db.update(orders).set({ created_at: new Date(now.getTime() - 25 * HOUR) }).where(eq(orders.id, d.orderId));
    expect(await flashOf(await buyerStep(other, d.orderId, { intent: "confirm-cod" }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.codTooLate });
    expect(await confirmedAt(d.orderId)).toBeNull();
    expect(await lineOf(d.itemOf(late))).toMatchObject({ cancelled_by: "system", cancel_reason: UNCONFIRMED_REASON });
    expect(await stockOf(late)).toBe(2);
    // The sweep's cancel is shown as what it was.
    const page = await call(confirmationRoute.loader as never, getRequest(`/orders/${a.orderId}/confirmation`, buyer.cookie), { params: { id: a.orderId } });
    expect(page.data.order.items[0]).toMatchObject({ cancelled_by: "system", cancel_reason: UNCONFIRMED_REASON });
  });

  // Issue 65, point 6: the order's lock, which the buyer's late press and the sweep's cancel both take, proven where they can meet.
  test(`${PROVEN_ON_POSTGRESQL} late presses and the sweep at once cancel each line once: its copy back once, one mail each`, async () => {
    const seller = await signedInStudent();
    const now = new Date();
    // Eight buyers' orders of three books each, every one a day and an hour old: each buyer presses as three sweeps run.
    const placed = [];
    for (let i = 0; i < 8; i++) {
      const buyer = await signedInStudent();
      const books = [await book(seller, { stock: 2 }), await book(seller, { stock: 2 }), await book(seller, { stock: 2 })];
      const made = await order(buyer, books.map((b) => [b, 1] as [string, number]), "cod", { confirm: false });
      await db.update(orders).set({ created_at: new Date(now.getTime() - 25 * HOUR) }).where(eq(orders.id, made.orderId));
      placed.push({ buyer, books, made });
    }
    const before = await db.$count(email_outbox, eq(email_outbox.to_address, seller.email));
    const pressed = await Promise.all([
      ...placed.map(({ buyer, made }) => buyerConfirmsCod(db, { buyerId: buyer.userId, orderId: made.orderId, now })),
      sweepOrderLines(db, now),
      sweepOrderLines(db, now),
      sweepOrderLines(db, now),
    ]);
    for (const outcome of pressed.slice(0, placed.length)) expect(["too-late", "cancelled"]).toContain(outcome);
    for (const { books, made } of placed) {
      expect(await confirmedAt(made.orderId)).toBeNull();
      expect(await Promise.all(books.map(stockOf))).toEqual([2, 2, 2]);
      for (const b of books) expect(await lineOf(made.itemOf(b))).toMatchObject({ cancelled_by: "system", cancel_reason: UNCONFIRMED_REASON });
    }
    expect((await db.$count(email_outbox, eq(email_outbox.to_address, seller.email))) - before).toBe(placed.length * 3);
  });
});

describe("refused at the door, and the seller's figures", () => {
  test("a shipped cash-on-delivery parcel refused comes back into stock, is never delivered by the sweep; a prepaid one that came back is refunded its price once; the figures count each", async () => {
    const [seller, buyer, other] = [await signedInStudent(), await signedInStudent(), await signedInStudent()];
    const [refusedBook, deliveredBook, unconfirmedBook, prepaidBook] = [await book(seller, { stock: 2 }), await book(seller, { stock: 2 }), await book(seller, { stock: 2 }), await book(seller, { stock: 2 })];
    const refused = await order(buyer, [[refusedBook, 1]], "cod");
    const delivered = await order(buyer, [[deliveredBook, 1]], "cod");
    await order(other, [[unconfirmedBook, 1]], "cod", { confirm: false });
    const prepaid = await order(buyer, [[prepaidBook, 1]], "upi");
    for (const itemId of [refused.itemOf(refusedBook), delivered.itemOf(deliveredBook), prepaid.itemOf(prepaidBook)]) await sellerStep(seller, { intent: "ship", itemId, tracking: "" });
    await buyerStep(buyer, delivered.orderId, { intent: "received", itemId: delivered.itemOf(deliveredBook) });

    const itemId = refused.itemOf(refusedBook);
    // The buyer is not its seller: a 404, and the line stays shipped.
    expect((await sellerStep(buyer, { intent: "refused", itemId })).status).toBe(404);
    expect((await lineOf(itemId)).refused_at).toBeNull();
    expect(await flashOf(await sellerStep(seller, { intent: "refused", itemId }))).toMatchObject({ kind: "success", message: ORDER_MESSAGES.refused });
    expect((await lineOf(itemId)).refused_at).not.toBeNull();
    expect(await stockOf(refusedBook)).toBe(2);
    // Twice (a double press), or a prepaid parcel: refused, nothing moves.
    expect(await flashOf(await sellerStep(seller, { intent: "refused", itemId }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.notRefusable });
    expect(await stockOf(refusedBook)).toBe(2);
    // Prepaid, it came back undelivered: copies back, its price (not the shipping spent) refunded once, the buyer told.
    const back = prepaid.itemOf(prepaidBook);
    expect(await flashOf(await sellerStep(seller, { intent: "refused", itemId: back }))).toMatchObject({ kind: "success", message: ORDER_MESSAGES.undeliveredRefund("₹300") });
    expect(await flashOf(await sellerStep(seller, { intent: "refused", itemId: back }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.notRefusable });
    expect(await db.select({ amount: refunds.amount }).from(refunds).where(eq(refunds.owed_for, `order-line:${back}`))).toEqual([{ amount: 300 }]);
    expect(await stockOf(prepaidBook)).toBe(2);
    expect((await mailsTo(buyer.email)).at(-1)).toMatchObject({ subject: expect.stringMatching(/^Came back undelivered: /) });
    // Nothing of either is the seller's money: not cash to collect, not held (the earnings statement says "returned").
    const statement = await sellerStatement(db, seller.userId, new Date());
    expect(statement.lines.filter((l) => [itemId, back].includes(l.id)).map((l) => l.where.kind)).toEqual(["returned", "returned"]);
    // The buyer cannot say it arrived, and the sweep's "delivered after 10 days" leaves it.
    expect(await flashOf(await buyerStep(buyer, refused.orderId, { intent: "received", itemId }))).toMatchObject({ kind: "error" });
    await db.update(order_items).set({ shipped_at: new Date(Date.now() - 30 * DAY) }).where(eq(order_items.id, itemId));
    await sweepOrderLines(db, new Date());
    expect((await lineOf(itemId)).delivered_at).toBeNull();

    expect(await codFiguresOf(db, seller.userId)).toEqual({ placed: 3, confirmed: 2, unconfirmed: 0, shipped: 2, delivered: 1, refused: 1 });
    const sales = await call(myProductsRoute.loader as never, getRequest("/store/my-products?view=sales", seller.cookie));
    expect(sales.data.codFigures).toMatchObject({ placed: 3, refused: 1 });
    expect(await codFiguresOf(db, buyer.userId)).toEqual({ placed: 0, confirmed: 0, unconfirmed: 0, shipped: 0, delivered: 0, refused: 0 });
  });
});
