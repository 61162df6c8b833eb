// Issue 65, points 6 and 7: what erasure asks is still open, beside the payout and the open
// order of tests/integration/personal-data.test.ts. A refund the gateway refused is still
// owed, as a failed payout is. A return asked for and not yet received holds both parties'
// erasure (docs/decisions/privacy-personal-data.md): the buyer is owed the refund once the
// book is back, and the return's case (the buyer's words and photo, a seller's dispute) is
// what support decides on.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { order_items, refunds, users } from "~/db/schema";
import { eraseAccountNow } from "~/models/accounts/personal-data.server";
import { paymentGateway } from "~/models/payments/gateway.server";
import { oweRefund, sendDueRefunds } from "~/models/payments/refunds.server";
import { REFUND_REASONS } from "~/models/refund-reasons";
import { buyerConfirmsDelivery, buyerRequestsReturn, sellerConfirmsReturn, sellerShips } from "~/models/store/orders/order-life.server";
import * as page from "~/routes/account_.data";
import { call, formRequest } from "../support/remix";
import { book, gateway, order } from "../support/orders";
import { signedInStudent } from "../support/scenarios";
import { english } from "../support/words";

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

  // The book is back: the line is done, and the buyer's refund is owed until it is sent.
  expect(await sellerConfirmsReturn(db, { sellerId: seller.userId, itemId, now: new Date() })).toMatchObject({ kind: "returned", refunded: 300 });
  expect(await eraseAccountNow(db, buyer.userId, new Date())).toEqual({ ok: false, reason: "open-refund" });
  expect(await eraseAccountNow(db, seller.userId, new Date())).toEqual({ ok: true });
  await sendDueRefunds(db, gateway, later(1), 500);
  expect(await db.select({ status: refunds.status, amount: refunds.amount }).from(refunds).where(eq(refunds.user_id, buyer.userId))).toEqual([{ status: "sent", amount: 300 }]);
  expect(await eraseAccountNow(db, buyer.userId, new Date())).toEqual({ ok: true });
});
