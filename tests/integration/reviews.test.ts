// Reviews from real buyers (issue 32, points 3 and 8): once per delivered order line,
// editable, through the buyer's order page; the listing's rating and count and its
// seller's rating are read from them; bad input is said in the form; anyone else's
// line, or one not delivered, is a 404.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { marketplace_products, order_items, product_reviews } from "~/db/schema";
import { REVIEW_MESSAGES } from "~/models/store/reviews/reviews";
import { saveReview } from "~/models/store/reviews/reviews.server";
import * as confirmationRoute from "~/routes/orders.$id.confirmation";
import * as productRoute from "~/routes/store.$id.productdetails";
import { createDeliveredLine, createProduct, createUser } from "~/seed/factories.server";
import { readFlash } from "~/utils/flash.server";
import { PROVEN_ON_POSTGRESQL } from "../support/locks";
import { call, cookieFrom, formRequest, getRequest, type Outcome } from "../support/remix";
import { english } from "../support/words";
import { MAX_VALUE_CHARS } from "~/utils/forms.server";
import { signedInStudent } from "../support/scenarios";

type Person = Awaited<ReturnType<typeof signedInStudent>>;
let n = 0;

async function book(sellerId: string) {
  return createProduct(db, { sellerId, title: `Reviewed Book ${++n} ${Date.now()}`, price: 250, category: "Textbooks", stock: 2 });
}

const review = (who: Person, line: { orderId: string; itemId: string }, fields: Record<string, string>) =>
  call(confirmationRoute.action as never, formRequest(`/orders/${line.orderId}/confirmation`, { intent: "review", itemId: line.itemId, ...fields }, who.cookie), { params: { id: line.orderId } });
const flashOf = async (res: Outcome) => (await readFlash(getRequest("/", cookieFrom(res.headers, "__flash")))).flash;
const productOf = async (id: string) => (await db.select({ rating: marketplace_products.rating, count: marketplace_products.review_count }).from(marketplace_products).where(eq(marketplace_products.id, id)))[0]!;
const productPage = (id: string, query = "") => call(productRoute.loader as never, getRequest(`/store/${id}/productdetails${query}`), { params: { id } });

describe("a buyer who received the book", () => {
  test("rates and reviews it once per line, edits it, and the listing's and the seller's ratings follow", async () => {
    const seller = await signedInStudent();
    const [asha, ravi] = [await signedInStudent({ fullName: "Asha Rao" }), await signedInStudent({ fullName: "Ravi Kumar" })];
    const productId = await book(seller.userId);
    const mine = await createDeliveredLine(db, { buyerId: asha.userId, productId });
    const his = await createDeliveredLine(db, { buyerId: ravi.userId, productId });

    expect(await flashOf(await review(asha, mine, { rating: "5", body: "Clean copy,\u202e fast delivery." }))).toMatchObject({ kind: "success", message: REVIEW_MESSAGES.saved });
    expect(await productOf(productId)).toEqual({ rating: 5, count: 1 });
    expect(await flashOf(await review(ravi, his, { rating: "2", body: "Pages missing." }))).toMatchObject({ message: REVIEW_MESSAGES.saved });
    expect(await productOf(productId)).toEqual({ rating: 3.5, count: 2 });
    // Sent again: the same review, changed, not a second one.
    expect(await flashOf(await review(asha, mine, { rating: "4", body: "Clean copy, but slow delivery." }))).toMatchObject({ message: REVIEW_MESSAGES.updated });
    expect(await productOf(productId)).toEqual({ rating: 3, count: 2 });
    expect(await db.$count(product_reviews, eq(product_reviews.order_item_id, mine.itemId))).toBe(1);

    const page = await productPage(productId);
    expect(page.data.reviews.reviews.map((r: { name: string; rating: number; body: string }) => [r.name, r.rating, r.body])).toEqual([
      ["Ravi", 2, "Pages missing."],
      ["Asha", 4, "Clean copy, but slow delivery."],
    ]);
    expect(page.data.sellerRating).toEqual({ rating: 3, count: 2, sales: 2 });
    // The order page's form shows the review to edit.
    const order = await call(confirmationRoute.loader as never, getRequest(`/orders/${mine.orderId}/confirmation`, asha.cookie), { params: { id: mine.orderId } });
    expect(order.data.reviews).toEqual([{ itemId: mine.itemId, rating: 4, body: "Clean copy, but slow delivery." }]);
  });

  test("a missing or wrong rating, an empty or overlong review: said in the form, what was typed kept, nothing written", async () => {
    const seller = await signedInStudent();
    const buyer = await signedInStudent();
    const productId = await book(seller.userId);
    const line = await createDeliveredLine(db, { buyerId: buyer.userId, productId });
    for (const [fields, errors] of [
      [{ body: "Nice book." }, { rating: [english(REVIEW_MESSAGES.ratingRequired)] }],
      [{ rating: "6", body: "Nice book." }, { rating: [english(REVIEW_MESSAGES.ratingRequired)] }],
      [{ rating: "4.5", body: "Nice book." }, { rating: [english(REVIEW_MESSAGES.ratingRequired)] }],
      [{ rating: "4", body: " \u2066\u2069 " }, { body: [english(REVIEW_MESSAGES.bodyRequired)] }],
      [{ rating: "4", body: "x".repeat(1001) }, { body: [english(REVIEW_MESSAGES.bodyTooLong)] }],
    ] as const) {
      const res = await review(buyer, line, fields);
      expect(res.status, JSON.stringify(fields).slice(0, 60)).toBe(400);
      expect(res.data.reply.error).toEqual(errors);
      expect(res.data.reply.initialValue.body).toBe(fields.body);
    }
    // A body far past the limit comes back within the bound every form field has (app/utils/forms.server.ts); past the form's size, the request is refused before it is read.
    expect((await review(buyer, line, { rating: "4", body: "y".repeat(30_000) })).data.reply.initialValue.body.length).toBeLessThanOrEqual(MAX_VALUE_CHARS);
    expect((await review(buyer, line, { rating: "4", body: "y".repeat(1_000_000) })).status).toBe(413);
    expect(await db.$count(product_reviews, eq(product_reviews.product_id, productId))).toBe(0);
    expect(await productOf(productId)).toEqual({ rating: 0, count: 0 });
  });
});

