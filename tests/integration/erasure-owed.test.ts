// Issue 65, points 6 and 7: what erasure asks is still open, beside the payout and the open
// order of tests/integration/personal-data.test.ts. A refund the gateway refused is still
// owed, as a failed payout is. A return asked for and not yet received holds both parties'
// erasure (docs/decisions/privacy-personal-data.md): the buyer is owed the refund once the
// book is back, and the return's case (the buyer's words and photo, a seller's dispute) is
// what support decides on. A winner who never gives payout details may decline the prize
// (app/routes/account_.prizes.$id.decline.tsx) and then erase; the prize's record stays.
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { settleBackground } from "~/services/background.server";
import { order_items, payouts, refunds, users } from "~/db/schema";
import { eraseAccountNow } from "~/models/accounts/personal-data.server";
import { paymentGateway } from "~/models/payments/gateway.server";
import { savePayoutDetails } from "~/models/payments/payout-details.server";
import { savePan } from "~/models/payments/tax/pan.server";
import { declinePrize } from "~/models/payments/payouts.server";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import { oweRefund, sendDueRefunds } from "~/models/payments/refunds.server";
import { REFUND_REASONS } from "~/models/refund-reasons";
import { buyerConfirmsDelivery, buyerRequestsReturn, sellerConfirmsReturn, sellerShips } from "~/models/store/orders/order-life.server";
import * as page from "~/routes/account_.data";
import * as decline from "~/routes/account_.prizes.$id.decline";
import { resultsPage } from "~/routes/contest.$id.results.query.server";
import { readFlash } from "~/utils/flash.server";
import { call, cookieFrom, formRequest, getRequest } from "../support/remix";
import { book, gateway, order } from "../support/orders";
import { contestWithResults, signedInStudent } from "../support/scenarios";
import { english, flashInEnglish } from "../support/words";

const PASSWORD = "Erase@Me-2026";
let n = 0;
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);


test("a refund the gateway refused is still owed: erasure is refused, with the message, until support records it refunded by hand", async () => {
  const s = await signedInStudent({ email: `refund-owed${++n}@example.in`, password: PASSWORD });
  // A payment the test gateway never captured: it refuses the refund for good, and it fails at once.
  const paymentId = `pay_elsewhere_erasure_${Date.now()}`;
  await oweRefund(db, { userId: s.userId, gateway: "test", orderId: "order_test_erasure", paymentId, amount: 80, reason: REFUND_REASONS.paymentTwice });
  await sendDueRefunds(db, paymentGateway(), later(1), 500);
  const [refund] = await db.select().from(refunds).where(eq(refunds.razorpay_payment_id, paymentId));
  expect(refund).toMatchObject({ status: "failed" });

  const refused = await call(page.action, formRequest("/account/data", { intent: "erase", password: PASSWORD }, s.cookie));
  expect(refused.status).toBe(409);
  expect(refused.data.error[""]).toEqual([english({ id: "account.data.openRefund" })]);
  expect(english({ id: "account.data.openRefund" })).toBe("A refund is still owed to you: on its way, or waiting for our support team to send it by hand. Your account can be erased once it has been sent.");
  const [user] = await db.select().from(users).where(eq(users.id, s.userId));
  expect(user!.erased_at).toBeNull();

  // Refunded by hand, as docs/admin-sql.md records it: nothing is owed any more.
  await db.update(refunds).set({ status: "sent", gateway_refund_id: `UTR${Date.now()}` }).where(eq(refunds.id, refund!.id));
  expect(await eraseAccountNow(db, s.userId, new Date())).toEqual({ ok: true });
});

