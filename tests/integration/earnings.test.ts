// Sellers get paid (issue 32, points 4 and 8): a prepaid line becomes earnings once its
// return window has passed, less the commission; earnings go out in one payout per
// seller, on the schedule or when asked, through the payout sender, exactly once under
// retries and two at once; the statement shows each line and payout; cash on delivery
// is shown, never paid out; nobody is paid for someone else's sales.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { email_outbox, order_items, payouts, seller_payout_lines, test_gateway_payouts } from "~/db/schema";
import { savePayoutDetails } from "~/models/payments/payout-details.server";
import { payoutGateway } from "~/models/payments/payout-gateway.server";
import { pollPayouts, sendDuePayouts } from "~/models/payments/payout-sender.server";
import { commissionOn, earnDueLines, payOutDueEarnings, payOutEarnings, sellerStatement } from "~/models/store/earnings/earnings.server";
import * as myProductsRoute from "~/routes/store.my-products";
import { createDeliveredLine, createProduct } from "~/seed/factories.server";
import { PROVEN_ON_POSTGRESQL } from "../support/locks";
import { flashOf } from "../support/words";
import { call, formRequest, getRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";

const DAY = 24 * 60 * 60_000;
const gateway = payoutGateway()!;
let n = 0;
type Person = Awaited<ReturnType<typeof signedInStudent>>;

/** A line of `price` sold by `seller`, delivered `daysAgo` days ago, paid online unless `cod`. */
async function sold(seller: Person, input: { price: number; daysAgo: number; cod?: boolean }) {
  const buyer = await signedInStudent();
  const productId = await createProduct(db, { sellerId: seller.userId, title: `Earning Book ${++n}`, price: input.price, category: "Textbooks" });
  const line = await createDeliveredLine(db, { buyerId: buyer.userId, productId, daysAgo: input.daysAgo, method: input.cod ? "cod" : "upi" });
  return line.itemId;
}

const askPayout = (seller: Person) => call(myProductsRoute.action as never, formRequest("/store/my-products?view=earnings", { intent: "payout" }, seller.cookie));
const lineOf = async (id: string) => (await db.select().from(order_items).where(eq(order_items.id, id)))[0]!;

describe("earnings", () => {
  test("a prepaid line past its 7-day return window is earned less the commission; one in the window, one with a return asked, and cash on delivery are not", async () => {
    const seller = await signedInStudent();
    const past = await sold(seller, { price: 455, daysAgo: 8 });
    const inWindow = await sold(seller, { price: 300, daysAgo: 6 });
    const returning = await sold(seller, { price: 200, daysAgo: 8 });
    await db.update(order_items).set({ return_requested_at: new Date(Date.now() - 7 * DAY), return_reason: "Torn." }).where(eq(order_items.id, returning));
    const cash = await sold(seller, { price: 150, daysAgo: 30, cod: true });
    // Cash on delivery shipped and not yet delivered: the cash is still the buyer's (issue 65, point 7).
    const onItsWay = await sold(seller, { price: 90, daysAgo: 1, cod: true });
    await db.update(order_items).set({ delivered_at: null }).where(eq(order_items.id, onItsWay));

    await earnDueLines(db, new Date(), 10);
    expect(await lineOf(past)).toMatchObject({ commission: 46 }); // 10% of ₹455, to the nearest rupee
    expect((await lineOf(past)).earned_at).not.toBeNull();
    for (const id of [inWindow, returning, cash]) expect((await lineOf(id)).earned_at, id).toBeNull();
    // Run again (another instance, a restart): nothing changes, the commission of the day stays.
    await earnDueLines(db, new Date(), 20);
    expect((await lineOf(past)).commission).toBe(46);

    const statement = await sellerStatement(db, seller.userId, new Date());
    // Lines not yet earned show today's commission (0% here, the default): held ₹300 + ₹200.
    expect(statement.totals).toEqual({ balance: 409, held: 500, releasing: 0, released: 0, cash: 150 });
    const words = Object.fromEntries(statement.lines.map((l) => [l.id, l.where.kind]));
    expect(words).toEqual({ [past]: "earned", [inWindow]: "held", [returning]: "return-asked", [cash]: "cash", [onItsWay]: "cash-due" });
    expect(commissionOn(100, 0)).toBe(0);
    expect(commissionOn(10, 50)).toBe(5);
  });

  test("asked for, the balance goes out once to the seller's own payout details, with its bank reference on the statement; asked again, there is nothing to pay", async () => {
    const seller = await signedInStudent();
    const a = await sold(seller, { price: 300, daysAgo: 9 });
    const b = await sold(seller, { price: 250, daysAgo: 12 });
    await earnDueLines(db, new Date(), 0);

    // No payout details yet: the payout waits for them.
    const waiting = await askPayout(seller);
    expect(await flashOf(waiting)).toMatchObject({ message: "₹550 is ready for you: add your payout details in My Account and it is sent at once." });
    const [made] = await db.select().from(payouts).where(eq(payouts.user_id, seller.userId));
    expect(made).toMatchObject({ purpose: "earnings", contest_id: null, gross: 550, tax: 0, net: 550, status: "awaiting_details" });
    expect((await db.select({ id: seller_payout_lines.order_item_id }).from(seller_payout_lines).where(eq(seller_payout_lines.payout_id, made!.id))).map((l) => l.id).sort()).toEqual([a, b].sort());
    expect(await flashOf(await askPayout(seller))).toMatchObject({ message: "There is nothing to pay you yet." });

    await savePayoutDetails(db, seller.userId, { method: "upi", upiId: "seller@okaxis" });
    // New details are held for a day: a seller's earnings as much as a prize.
    expect(await sendDuePayouts(db, gateway, new Date(), 500)).toContainEqual({ id: made!.id, outcome: "held" });
    expect(await db.$count(test_gateway_payouts, eq(test_gateway_payouts.idempotency_key, `${made!.id}.1`))).toBe(0);
    await sendDuePayouts(db, gateway, new Date(Date.now() + 25 * 60 * 60_000), 500);
    await pollPayouts(db, gateway, new Date(Date.now() + 26 * 60 * 60_000), 500);
    const [sent] = await db.select().from(payouts).where(eq(payouts.id, made!.id));
    expect(sent).toMatchObject({ status: "paid" });
    expect(sent!.bank_reference).toMatch(/^[0-9]{12}$/);
    expect(await db.select({ amount: test_gateway_payouts.amount }).from(test_gateway_payouts).where(eq(test_gateway_payouts.idempotency_key, `${made!.id}.1`))).toEqual([{ amount: 550 }]);
    const mail = await db.select({ subject: email_outbox.subject }).from(email_outbox).where(eq(email_outbox.to_address, seller.email));
    expect(mail.map((m) => m.subject)).toContain("Your marketplace earnings are paid: ₹550");

    const statement = await sellerStatement(db, seller.userId, new Date());
    expect(statement.totals.balance).toBe(0);
    expect(statement.payouts).toEqual([expect.objectContaining({ net: 550, status: "paid", bank_reference: sent!.bank_reference })]);
    expect(statement.lines.every((l) => l.where.kind === "in-payout")).toBe(true);
  });

  test("the schedule pays a seller whose last payout is a week old, not one paid this week", async () => {
    const [weekly, recent] = [await signedInStudent(), await signedInStudent()];
    await sold(weekly, { price: 120, daysAgo: 10 });
    await sold(recent, { price: 80, daysAgo: 10 });
    await db.insert(payouts).values({ user_id: recent.userId, purpose: "earnings", gross: 10, tax: 0, net: 10, tax_rate_bp: 0, status: "paid", bank_reference: "123456789012", created_at: new Date(Date.now() - 2 * DAY) });
    await earnDueLines(db, new Date(), 0);
    const made = await payOutDueEarnings(db, new Date(), 10_000);
    expect(made.find((m) => m.sellerId === weekly.userId)).toMatchObject({ amount: 120 });
    expect(made.find((m) => m.sellerId === recent.userId)).toBeUndefined();
    // A week on, the second seller's turn.
    const later = await payOutDueEarnings(db, new Date(Date.now() + 6 * DAY), 10_000);
    expect(later.find((m) => m.sellerId === recent.userId)).toMatchObject({ amount: 80 });
    expect(later.find((m) => m.sellerId === weekly.userId)).toBeUndefined();
  });

  test(`the schedule and the seller's request at once make one payout; each line is paid once ${PROVEN_ON_POSTGRESQL}`, async () => {
    for (let round = 0; round < 3; round++) {
      const seller = await signedInStudent();
      const lines = [await sold(seller, { price: 100, daysAgo: 9 }), await sold(seller, { price: 60, daysAgo: 9 })];
      await earnDueLines(db, new Date(), 0);
      await Promise.all([payOutEarnings(db, seller.userId, new Date()), payOutEarnings(db, seller.userId, new Date()), payOutDueEarnings(db, new Date(), 10_000)]);
      const made = await db.select({ net: payouts.net }).from(payouts).where(eq(payouts.user_id, seller.userId));
      expect(made).toEqual([{ net: 160 }]);
      expect(await db.$count(seller_payout_lines, inArray(seller_payout_lines.order_item_id, lines))).toBe(2);
    }
  });

  test("the Earnings view shows only the signed-in seller's own sales and payouts", async () => {
    const [seller, other] = [await signedInStudent(), await signedInStudent()];
    const mine = await sold(seller, { price: 300, daysAgo: 9 });
    await sold(other, { price: 999, daysAgo: 9 });
    await earnDueLines(db, new Date(), 0);
    const page = await call(myProductsRoute.loader as never, getRequest("/store/my-products?view=earnings", seller.cookie));
    expect(page.data.statement.lines.map((l: { id: string }) => l.id)).toEqual([mine]);
    expect(page.data.statement.totals.balance).toBe(300);
    expect(page.data.hasDetails).toBe(false);
    // Asking is about oneself only: a request cannot name another seller.
    await call(myProductsRoute.action as never, formRequest("/store/my-products?view=earnings", { intent: "payout", sellerId: other.userId }, seller.cookie));
    expect(await db.$count(payouts, eq(payouts.user_id, other.userId))).toBe(0);
  });
});
