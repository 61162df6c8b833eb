// Issue 65, point 6: a checkout racing an erasure deadlocked (40P01 in the cash-on-delivery
// count's lock) and the buyer got a 500. Both now lock the user row first
// (lockPeople in app/models/store/checkout/orders.server.ts, eraseAccountNow in
// app/models/accounts/personal-data.server.ts), so they take turns: a checkout first is
// placed and the erasure then refused for the open order; an erasure first goes through
// and the checkout answers as any request after it, with the way to log in.
//
// On PostgreSQL each order is forced: a third transaction holds the buyer's cart row while
// the two queue behind it, in the order named, then lets go. (Before the change, the
// checkout took the cart before the user row and the erasure the user row before the cart:
// a deadlock every time.) PGlite runs one transaction at a time, so there the two run one
// after the other, in the same order.
//
// The same for a winner's erasure against the finalisation that makes their prize
// (queuePrizePayouts in app/models/payments/payouts.server.ts says what orders the two):
// erased first, the prize is declined at once; final first, the erasure waits for the prize.
import { eq, like, sql, type SQL } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, getConnection, rowsOf } from "~/db/client.server";
import { email_outbox, marketplace_products, orders, payouts, user_cart, users } from "~/db/schema";
import { eraseAccountNow } from "~/models/accounts/personal-data.server";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import * as checkoutRoute from "~/routes/checkout";
import * as productRoute from "~/routes/store.$id.productdetails";
import { createProduct } from "~/seed/factories.server";
import { call, cookieFrom, formRequest } from "../support/remix";
import { contestWithResults, signedInStudent } from "../support/scenarios";
import { PROVEN_ON_POSTGRESQL } from "../support/locks";

let ip = 0;
const fresh = () => ({ ip: `203.0.113.${(ip++ % 200) + 20}` });
const SHIPPING = { name: "Asha Rao", email: "asha@example.in", phone: "9876543210", address: "12 MG Road", city: "Pune", state: "Maharashtra", zip: "411001" };
const onPostgres = () => getConnection().kind === "postgres";

/** A buyer with one book of `seller`'s in the cart and the shipping step done: the cookie for the payment step. */
async function buyerAtPayment(sellerId: string) {
  const buyer = await signedInStudent();
  const productId = await createProduct(db, { sellerId, title: `Race Book ${Date.now()} ${ip}`, price: 300, category: "Textbooks", stock: 3 });
  await call(productRoute.action as never, formRequest(`/store/${productId}/productdetails`, { intent: "cart-add", quantity: "1" }, buyer.cookie), { ...fresh(), params: { id: productId } });
  const res = await call(checkoutRoute.action as never, formRequest("/checkout", { intent: "shipping", ...SHIPPING }, buyer.cookie), fresh());
  return { ...buyer, productId, cookie: `${buyer.cookie}; ${cookieFrom(res.headers, "__checkout")}` };
}

const payCod = (cookie: string) => call(checkoutRoute.action as never, formRequest("/checkout", { intent: "pay", paymentMethod: "cod", key: crypto.randomUUID() }, cookie), fresh());

/** How many of this database's sessions wait for a lock. */
async function waiting() {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`));
  return row!.n;
}

async function untilWaiting(n: number) {
  // However long it takes a busy machine: the test's timeout is the only bound.
  while ((await waiting()) < n) await new Promise((r) => setTimeout(r, 10));
  expect(await waiting()).toBe(n);
}

/**
 * Runs `first` then `second`, forced to meet on PostgreSQL: a transaction holds the row
 * `held` locks until both wait (first for it, second behind first), then commits.
 */
async function race<A, B>(held: SQL, first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
  if (!onPostgres()) return [await first(), await second()];
  let letGo!: () => void;
  let holding!: () => void;
  const isHeld = new Promise<void>((r) => (holding = r));
  const blocker = db.transaction(async (tx) => {
    await tx.execute(held);
    holding();
    await new Promise<void>((r) => (letGo = r));
  });
  await isHeld;
  const a = first();
  await untilWaiting(1);
  const b = second();
  await untilWaiting(2);
  letGo();
  await blocker;
  return Promise.all([a, b]);
}

const cartOf = (userId: string) => sql`SELECT 1 FROM user_cart WHERE user_id = ${userId} FOR UPDATE`;

test(`${PROVEN_ON_POSTGRESQL} a cash-on-delivery checkout, then its buyer's erasure: the order is placed, the erasure refused for it; no deadlock, no 500`, async () => {
  const seller = await signedInStudent();
  const buyer = await buyerAtPayment(seller.userId);
  const [placed, erased] = await race(cartOf(buyer.userId), () => payCod(buyer.cookie), () => eraseAccountNow(db, buyer.userId, new Date()));
  expect(placed.status).toBe(302);
  expect(placed.location).toMatch(/^\/checkout\?order=/);
  expect(erased).toEqual({ ok: false, reason: "open-order" });
  expect(await db.$count(orders, eq(orders.buyer_id, buyer.userId))).toBe(1);
  const [user] = await db.select().from(users).where(eq(users.id, buyer.userId));
  expect(user!.erased_at).toBeNull();
});

