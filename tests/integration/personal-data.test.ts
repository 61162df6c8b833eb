// Issue 46, point 5: every person's data in their own hands. The download holds what we
// keep about them (and no secret of the system); erasure asks for the password, is
// refused while money or an order is open, removes personal data at once, keeps the money
// records with the name replaced and the results nameless (nobody's rank moves), and
// only ever erases the signed-in user's own account. Both databases.
import { eq, inArray, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, rowsOf } from "~/db/client.server";
import { contest_results, order_items, orders, payout_details, payouts, profiles, sessions, user_cart, users } from "~/db/schema";
import { attemptLogin } from "~/models/accounts/account.server";
import { eraseAccount } from "~/models/accounts/personal-data.server";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import * as download from "~/routes/account_.data[.]json";
import * as page from "~/routes/account_.data";
import { createDeliveredLine, createProduct, createUser } from "~/seed/factories.server";
import { readFlash } from "~/utils/flash.server";
import { call, cookieFrom, formRequest, getRequest } from "../support/remix";
import { contestWithResults, signedInStudent } from "../support/scenarios";
import { english, flashInEnglish } from "../support/words";

const PASSWORD = "Erase@Me-2026";
const HOUR = 3_600_000;
let n = 0;

/** A student with a profile, a prize (paid), a delivered order, payout details and a cart, ranked 2nd of 3. */
async function studentWithAHistory() {
  const s = await signedInStudent({ email: `erase${++n}@example.in`, fullName: `Kavya Menon ${n}`, password: PASSWORD });
  await db.update(profiles).set({ phone: "9876543210", address: "12 MG Road", city: "Kochi" }).where(eq(profiles.id, s.userId));
  const made = await contestWithResults({
    start: new Date(Date.now() - 3 * HOUR),
    end: new Date(Date.now() - 2 * HOUR),
    prizePool: { first: 300, second: 200 },
    students: [{ correct: 4, minutes: 10 }, { userId: s.userId, correct: 3, minutes: 10 }, { correct: 1, minutes: 10 }],
  });
  expect(await finalizeContest(db, made.contestId, new Date())).toBe("finalized");
  const seller = await createUser(db, { email: `seller${n}@example.in`, passwordHash: "x", fullName: "Seller" });
  const book = await createProduct(db, { sellerId: seller, title: `Erasure Book ${n}`, price: 200, category: "Books" });
  await createDeliveredLine(db, { buyerId: s.userId, productId: book, daysAgo: 30 });
  const bought = await createDeliveredLine(db, { buyerId: s.userId, productId: await createProduct(db, { sellerId: seller, title: `Returned Book ${n}`, price: 120, category: "Books" }), daysAgo: 30 });
  // Words the person wrote on lines others keep: a return's reason as a buyer, a cancel's as a seller.
  await db.update(order_items).set({ return_requested_at: new Date(Date.now() - 25 * 24 * HOUR), return_reason: `Kavya's return words ${n}`, returned_at: new Date(Date.now() - 24 * 24 * HOUR) }).where(eq(order_items.id, bought.itemId));
  const own = await createProduct(db, { sellerId: s.userId, title: `Kavya's Book ${n}`, price: 150, category: "Books" });
  const sold = await createDeliveredLine(db, { buyerId: seller, productId: own, daysAgo: 30 });
  await db.update(order_items).set({ shipped_at: null, delivered_at: null, cancelled_at: new Date(), cancelled_by: "seller", cancel_reason: `Kavya's cancel words ${n}` }).where(eq(order_items.id, sold.itemId));
  await db.insert(payout_details).values({ user_id: s.userId, method: "bank", account_holder: `Kavya Menon ${n}`, account_number: "123456789012", ifsc: "HDFC0001234" });
  await db.insert(user_cart).values({ user_id: s.userId, product_id: book, quantity: 1 });
  const ranks = () => db.select({ user_id: contest_results.user_id, rank: contest_results.rank, score: contest_results.score }).from(contest_results).where(eq(contest_results.contest_id, made.contestId));
  return { ...s, fullName: `Kavya Menon ${n}`, contestId: made.contestId, ranks, lines: [bought.itemId, sold.itemId] };
}

