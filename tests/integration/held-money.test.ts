// Issue 49, point 1: the seller is paid only for what arrived and stayed. A prepaid sale's
// share is held at the gateway (the test gateway's books, as Route holds it) from the
// capture; released once, by the sender, when the return window passes without a return;
// reversed when the line is cancelled or returned, and the buyer's refund waits for it, so
// it is paid from the held money. Two senders, a replayed capture and a sender that died
// between the gateway's answer and our write move the money once. Our Route client is
// checked against a local stand-in that speaks its API.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { email_outbox, held_transfers, linked_accounts, payments, refunds, test_gateway_refunds, test_gateway_transfers } from "~/db/schema";
import { settleBackground } from "~/services/background.server";
import { checkoutSignature } from "~/models/payments/gateway.server";
import { nextStep, sendDueTransfers, wantHeld } from "~/models/payments/held-money.server";
import { REFUND_REASONS } from "~/models/refund-reasons";
import { settlePayment } from "~/models/fulfilments.server";
import { oweRefund, sendDueRefunds } from "~/models/payments/refunds.server";
import { linkedAccountOf, routeTransfers, transferGateway, type TransferGateway } from "~/models/payments/transfer-gateway.server";
import { earnDueLines, payOutEarnings, sellerStatement } from "~/models/store/earnings/earnings.server";
import { heldReference, heldSalesOf } from "~/models/store/earnings/held-sales.server";
import { buyerCancels, buyerConfirmsDelivery, buyerRequestsReturn, sellerConfirmsReturn, sellerShips } from "~/models/store/orders/order-life.server";
import { DAY, book, gateway, order, type Person } from "../support/orders";
import { signedInStudent } from "../support/scenarios";
import { startStandIn } from "../support/stand-in";

const transfers = transferGateway()!;
/** Far enough ahead that every earlier row of this file is due; each test reads only its own rows. */
let clock = Date.now() + 60_000;
const later = (ms = 60_000) => new Date((clock += ms));
const books = async (itemIds: string[]) => db.select().from(test_gateway_transfers).where(inArray(test_gateway_transfers.reference, itemIds.map(heldReference)));
const heldOf = async (itemId: string) => (await heldSalesOf(db, [itemId]))[0]!;
const refundOf = async (itemId: string) => (await db.select().from(refunds).where(eq(refunds.owed_for, heldReference(itemId))))[0];

/** Two sellers' books bought in one prepaid order. */
async function twoSellersSold(prices: [number, number] = [400, 250]) {
  const [a, b, buyer] = [await signedInStudent(), await signedInStudent(), await signedInStudent()];
  const [pa, pb] = [await book(a, { price: prices[0] }), await book(b, { price: prices[1] })];
  const placed = await order(buyer, [[pa, 1], [pb, 1]], "upi");
  return { a, b, buyer, orderId: placed.orderId, lineA: placed.itemOf(pa), lineB: placed.itemOf(pb) };
}

/** The gateway paid the buyer back only after it had taken the seller's share back. */
async function reversedBeforeRefunded(itemId: string) {
  const [transfer] = await books([itemId]);
  const sent = (await refundOf(itemId))!;
  const [paid] = await db.select().from(test_gateway_refunds).where(eq(test_gateway_refunds.id, sent.gateway_refund_id!));
  expect(transfer!.reversed_at!.getTime()).toBeLessThanOrEqual(paid!.created_at.getTime());
}

async function deliveredDaysAgo(seller: Person, buyer: Person, orderId: string, itemId: string, days: number) {
  const at = new Date(Date.now() - days * DAY);
  expect(await sellerShips(db, { sellerId: seller.userId, itemId, tracking: null, now: at })).toMatchObject({ kind: "shipped" });
  expect(await buyerConfirmsDelivery(db, { buyerId: buyer.userId, orderId, itemId, now: at })).toMatchObject({ kind: "delivered" });
}