test(`${PROVEN_ON_POSTGRESQL} an erasure, then its buyer's checkout: the account goes, and the buyer is sent to log in as after any erasure, nothing placed`, async () => {
  const seller = await signedInStudent();
  const buyer = await buyerAtPayment(seller.userId);
  const [erased, placed] = await race(cartOf(buyer.userId), () => eraseAccountNow(db, buyer.userId, new Date()), () => payCod(buyer.cookie));
  expect(erased).toEqual({ ok: true });
  expect(placed.status).toBe(302);
  expect(placed.location).toBe("/login?redirectTo=%2Fcheckout");
  expect(await db.$count(orders, eq(orders.buyer_id, buyer.userId))).toBe(0);
  expect(await db.$count(user_cart, eq(user_cart.user_id, buyer.userId))).toBe(0);
  const [book] = await db.select({ stock: marketplace_products.stock }).from(marketplace_products).where(eq(marketplace_products.id, buyer.productId));
  expect(book!.stock).toBe(3);
});

test(`${PROVEN_ON_POSTGRESQL} a checkout, then the erasure of its seller: the order is placed, the seller's erasure refused for the sale; no deadlock`, async () => {
  const seller = await signedInStudent();
  const buyer = await buyerAtPayment(seller.userId);
  // The seller erases while the buyer's order of their book is being placed.
  const [placed, erased] = await race(cartOf(buyer.userId), () => payCod(buyer.cookie), () => eraseAccountNow(db, seller.userId, new Date()));
  expect(placed.location).toMatch(/^\/checkout\?order=/);
  expect(erased).toEqual({ ok: false, reason: "open-order" });
});

const HOUR = 3_600_000;

test(`${PROVEN_ON_POSTGRESQL} a winner erased while the results become final: the prize is declined at once, its tax record kept, nobody mailed, the erasure stands`, async () => {
  const [winner, second] = [await signedInStudent(), await signedInStudent()];
  const start = new Date(Date.now() - 3 * HOUR);
  const { contestId, contest } = await contestWithResults({
    start,
    end: new Date(start.getTime() + HOUR),
    prizePool: { first: 1000, second: 500 },
    students: [
      { userId: winner.userId, correct: 4, minutes: 5 },
      { userId: second.userId, correct: 3, minutes: 5 },
    ],
  });
  const now = new Date();
  // A third transaction holds the winner's row while the erasure, then the finalisation, queue behind it.
  const [erased, finalized] = await race(
    sql`SELECT 1 FROM users WHERE id = ${winner.userId} FOR UPDATE`,
    () => eraseAccountNow(db, winner.userId, now),
    () => finalizeContest(db, contestId, now),
  );
  expect(erased).toEqual({ ok: true });
  expect(finalized).toBe("finalized");
  const rows = await db.select().from(payouts).where(eq(payouts.contest_id, contestId));
  const byUser = Object.fromEntries(rows.map((p) => [p.user_id, [p.gross, p.tax, p.net, p.status, p.declined_at?.toISOString() ?? null]]));
  expect(byUser).toEqual({ [winner.userId]: [1000, 300, 700, "declined", now.toISOString()], [second.userId]: [500, 150, 350, "awaiting_details", null] });
  // Only the winner who is still here is mailed a statement.
  const mails = await db.select({ to: email_outbox.to_address }).from(email_outbox).where(like(email_outbox.subject, `Your prize in ${contest.title}%`));
  expect(mails.map((m) => m.to)).toEqual([second.email]);
  // The declined prize holds nothing: the account stays erased, and a second erasure finds nothing open.
  expect(await eraseAccountNow(db, winner.userId, new Date())).toEqual({ ok: true });
});

test("a winner whose results are final first: their erasure then waits for the prize (a declined prize would let it go)", async () => {
  const winner = await signedInStudent();
  const start = new Date(Date.now() - 3 * HOUR);
  const { contestId } = await contestWithResults({ start, end: new Date(start.getTime() + HOUR), prizePool: { first: 1000 }, students: [{ userId: winner.userId, correct: 4, minutes: 5 }] });
  expect(await finalizeContest(db, contestId, new Date())).toBe("finalized");
  expect(await eraseAccountNow(db, winner.userId, new Date())).toEqual({ ok: false, reason: "prize-waiting" });
  const [user] = await db.select().from(users).where(eq(users.id, winner.userId));
  expect(user!.erased_at).toBeNull();
});