test("a return asked for and not yet received holds the buyer's and the seller's erasure; once received, the buyer's refund holds theirs until it is sent", async () => {
  const seller = await signedInStudent({ email: `return-seller${++n}@example.in` });
  const buyer = await signedInStudent({ email: `return-buyer${n}@example.in` });
  const productId = await book(seller, { price: 300 });
  const { orderId, itemOf } = await order(buyer, [[productId, 1]], "upi");
  const itemId = itemOf(productId);
  const now = new Date();
  expect(await sellerShips(db, { sellerId: seller.userId, itemId, tracking: null, now })).toMatchObject({ kind: "shipped" });
  expect(await buyerConfirmsDelivery(db, { buyerId: buyer.userId, orderId, itemId, now })).toMatchObject({ kind: "delivered" });
  expect(await buyerRequestsReturn(db, { buyerId: buyer.userId, orderId, itemId, reason: "Pages 40 to 60 missing.", now })).toMatchObject({ kind: "requested" });

  expect(await eraseAccountNow(db, buyer.userId, new Date())).toEqual({ ok: false, reason: "open-order" });
  expect(await eraseAccountNow(db, seller.userId, new Date())).toEqual({ ok: false, reason: "open-order" });
  const [line] = await db.select().from(order_items).where(eq(order_items.id, itemId));
  expect(line).toMatchObject({ return_reason: "Pages 40 to 60 missing.", returned_at: null });

  // The book is back: the line is done and the buyer's refund owed, and the confirmation's
  // request sends it at once after its answer (kickMoneyBack), before anyone could erase.
  expect(await sellerConfirmsReturn(db, { sellerId: seller.userId, itemId, now: new Date() })).toMatchObject({ kind: "returned", refunded: 300 });
  await settleBackground();
  await sendDueRefunds(db, gateway, later(1), 500);
  expect(await db.select({ status: refunds.status, amount: refunds.amount }).from(refunds).where(eq(refunds.user_id, buyer.userId))).toEqual([{ status: "sent", amount: 300 }]);
  expect(await eraseAccountNow(db, seller.userId, new Date())).toEqual({ ok: true });
  // A refund owed and not yet sent holds the buyer's erasure until it is: one recorded with
  // no sender to take it (the background's send, above, cannot be raced deterministically).
  const [paid] = await db.select({ orderId: refunds.razorpay_order_id, paymentId: refunds.razorpay_payment_id }).from(refunds).where(eq(refunds.user_id, buyer.userId));
  expect(await oweRefund(db, { userId: buyer.userId, gateway: "test", orderId: paid!.orderId, paymentId: paid!.paymentId, owedFor: `${itemId}:postage`, amount: 40, reason: REFUND_REASONS.paymentTwice })).toBe(true);
  expect(await eraseAccountNow(db, buyer.userId, new Date())).toEqual({ ok: false, reason: "open-refund" });
  await db.update(refunds).set({ status: "sent", gateway_refund_id: `UTR${Date.now()}` }).where(eq(refunds.owed_for, `${itemId}:postage`));
  expect(await eraseAccountNow(db, buyer.userId, new Date())).toEqual({ ok: true });
});

const HOUR = 3_600_000;

/** A winner of first prize (₹1,000, ₹300 tax) who never gave payout details; a rival has second. */
async function winnerWaiting() {
  const winner = await signedInStudent({ email: `winner${++n}@example.in`, password: PASSWORD, fullName: `Wasim Khan ${n}` });
  const rival = await signedInStudent({ email: `rival${n}@example.in`, password: PASSWORD });
  const made = await contestWithResults({
    start: new Date(Date.now() - 3 * HOUR),
    end: new Date(Date.now() - 2 * HOUR),
    prizePool: { first: 1000, second: 500 },
    students: [{ userId: winner.userId, correct: 4, minutes: 10 }, { userId: rival.userId, correct: 2, minutes: 10 }],
  });
  expect(await finalizeContest(db, made.contestId, new Date())).toBe("finalized");
  const payoutOf = async (userId: string) => (await db.select().from(payouts).where(eq(payouts.user_id, userId)))[0]!;
  const prize = await payoutOf(winner.userId);
  expect(prize).toMatchObject({ status: "awaiting_details", gross: 1000, tax: 300, net: 700 });
  return { winner, rival, contest: made.contest, prize, payoutOf };
}

const declinePath = (id: string) => `/account/prizes/${id}/decline`;
const postDecline = (cookie: string, id: string, fields: Record<string, string>) => call(decline.action, formRequest(declinePath(id), fields, cookie), { params: { id } });