describe("a prepaid sale's money is held at the gateway", () => {
  test("the capture holds each seller's share (price less commission) on hold at the gateway, once, however often the capture is told", async () => {
    const { a, b, orderId, lineA, lineB } = await twoSellersSold();
    const rows = await heldSalesOf(db, [lineA, lineB]);
    expect(rows.map((r) => [r.recipient_id, r.amount, r.goal, r.state, r.gateway]).sort()).toEqual(
      [
        [a.userId, 400, "held", "none", "test"],
        [b.userId, 250, "held", "none", "test"],
      ].sort(),
    );
    // Two senders at once: one transfer per line, each on hold, to each seller's account.
    await Promise.all([sendDueTransfers(db, transfers, later()), sendDueTransfers(db, transfers, later(0))]);
    const made = await books([lineA, lineB]);
    expect(made).toHaveLength(2);
    expect(made.every((t) => t.on_hold && t.releases === 0 && t.reversals === 0)).toBe(true);
    expect(made.find((t) => t.reference === heldReference(lineA))!.account_id).toBe(await linkedAccountOf(db, a.userId, "test"));
    expect((await heldOf(lineA)).state).toBe("held");

    // The payment's capture told again (the callback, then the webhook): nothing more is held.
    const [paid] = await db.select().from(payments).where(eq(payments.order_id, orderId));
    const again = { orderId: paid!.razorpay_order_id, paymentId: paid!.razorpay_payment_id!, now: new Date() };
    expect(await settlePayment(db, { ...again, signature: checkoutSignature(gateway, again.orderId, again.paymentId) })).toMatchObject({ kind: "already" });
    expect(await db.$count(held_transfers, inArray(held_transfers.reference, [heldReference(lineA), heldReference(lineB)]))).toBe(2);
  });

  test("the window passes with no return: released once to the seller's account, shown as released; never in a payout of ours", async () => {
    const { a, buyer, orderId, lineA } = await twoSellersSold([520, 100]);
    await sendDueTransfers(db, transfers, later());
    await deliveredDaysAgo(a, buyer, orderId, lineA, 9);
    expect((await sellerStatement(db, a.userId, new Date())).lines.find((l) => l.id === lineA)!.where.kind).toBe("held");
    expect(await earnDueLines(db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await heldOf(lineA)).toMatchObject({ goal: "released", state: "held" });
    let statement = await sellerStatement(db, a.userId, new Date());
    expect(statement.lines.find((l) => l.id === lineA)!.where.kind).toBe("releasing");
    expect(statement.totals).toMatchObject({ releasing: 520, balance: 0 });
    // Nothing for "Pay me now": the gateway pays it.
    expect((await payOutEarnings(db, a.userId, new Date())).kind).toBe("nothing");

    await Promise.all([sendDueTransfers(db, transfers, later()), sendDueTransfers(db, transfers, later(0))]);
    await sendDueTransfers(db, transfers, later());
    expect(await books([lineA])).toMatchObject([{ on_hold: false, releases: 1, reversals: 0, amount: 520 }]);
    expect(await heldOf(lineA)).toMatchObject({ goal: "released", state: "released" });
    statement = await sellerStatement(db, a.userId, new Date());
    expect(statement.lines.find((l) => l.id === lineA)!.where.kind).toBe("released");
    expect(statement.totals).toMatchObject({ released: 520, releasing: 0, balance: 0 });
  });

  // Issue 65, point 6 (a mutation that survived): released money is the seller's, never asked back. A refund owed for it
  // later (support's goodwill, a late dispute) is paid from the platform's balance at once, never waiting for a reversal
  // that will not come.
  test("released money is never asked back: a late reversal moves nothing, and the refund owed for it is sent at once", async () => {
    const { a, buyer, orderId, lineA } = await twoSellersSold([360, 100]);
    await sendDueTransfers(db, transfers, later());
    await deliveredDaysAgo(a, buyer, orderId, lineA, 9);
    expect(await earnDueLines(db, new Date())).toBeGreaterThanOrEqual(1);
    await sendDueTransfers(db, transfers, later());
    const held = await heldOf(lineA);
    expect(held).toMatchObject({ goal: "released", state: "released" });

    const asked = new Date(clock + 1000);
    await db.transaction(async (tx) => {
      expect(await wantHeld(tx, held.reference, "reversed", asked)).toBe(false);
      await oweRefund(tx, { userId: buyer.userId, gateway: "test", orderId: "order_late", paymentId: held.payment_id, owedFor: held.reference, amount: 360, reason: REFUND_REASONS.line("Book", orderId, "seller") });
    });
    expect(await heldOf(lineA)).toMatchObject({ goal: "released", state: "released" });
    const owed = (await refundOf(lineA))!;
    expect((await sendDueRefunds(db, gateway, later(), 500)).find((r) => r.id === owed.id)).toMatchObject({ outcome: "sent" });
    await sendDueTransfers(db, transfers, later());
    expect(await books([lineA])).toMatchObject([{ releases: 1, reversals: 0 }]);
  });

  test("a return: the held share is reversed, then the buyer's refund is paid from it; a refund owed while the share is still held waits for it", async () => {
    const { a, buyer, orderId, lineA, lineB } = await twoSellersSold([300, 150]);
    await sendDueTransfers(db, transfers, later());
    await deliveredDaysAgo(a, buyer, orderId, lineA, 1);
    expect(await buyerRequestsReturn(db, { buyerId: buyer.userId, orderId, itemId: lineA, reason: "Pages missing", now: new Date() })).toMatchObject({ kind: "requested" });
    expect(await sellerConfirmsReturn(db, { sellerId: a.userId, itemId: lineA, now: new Date() })).toMatchObject({ kind: "returned", refunded: 300 });
    await settleBackground();
    await sendDueTransfers(db, transfers, later());
    await sendDueRefunds(db, gateway, later(), 500);
    expect(await books([lineA])).toMatchObject([{ on_hold: true, amount_reversed: 300, reversals: 1, releases: 0 }]);
    expect(await heldOf(lineA)).toMatchObject({ goal: "reversed", state: "reversed" });
    expect(await refundOf(lineA)).toMatchObject({ status: "sent", amount: 300 });
    await reversedBeforeRefunded(lineA);

    // The wait itself, without the steps' own kicks racing it: a refund owed while the share is still with the seller.
    const parked = new Date(Date.now() + 365 * DAY);
    const held = await heldOf(lineB);
    await db.transaction(async (tx) => {
      await wantHeld(tx, held.reference, "reversed", parked);
      await oweRefund(tx, { userId: buyer.userId, gateway: "test", orderId: "order_x", paymentId: held.payment_id, owedFor: held.reference, amount: 150, reason: REFUND_REASONS.line("Book", orderId, "seller") });
    });
    const owed = (await refundOf(lineB))!;
    expect((await sendDueRefunds(db, gateway, later(), 500)).map((r) => r.id)).not.toContain(owed.id);
    expect((await refundOf(lineB))!.status).toBe("queued");
    await sendDueTransfers(db, transfers, new Date(parked.getTime() + 1000));
    expect((await sendDueRefunds(db, gateway, later(), 500)).find((r) => r.id === owed.id)).toMatchObject({ outcome: "sent" });
    await reversedBeforeRefunded(lineB);

    // Its window passing later releases nothing: the money went back.
    await earnDueLines(db, new Date(Date.now() + 30 * DAY));
    await sendDueTransfers(db, transfers, later());
    expect(await books([lineA])).toMatchObject([{ releases: 0, reversals: 1 }]);
  });

  test("cancelled before the gateway held it: nothing to reverse, and the refund goes; cancelled after: reversed first, then refunded", async () => {
    const first = await twoSellersSold([210, 90]);
    expect(await buyerCancels(db, { buyerId: first.buyer.userId, orderId: first.orderId, itemId: first.lineA, now: new Date() })).toMatchObject({ kind: "cancelled" });
    await settleBackground();
    await sendDueTransfers(db, transfers, later());
    await sendDueRefunds(db, gateway, later(), 500);
    expect(await heldOf(first.lineA)).toMatchObject({ goal: "reversed", state: "reversed", transfer_id: null });
    expect(await books([first.lineA])).toEqual([]);
    expect((await refundOf(first.lineA))!.status).toBe("sent");

    const second = await twoSellersSold([210, 90]);
    await sendDueTransfers(db, transfers, later());
    expect(await buyerCancels(db, { buyerId: second.buyer.userId, orderId: second.orderId, itemId: second.lineB, now: new Date() })).toMatchObject({ kind: "cancelled" });
    await settleBackground();
    await sendDueTransfers(db, transfers, later());
    await sendDueRefunds(db, gateway, later(), 500);
    expect(await books([second.lineB])).toMatchObject([{ amount: 90, amount_reversed: 90, reversals: 1 }]);
    expect((await refundOf(second.lineB))!.status).toBe("sent");
    await reversedBeforeRefunded(second.lineB);
  });

  test("a sender that died after the gateway held the money, before writing it down: the next one finds the transfer by its reference and reverses it", async () => {
    const { buyer, orderId, lineA } = await twoSellersSold([330, 70]);
    const row = await heldOf(lineA);
    // The dead sender's claim, and its call that reached the gateway.
    await db.update(held_transfers).set({ attempts: 1 }).where(eq(held_transfers.id, row.id));
    await transfers.hold(db, { reference: row.reference, paymentId: row.payment_id, accountId: row.account_id, amount: row.amount });
    expect(await buyerCancels(db, { buyerId: buyer.userId, orderId, itemId: lineA, now: new Date() })).toMatchObject({ kind: "cancelled" });
    await settleBackground();
    expect(nextStep({ state: "none", goal: "reversed", attempts: 2 })).toBe("hold");
    expect(nextStep({ state: "none", goal: "reversed", attempts: 1 })).toBe("nothing-to-reverse");
    await sendDueTransfers(db, transfers, later());
    expect(await books([lineA])).toMatchObject([{ amount_reversed: 330, reversals: 1 }]);
    expect(await heldOf(lineA)).toMatchObject({ state: "reversed" });
  });
  test("a sender that was too slow (its lease ran out and another finished the job) records nothing over the other's work", async () => {
    const { a, buyer, orderId, lineA } = await twoSellersSold([260, 40]);
    await deliveredDaysAgo(a, buyer, orderId, lineA, 9);
    await earnDueLines(db, new Date());
    let resume!: () => void;
    const paused = new Promise<void>((r) => (resume = r));
    let reached!: () => void;
    const atGateway = new Promise<void>((r) => (reached = r));
    // The test gateway's own books, reached by a sender that stalls after the gateway answered.
    const calls: string[] = [];
    const slow: TransferGateway = {
      ...transfers,
      hold: async (...args) => {
        const made = await transfers.hold(...args);
        reached();
        await paused;
        return made;
      },
      release: async (...args) => {
        calls.push("release");
        return transfers.release(...args);
      },
      reverse: async (...args) => {
        calls.push("reverse");
        return transfers.reverse(...args);
      },
    };
    const first = later();
    const stalled = sendDueTransfers(db, slow, first);
    await atGateway;
    // Its lease over, another sender takes the row: held, then released.
    await sendDueTransfers(db, transfers, new Date(first.getTime() + 3 * 60_000));
    expect(await heldOf(lineA)).toMatchObject({ state: "released" });
    resume();
    await stalled;
    expect(await heldOf(lineA)).toMatchObject({ state: "released", goal: "released" });
    // Finding the row moved on, it stopped: it did not take the money's state back, nor ask the gateway again.
    expect(calls).toEqual([]);
    expect(await books([lineA])).toMatchObject([{ on_hold: false, releases: 1 }]);
  });
});

describe("with Razorpay: Route", () => {
  let stand: Awaited<ReturnType<typeof startStandIn>>;
  beforeAll(async () => {
    stand = await startStandIn(() => [200, { entity: "collection", count: 0, items: [] }]);
  });
  afterAll(() => stand.close());

  test("a seller Route has not onboarded has no linked account (paid as before); one the operator recorded has theirs", async () => {
    const seller = await signedInStudent();
    expect(await linkedAccountOf(db, seller.userId, "razorpay")).toBeNull();
    await db.insert(linked_accounts).values({ user_id: seller.userId, account_id: "acc_IRQWUleX4BqvYn" });
    expect(await linkedAccountOf(db, seller.userId, "razorpay")).toBe("acc_IRQWUleX4BqvYn");
  });

  test("our client: a transfer on hold from the payment (found by our reference when an earlier answer was lost), released, reversed only by what is left", async () => {
    const route = routeTransfers("rzp_test_key", "secret", stand.baseUrl);
    const from = stand.seen.length;
    stand.answers.push([200, { entity: "collection", count: 0, items: [] }], [200, { entity: "collection", count: 1, items: [{ id: "trf_A1", notes: { reference: "order-line:1" }, on_hold: true }] }]);
    expect(await route.hold(db, { reference: "order-line:1", paymentId: "pay_P1", accountId: "acc_S1", amount: 400 })).toEqual({ transferId: "trf_A1" });
    const [lookup, create] = stand.seen.slice(from);
    expect([lookup!.method, lookup!.path]).toEqual(["GET", "/v1/payments/pay_P1/transfers"]);
    expect([create!.method, create!.path]).toEqual(["POST", "/v1/payments/pay_P1/transfers"]);
    expect(create!.body).toEqual({ transfers: [{ account: "acc_S1", amount: 40000, currency: "INR", notes: { reference: "order-line:1" }, on_hold: true }] });
    expect(create!.headers.authorization).toBe(`Basic ${Buffer.from("rzp_test_key:secret").toString("base64")}`);

    // Tried again after a lost answer: the lookup finds it, nothing is made twice.
    stand.answers.push([200, { entity: "collection", count: 1, items: [{ id: "trf_other", notes: { reference: "order-line:2" } }, { id: "trf_A1", notes: { reference: "order-line:1" } }] }]);
    const before = stand.seen.length;
    expect(await route.hold(db, { reference: "order-line:1", paymentId: "pay_P1", accountId: "acc_S1", amount: 400 })).toEqual({ transferId: "trf_A1" });
    expect(stand.seen.length - before).toBe(1);

    stand.answers.push([200, { id: "trf_A1", on_hold: false }]);
    await route.release(db, "trf_A1");
    expect(stand.seen.at(-1)).toMatchObject({ method: "PATCH", path: "/v1/transfers/trf_A1", body: { on_hold: false } });

    stand.answers.push([200, { id: "trf_B1", amount: 25000, amount_reversed: 10000 }], [200, { id: "rvrsl_1" }]);
    await route.reverse(db, { transferId: "trf_B1", amount: 250 });
    expect(stand.seen.at(-1)).toMatchObject({ method: "POST", path: "/v1/transfers/trf_B1/reversals", body: { amount: 15000 } });
    const after = stand.seen.length;
    stand.answers.push([200, { id: "trf_B1", amount: 25000, amount_reversed: 25000 }]);
    await route.reverse(db, { transferId: "trf_B1", amount: 250 });
    expect(stand.seen.length - after).toBe(1);
  });

  test("a refusal for good stops the row with a mail to support, and the buyer's refund no longer waits for it", async () => {
    const { buyer, orderId, lineA } = await twoSellersSold([180, 60]);
    await sendDueTransfers(db, transfers, later());
    const parked = new Date(Date.now() + 365 * DAY);
    const held = await heldOf(lineA);
    await db.transaction(async (tx) => {
      await wantHeld(tx, held.reference, "reversed", parked);
      await oweRefund(tx, { userId: buyer.userId, gateway: "test", orderId: "order_y", paymentId: held.payment_id, owedFor: held.reference, amount: 180, reason: REFUND_REASONS.line("Book", orderId, "seller") });
    });
    const route = routeTransfers("rzp_test_key", "secret", stand.baseUrl);
    // This row is the test gateway's; a Route refusal is played through the same sender by pointing it at Razorpay's stand-in.
    await db.update(held_transfers).set({ gateway: "razorpay" }).where(eq(held_transfers.reference, heldReference(lineA)));
    stand.answers.push([400, { error: { description: "The transfer has been settled" } }]);
    const id = (await heldOf(lineA)).id;
    expect((await sendDueTransfers(db, route, new Date(parked.getTime() + 1000))).find((o) => o.id === id)).toMatchObject({ state: "failed" });
    const stuck = await heldOf(lineA);
    expect(stuck.failed_at).not.toBeNull();
    expect(stuck.last_error).toContain("The transfer has been settled");
    const mails = await db.select().from(email_outbox).where(eq(email_outbox.subject, `[Held money stuck] ${heldReference(lineA)}`));
    expect(mails).toHaveLength(1);
    expect((await sendDueRefunds(db, gateway, later(), 500)).map((r) => r.id)).toContain((await refundOf(lineA))!.id);
  });
});
