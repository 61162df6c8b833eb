import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { comments, likes, marketplace_products } from "~/db/schema";
import { createDeliveredLine, createPost, createProduct, createUser } from "~/seed/factories.server";
import { saveReview } from "~/models/store/reviews/reviews.server";
import * as blogRoute from "~/routes/blog._index";
import * as postRoute from "~/routes/blog.$slug";
import * as productRoute from "~/routes/store.$id.productdetails";
import * as storeRoute from "~/routes/store._index";
import { call, getRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";

const store = async (qs = "") => (await call(storeRoute.loader, getRequest(`/store${qs}`))).data;
let n = 0;
const seller = () => createUser(db, { email: `seller${++n}@example.in`, passwordHash: "x", fullName: "Asha Rao", phone: "9876543210" });
const HOUR = 3_600_000;

describe("store", () => {
  test("12 a page, newest first, with a total and page count", async () => {
    const sellerId = await seller();
    const start = Date.now() - 100 * HOUR;
    for (let i = 0; i < 26; i++) {
      await createProduct(db, { sellerId, title: `Pager ${i}`, price: 100 + i, category: "Pager Books", createdAt: new Date(start + i * HOUR) });
    }
    const first = await store("?q=pager");
    expect(first.products).toHaveLength(12);
    expect(first.total).toBe(26);
    expect(first.pages).toBe(3);
    expect(first.products[0].title).toBe("Pager 25");
    const third = await store("?q=pager&page=3");
    expect(third.products.map((p: { title: string }) => p.title)).toEqual(["Pager 1", "Pager 0"]);
    const ids = new Set([...first.products, ...(await store("?q=pager&page=2")).products, ...third.products].map((p: { id: string }) => p.id));
    expect(ids.size).toBe(26);
  });

  test("search, category, price range, condition and sort", async () => {
    const sellerId = await seller();
    const books: Array<[string, number, string, "Good" | "Acceptable", number[]]> = [
      ["Concepts of Physics Vol. 1 (H.C. Verma)", 350, "Filter Physics", "Good", [5]],
      ["Concepts of Physics Vol. 2 (H.C. Verma)", 340, "Filter Physics", "Acceptable", [4]],
      ["Gray's Anatomy (filter)", 150, "Filter Medical", "Good", [4, 3]],
      ["Human Anatomy (filter)", 90, "Filter Medical", "Acceptable", [5, 5, 4]],
      ["Physiology (filter)", 120, "Filter Medical", "Good", [2]],
    ];
    // Ratings come from reviews by buyers who received the book (models/store/reviews/reviews.server.ts).
    for (const [title, price, category, condition, ratings] of books) {
      const productId = await createProduct(db, { sellerId, title, price, category, condition });
      for (const rating of ratings) {
        const buyerId = await createUser(db, { email: `reviewer.${crypto.randomUUID()}@example.in`, passwordHash: "x" });
        const line = await createDeliveredLine(db, { buyerId, productId });
        expect(await saveReview(db, { buyerId, orderId: line.orderId, itemId: line.itemId, review: { rating, body: "Good copy." }, now: new Date() })).toBe("saved");
      }
    }

    expect((await store("?q=verma")).products.map((p: { title: string }) => p.title).sort()).toEqual([
      "Concepts of Physics Vol. 1 (H.C. Verma)",
      "Concepts of Physics Vol. 2 (H.C. Verma)",
    ]);
    const categories = (await store()).categories as Array<{ id: number; name: string }>;
    const medical = categories.find((c) => c.name === "Filter Medical")!;
    expect((await store(`?category=${medical.id}`)).total).toBe(3);
    const cheap = await store(`?category=${medical.id}&max=150&sort=price-low`);
    expect(cheap.products.map((p: { price: number }) => p.price)).toEqual([90, 120, 150]);
    expect((await store(`?category=${medical.id}&max=100`)).products.map((p: { price: number }) => p.price)).toEqual([90]);
    const poor = await store("?q=filter&condition=Acceptable");
    expect(poor.products.map((p: { title: string }) => p.title)).toEqual(["Human Anatomy (filter)"]);
    const top = await store("?q=filter&sort=rating");
    expect(top.products.map((p: { rating: number; review_count: number }) => [p.rating, p.review_count])).toEqual([[4.7, 3], [3.5, 2], [2.0, 1]]);
    expect((await store("?q=%25%25")).products).toEqual([]);
  });

  test("sold-out and inactive listings leave the store", async () => {
    const id = await createProduct(db, { sellerId: await seller(), title: "Let Us C (stock test)", price: 200, category: "Engineering" });
    expect((await store("?q=stock%20test")).products).toHaveLength(1);
    await db.update(marketplace_products).set({ stock: 0 }).where(eq(marketplace_products.id, id));
    expect((await store("?q=stock%20test")).products).toEqual([]);
    await db.update(marketplace_products).set({ stock: 1, is_active: false }).where(eq(marketplace_products.id, id));
    expect((await store("?q=stock%20test")).products).toEqual([]);
    // An inactive listing is 404 to others.
    const res = await call(productRoute.loader, getRequest(`/store/${id}/productdetails`), { params: { id } });
    expect(res.status).toBe(404);
  });

  test("the product page; a seller's e-mail and phone reach nobody there, signed in or not (issue 44, point 6)", async () => {
    const id = await createProduct(db, { sellerId: await seller(), title: "Indian Polity", author: "M. Laxmikanth", price: 520, category: "Competitive Exams" });
    const guest = await call(productRoute.loader, getRequest(`/store/${id}/productdetails`), { params: { id } });
    expect(guest.data.product).toMatchObject({ title: "Indian Polity", author: "M. Laxmikanth", category: "Competitive Exams", is_active: true });
    const { cookie } = await signedInStudent({ email: "buyer-contact@example.in" });
    const member = await call(productRoute.loader, getRequest(`/store/${id}/productdetails`, cookie), { params: { id } });
    for (const page of [guest, member]) {
      expect(JSON.stringify(page.data)).not.toMatch(/seller\d+@example\.in/);
      expect(JSON.stringify(page.data)).not.toContain("9876543210");
    }

    for (const bad of ["1", "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      expect((await call(productRoute.loader, getRequest(`/store/${bad}/productdetails`), { params: { id: bad } })).status).toBe(404);
    }
  });
});

describe("blog", () => {
  test("lists posts with the featured one first, searches and filters by category", async () => {
    const now = Date.now();
    const featured = await createPost(db, { slug: "featured-post", title: "How to prepare for timed MCQ tests", category: "Exam Strategy", featured: true, publishedAt: new Date(now - 5 * HOUR) });
    await createPost(db, { slug: "pomodoro-long-days", title: "Pomodoro for long study days", category: "Student Life", publishedAt: new Date(now - 1 * HOUR) });
    await createPost(db, { slug: "hostel-food", title: "Eating well in a hostel", category: "Student Life", publishedAt: new Date(now - 2 * HOUR) });
    await createPost(db, { slug: "not-yet", title: "Scheduled post", category: "Student Life", publishedAt: new Date(now + 24 * HOUR) });
    const [a, b] = [await createUser(db, { email: "liker1@example.in", passwordHash: "x" }), await createUser(db, { email: "liker2@example.in", passwordHash: "x" })];
    await db.insert(likes).values([{ post_id: featured, user_id: a }, { post_id: featured, user_id: b }]);
    await db.insert(comments).values([
      { post_id: featured, user_id: a, content: "Helpful" },
      { post_id: featured, user_id: b, content: "Hidden", approved: false },
    ]);

    const all = await call(blogRoute.loader, getRequest("/blog"));
    expect(all.data.posts.map((p: { slug: string }) => p.slug)).toEqual(["featured-post", "pomodoro-long-days", "hostel-food"]);
    expect(all.data.posts[0]).toMatchObject({ featured: true, like_count: 2, comment_count: 1 });
    const search = await call(blogRoute.loader, getRequest("/blog?q=pomodoro"));
    expect(search.data.posts.map((p: { slug: string }) => p.slug)).toEqual(["pomodoro-long-days"]);
    const cat = await call(blogRoute.loader, getRequest("/blog?category=Student%20Life"));
    expect(cat.data.posts).toHaveLength(2);
    expect((await call(blogRoute.loader, getRequest("/blog?q=nothing-like-this"))).data.posts).toEqual([]);
  });

  test("the reader sanitises HTML and lists approved comments newest first", async () => {
    const hostile = await createPost(db, {
      slug: "hostile-html",
      title: "Hostile",
      category: "Study Tips",
      content: `<p onclick="x()">Hi</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://x/y.png" onerror="z()">`,
    });
    const res = await call(postRoute.loader, getRequest("/blog/hostile-html"), { params: { slug: "hostile-html" } });
    expect(res.data.post.content).toBe(`<p>Hi</p><a rel="noopener noreferrer nofollow">x</a><img src="https://x/y.png" loading="lazy" decoding="async" />`);
    expect(res.data.comments).toEqual([]);

    const author = await createUser(db, { email: "commenter@example.in", passwordHash: "x", fullName: "Neha Gupta" });
    await db.insert(comments).values([
      { post_id: hostile, user_id: author, content: "First", created_at: new Date(Date.now() - HOUR) },
      { post_id: hostile, user_id: author, content: "Second" },
      // Newest of all, but not approved: never listed.
      { post_id: hostile, user_id: author, content: "Unapproved", approved: false, created_at: new Date(Date.now() + 1000) },
    ]);
    const withComments = await call(postRoute.loader, getRequest("/blog/hostile-html"), { params: { slug: "hostile-html" } });
    expect(withComments.data.comments.map((c: { content: string }) => c.content)).toEqual(["Second", "First"]);
    expect(withComments.data.comments[0].name).toBe("Neha Gupta");

    for (const slug of ["nope", "../etc", "UPPER"]) {
      expect((await call(postRoute.loader, getRequest(`/blog/${slug}`), { params: { slug } })).status).toBe(404);
    }
  });
});