test("a winner who never gave payout details cannot erase; they decline the prize, said once with a tick and the password, and then can; the prize's record stays", async () => {
  const { winner, contest, prize, payoutOf } = await winnerWaiting();
  const refused = await call(page.action, formRequest("/account/data", { intent: "erase", password: PASSWORD }, winner.cookie));
  expect(refused.status).toBe(409);
  expect(refused.data.error[""]).toEqual([english({ id: "account.data.prizeWaiting" })]);

  // "Your data" lists the prize with its way out.
  const yours = await call(page.loader, getRequest("/account/data", winner.cookie));
  expect(yours.data.prizes).toEqual([{ id: prize.id, title: contest.title, net: 700 }]);

  // The screen says what it is, once.
  const shown = await call(decline.loader, getRequest(declinePath(prize.id), winner.cookie), { params: { id: prize.id } });
  expect(shown.status).toBe(200);
  expect(shown.data.prize).toMatchObject({ id: prize.id, title: contest.title, gross: 1000, tax: 300, net: 700, tax_rate_bp: 3000 });
  expect(english({ id: "account.decline.what" })).toBe(
    "If you decline this prize, it will never be paid to you, now or later, and you cannot take it back. The record of the prize and of its tax stays with us, as the tax law asks, even after your account is erased.",
  );

  // Without the tick, or with a wrong password: said beside the field, nothing written.
  const unticked = await postDecline(winner.cookie, prize.id, { currentPassword: PASSWORD });
  expect(unticked.status).toBe(400);
  expect(unticked.data.error.confirm).toEqual(["Tick the box to decline the prize."]);
  const wrong = await postDecline(winner.cookie, prize.id, { confirm: "on", currentPassword: "not-it" });
  expect(wrong.status).toBe(400);
  expect(wrong.data.error.currentPassword).toEqual(["Your current password is not right"]);
  expect(JSON.stringify(wrong.data)).not.toContain("not-it");
  expect((await payoutOf(winner.userId)).status).toBe("awaiting_details");

  const declined = await postDecline(winner.cookie, prize.id, { confirm: "on", currentPassword: PASSWORD });
  expect(declined.status).toBe(302);
  expect(declined.headers.get("Location")).toBe("/account/data");
  expect(flashInEnglish((await readFlash(getRequest("/", cookieFrom(declined.headers, "__flash")))).flash)).toEqual({ kind: "success", message: `You declined your prize in ${contest.title}. It will not be paid.` });
  const after = await payoutOf(winner.userId);
  expect(after).toMatchObject({ status: "declined", gross: 1000, tax: 300, net: 700, tax_rate_bp: 3000 });
  expect(after.declined_at).toBeInstanceOf(Date);
  // Once: the screen is gone, a second decline changes nothing, and the results say it was declined.
  expect((await call(decline.loader, getRequest(declinePath(prize.id), winner.cookie), { params: { id: prize.id } })).status).toBe(404);
  expect(await declinePrize(db, { userId: winner.userId, payoutId: prize.id, now: new Date() })).toBe(false);
  const results = await resultsPage(db, { contestId: contest.id, userId: winner.userId, tab: "summary", locale: "en", now: new Date() });
  expect(results.statement).toMatchObject({ status: "declined", net: 700 });
  // Payout details and a PAN saved later never send it.
  await savePan(db, winner.userId, { pan: "ABCPW1234F", panName: "Wasim Khan" });
  await savePayoutDetails(db, winner.userId, { method: "upi", upiId: "wasim@okhdfc" });
  expect((await payoutOf(winner.userId)).status).toBe("declined");

  expect(await eraseAccountNow(db, winner.userId, new Date())).toEqual({ ok: true });
  // The tax record outlives the account.
  expect(await payoutOf(winner.userId)).toMatchObject({ status: "declined", gross: 1000, tax: 300, net: 700 });
});