describe("only a buyer who received it", () => {
  test("someone else's line, a line not delivered or cancelled, another order's path, a malformed id: 404, nothing written", async () => {
    const seller = await signedInStudent();
    const [buyer, stranger] = [await signedInStudent(), await signedInStudent()];
    const productId = await book(seller.userId);
    const line = await createDeliveredLine(db, { buyerId: buyer.userId, productId });
    const other = await createDeliveredLine(db, { buyerId: buyer.userId, productId });
    const body = { rating: "5", body: "Great." };
    expect((await review(stranger, line, body)).status).toBe(404);
    expect((await review(seller, line, body)).status).toBe(404);
    expect((await review(buyer, { orderId: other.orderId, itemId: line.itemId }, body)).status).toBe(404);
    expect((await review(buyer, { orderId: line.orderId, itemId: "not-a-uuid" }, body)).status).toBe(404);
    await db.update(order_items).set({ delivered_at: null }).where(eq(order_items.id, line.itemId));
    expect((await review(buyer, line, body)).status).toBe(404);
    await db.update(order_items).set({ shipped_at: null, delivered_at: null, cancelled_at: new Date(), cancelled_by: "buyer" }).where(eq(order_items.id, other.itemId));
    expect((await review(buyer, other, body)).status).toBe(404);
    expect(await db.$count(product_reviews, eq(product_reviews.product_id, productId))).toBe(0);
  });

  test("twenty reviews an hour, then the form says to wait; the limit is counted before anything is written", async () => {
    const seller = await signedInStudent();
    const buyer = await signedInStudent();
    const productId = await book(seller.userId);
    const lines = [];
    for (let i = 0; i < 21; i++) lines.push(await createDeliveredLine(db, { buyerId: buyer.userId, productId }));
    for (const line of lines.slice(0, 20)) expect((await review(buyer, line, { rating: "4", body: "Fine." })).status).toBe(302);
    const limited = await review(buyer, lines[20]!, { rating: "4", body: "One too many." });
    expect(limited.status).toBe(429);
    expect(limited.data).toMatchObject({ intent: "review", reply: { error: { "": [english(REVIEW_MESSAGES.tooMany)] }, initialValue: { body: "One too many." } } });
    expect(await productOf(productId)).toEqual({ rating: 4, count: 20 });
  });
});

describe("the product page", () => {
  test("reviews newest first, ten to a page with plain links; a page past the last shows the last", async () => {
    const seller = await signedInStudent();
    const productId = await book(seller.userId);
    for (let i = 0; i < 12; i++) {
      const buyerId = await createUser(db, { email: `pager.${i}.${Date.now()}@example.in`, passwordHash: "x", fullName: `Reader${i} Test` });
      const line = await createDeliveredLine(db, { buyerId, productId });
      await saveReview(db, { buyerId, orderId: line.orderId, itemId: line.itemId, review: { rating: 1 + (i % 5), body: `Review number ${i}` }, now: new Date(Date.now() - (12 - i) * 60_000) });
    }
    const first = (await productPage(productId)).data.reviews;
    expect(first).toMatchObject({ total: 12, page: 1, pages: 2 });
    expect(first.reviews.map((r: { body: string }) => r.body)).toEqual(Array.from({ length: 10 }, (_, i) => `Review number ${11 - i}`));
    const second = (await productPage(productId, "?reviews=2")).data.reviews;
    expect(second.reviews.map((r: { body: string }) => r.body)).toEqual(["Review number 1", "Review number 0"]);
    expect((await productPage(productId, "?reviews=999")).data.reviews.page).toBe(2);
    expect((await productPage(productId, "?reviews=abc")).data.reviews.page).toBe(1);
    expect((await productPage(productId, "?reviews=-3")).data.reviews.page).toBe(1);
  });

  test(`reviews of one book at once are all counted ${PROVEN_ON_POSTGRESQL}`, async () => {
    const seller = await signedInStudent();
    for (let round = 0; round < 5; round++) {
      const productId = await book(seller.userId);
      const buyers = await Promise.all([0, 1, 2, 3].map(() => signedInStudent()));
      const lines = await Promise.all(buyers.map((b) => createDeliveredLine(db, { buyerId: b.userId, productId })));
      await Promise.all(buyers.map((b, i) => saveReview(db, { buyerId: b.userId, orderId: lines[i]!.orderId, itemId: lines[i]!.itemId, review: { rating: 2 + i, body: "At once." }, now: new Date() })));
      expect(await productOf(productId)).toEqual({ rating: 3.5, count: 4 });
    }
  });
});