test("the download holds the person's account, profile, results, orders, payouts and payout details, and no hash or full account number", async () => {
  const s = await studentWithAHistory();
  const res = await call(download.loader, getRequest("/account/data.json", s.cookie));
  expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="studyarena-data-\d{4}-\d{2}-\d{2}\.json"$/);
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  const data = JSON.parse(res.data);
  expect(data.account).toMatchObject({ email: s.email, language: "en" });
  expect(data.profile).toMatchObject({ full_name: s.fullName, phone: "9876543210", address: "12 MG Road", city: "Kochi" });
  expect(data.results).toEqual([expect.objectContaining({ contest_id: s.contestId, rank: 2, score: 3, prize_amount: 200 })]);
  expect(data.orders).toHaveLength(2);
  expect(data.order_lines).toHaveLength(2);
  // And the lines they sold, with the words they wrote on them.
  expect(data.sales).toEqual([expect.objectContaining({ cancelled_by: "seller", cancel_reason: expect.stringMatching(/^Kavya's cancel words/) })]);
  expect(data.payouts).toEqual([expect.objectContaining({ gross: 200, status: "awaiting_details" })]);
  expect(data.payout_details).toMatchObject({ method: "bank", account_number: "••••9012", ifsc: "HDFC0001234" });
  expect(data.sessions).toHaveLength(1);
  expect(data.consents).toEqual([]);
  const text = res.data as string;
  for (const secret of ["password_hash", "123456789012", "idempotency_key"]) expect(text).not.toContain(secret);
  // A guest goes to log in first.
  expect((await call(download.loader, getRequest("/account/data.json"))).location).toBe("/login?redirectTo=%2Faccount%2Fdata");
});

test("erasure is refused with a clear message while a payout is open, and with a wrong password; nothing is written", async () => {
  const s = await studentWithAHistory();
  const wrong = await call(page.action, formRequest("/account/data", { intent: "erase", password: "not-it" }, s.cookie));
  expect(wrong.status).toBe(409);
  expect(wrong.data.error.password).toEqual(["Your current password is not right"]);
  const open = await call(page.action, formRequest("/account/data", { intent: "erase", password: PASSWORD }, s.cookie));
  expect(open.status).toBe(409);
  // The prize waits for payout details: the winner may add them, or decline it (tests/integration/erasure-owed.test.ts).
  expect(open.data.error[""]).toEqual([english({ id: "account.data.prizeWaiting" })]);
  const empty = await call(page.action, formRequest("/account/data", { intent: "erase" }, s.cookie));
  expect(empty.status).toBe(400);
  const [user] = await db.select().from(users).where(eq(users.id, s.userId));
  expect(user).toMatchObject({ email: s.email, erased_at: null });

  // A failed payout waits for new details: the person is still owed it, so it holds erasure too.
  await db.update(payouts).set({ status: "failed", failure_reason: "Account closed" }).where(eq(payouts.user_id, s.userId));
  expect(await eraseAccount(db, { userId: s.userId, password: PASSWORD, now: new Date() })).toEqual({ ok: false, reason: "prize-waiting" });
  // On its way: nothing to decline, it holds erasure until it is paid.
  await db.update(payouts).set({ status: "queued" }).where(eq(payouts.user_id, s.userId));
  expect(await eraseAccount(db, { userId: s.userId, password: PASSWORD, now: new Date() })).toEqual({ ok: false, reason: "open-payout" });

  // An open order line (shipped, not delivered) holds it too.
  await db.update(payouts).set({ status: "paid", bank_reference: "UTR0001" }).where(eq(payouts.user_id, s.userId));
  await db.execute(sql`UPDATE order_items SET delivered_at = NULL WHERE order_id IN (SELECT id FROM orders WHERE buyer_id = ${s.userId}) AND return_requested_at IS NULL`);
  expect(await eraseAccount(db, { userId: s.userId, password: PASSWORD, now: new Date() })).toEqual({ ok: false, reason: "open-order" });
  // Once it came back to its seller undelivered, it is done: it holds nothing.
  await db.execute(sql`UPDATE order_items SET refused_at = now() WHERE order_id IN (SELECT id FROM orders WHERE buyer_id = ${s.userId}) AND delivered_at IS NULL`);
  expect(await eraseAccount(db, { userId: s.userId, password: PASSWORD, now: new Date() })).toEqual({ ok: true });
});

test("erasure removes personal data at once, keeps money records nameless and every rank as it was, and signs out", async () => {
  const s = await studentWithAHistory();
  const other = await signedInStudent({ email: `bystander${n}@example.in`, fullName: "Bystander", password: PASSWORD });
  await db.update(payouts).set({ status: "paid", bank_reference: "UTR0001" }).where(eq(payouts.user_id, s.userId));
  const before = await s.ranks();

  // A stranger's body names someone else's account: only the signed-in user's own goes.
  const res = await call(page.action, formRequest("/account/data", { intent: "erase", password: PASSWORD, userId: other.userId }, s.cookie));
  expect(res.location).toBe("/");
  expect(flashInEnglish((await readFlash(getRequest("/", cookieFrom(res.headers, "__flash")))).flash)).toEqual({ kind: "info", message: "Your account has been erased." });
  expect(res.headers.get("Set-Cookie")).toContain("__session=;");

  const [user] = await db.select().from(users).where(eq(users.id, s.userId));
  expect(user!.email).toBe(`erased-${s.userId}@erased.invalid`);
  expect(user!.erased_at).not.toBeNull();
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, s.userId));
  expect(profile).toMatchObject({ full_name: null, phone: null, address: null, city: null });
  expect(await db.$count(sessions, eq(sessions.user_id, s.userId))).toBe(0);
  expect(await db.$count(payout_details, eq(payout_details.user_id, s.userId))).toBe(0);
  expect(await db.$count(user_cart, eq(user_cart.user_id, s.userId))).toBe(0);
  // The money records stay, with the name and address replaced; the results stay nameless, every rank unchanged.
  const [order] = await db.select().from(orders).where(eq(orders.buyer_id, s.userId));
  expect(order).toMatchObject({ buyer_name: "Erased", buyer_email: `erased-${s.userId}@erased.invalid` });
  expect(Object.values(order!.shipping_address as Record<string, string>).every((v) => v === "Erased")).toBe(true);
  expect(await db.$count(payouts, eq(payouts.user_id, s.userId))).toBe(1);
  expect(await s.ranks()).toEqual(before);
  // The order lines stay; the words the person wrote on them go.
  const lines = await db.select({ return_reason: order_items.return_reason, cancel_reason: order_items.cancel_reason }).from(order_items).where(inArray(order_items.id, s.lines));
  expect(lines.flatMap((l) => [l.return_reason, l.cancel_reason]).filter(Boolean)).toEqual(["Erased", "Erased"]);
  // Nothing of the person is left to find by their address, and the address is free again.
  const found = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM profiles WHERE full_name = ${s.fullName}`));
  expect(found[0]!.n).toBe(0);
  expect(await attemptLogin(db, { email: s.email, password: PASSWORD, ip: "127.0.0.9", device: null, now: new Date() })).toMatchObject({ ok: false });
  await expect(createUser(db, { email: s.email, passwordHash: "x" })).resolves.toBeTruthy();
  // The bystander is untouched.
  const [kept] = await db.select().from(users).where(eq(users.id, other.userId));
  expect(kept).toMatchObject({ email: other.email, erased_at: null });
});