test("only the winner's own prize, and only while it waits: another's, one on its way, earnings and a malformed id are a 404; details saved meanwhile win", async () => {
  const { winner, rival, prize, payoutOf } = await winnerWaiting();
  const rivalPrize = await payoutOf(rival.userId);
  for (const id of [rivalPrize.id, "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
    expect((await call(decline.loader, getRequest(declinePath(id), winner.cookie), { params: { id } })).status, id).toBe(404);
    expect((await postDecline(winner.cookie, id, { confirm: "on", currentPassword: PASSWORD })).status, id).toBe(404);
  }
  expect((await payoutOf(rival.userId)).status).toBe("awaiting_details");
  // A guest goes to log in first.
  expect((await call(decline.loader, getRequest(declinePath(prize.id)), { params: { id: prize.id } })).location).toMatch(/^\/login\?redirectTo=/);

  // A failed payout (the bank refused the details) may be declined too; one queued, processing or paid may not.
  await db.update(payouts).set({ status: "failed", failure_reason: "Account closed" }).where(eq(payouts.id, prize.id));
  expect((await call(decline.loader, getRequest(declinePath(prize.id), winner.cookie), { params: { id: prize.id } })).status).toBe(200);
  for (const status of ["queued", "processing"] as const) {
    await db.update(payouts).set({ status }).where(eq(payouts.id, prize.id));
    expect((await call(decline.loader, getRequest(declinePath(prize.id), winner.cookie), { params: { id: prize.id } })).status, status).toBe(404);
    expect(await declinePrize(db, { userId: winner.userId, payoutId: prize.id, now: new Date() }), status).toBe(false);
  }
  // A seller's earnings are theirs from sales: not a prize to decline.
  await db.execute(sql`UPDATE payouts SET status = 'awaiting_details' WHERE id = ${prize.id}`);
  const [earnings] = await db.insert(payouts).values({ user_id: winner.userId, purpose: "earnings", gross: 400, tax: 0, net: 400, tax_rate_bp: 0, status: "awaiting_details" }).returning();
  expect((await call(decline.loader, getRequest(declinePath(earnings!.id), winner.cookie), { params: { id: earnings!.id } })).status).toBe(404);
  expect(await declinePrize(db, { userId: winner.userId, payoutId: earnings!.id, now: new Date() })).toBe(false);
  await db.delete(payouts).where(eq(payouts.id, earnings!.id));

  // The page read while it waited; details saved in another tab (its PAN given before) queue it; the decline then says so.
  await savePan(db, winner.userId, { pan: "ABCPW1234F", panName: "Wasim Khan" });
  await savePayoutDetails(db, winner.userId, { method: "upi", upiId: "wasim@okhdfc" });
  const late = await postDecline(winner.cookie, prize.id, { confirm: "on", currentPassword: PASSWORD });
  expect(late.status).toBe(404);
  expect((await payoutOf(winner.userId)).status).toBe("queued");
});

test("the decline takes no odd body: empty, 2 MB, a huge index, JSON and a NUL byte get a short 4xx, never a 500, and decline nothing", async () => {
  const { winner, prize, payoutOf } = await winnerWaiting();
  const raw = (body: BodyInit, type = "application/x-www-form-urlencoded") =>
    call(decline.action, new Request(`http://localhost:3000${declinePath(prize.id)}`, { method: "POST", body, headers: { "Content-Type": type, Cookie: winner.cookie } }), { params: { id: prize.id } });
  for (const [what, res] of [
    ["empty", await raw("")],
    ["2 MB", await raw(`confirm=on&currentPassword=${"a".repeat(2 * 1024 * 1024)}`)],
    ["x[99999999]", await raw("confirm=on&x[99999999]=1")],
    ["JSON", await raw(JSON.stringify({ confirm: "on", currentPassword: PASSWORD }), "application/json")],
    // Control characters are removed from every form (app/utils/text.ts): this is the password, without the tick.
    ["NUL", await raw(`confirm=o%00&currentPassword=${encodeURIComponent(`${PASSWORD}\u0000`)}`)],
  ] as const) {
    expect(res.status, what).toBeGreaterThanOrEqual(400);
    expect(res.status, what).toBeLessThan(500);
  }
  expect((await payoutOf(winner.userId)).status).toBe("awaiting_details");
});
