import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { blog_posts, marketplace_products } from "~/db/schema";
import { seedDemoData } from "~/db/seed.server";
import { createSession } from "~/utils/auth.server";
import { findUserIdByEmail } from "~/db/factories.server";
import * as blogRoute from "~/routes/blog._index";
import * as postRoute from "~/routes/blog.$slug";
import * as productRoute from "~/routes/store.$id.productdetails";
import * as storeRoute from "~/routes/store._index";
import { call, getRequest } from "../support/remix";

beforeAll(async () => {
  await seedDemoData(db);
});

const store = async (qs = "") => (await call(storeRoute.loader, getRequest(`/store${qs}`))).data;

describe("store", () => {
  test("12 a page, newest first, with a total and page count", async () => {
    const first = await store();
    expect(first.products).toHaveLength(12);
    expect(first.total).toBe(36);
    expect(first.pages).toBe(3);
    const third = await store("?page=3");
    expect(third.products).toHaveLength(12);
    const ids = new Set([...first.products, ...third.products].map((p: { id: string }) => p.id));
    expect(ids.size).toBe(24);
  });

  test("search, category, price range, condition and sort", async () => {
    expect((await store("?q=verma")).products.map((p: { title: string }) => p.title).sort()).toEqual(["Concepts of Physics Vol. 1", "Concepts of Physics Vol. 2"]);
    const categories = (await store()).categories as Array<{ id: number; name: string }>;
    const medical = categories.find((c) => c.name === "Medical")!;
    const med = await store(`?category=${medical.id}`);
    expect(med.total).toBe(5);
    const cheap = await store("?max=150&sort=price-low");
    expect(cheap.products.map((p: { price: number }) => p.price)).toEqual([90, 120, 140, 150, 150]);
    const poor = await store("?condition=Poor");
    expect(poor.products.every((p: { condition: string }) => p.condition === "Poor")).toBe(true);
    const top = await store("?sort=rating");
    const ratings = top.products.map((p: { rating: number }) => p.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect((await store("?q=%25%25")).products).toEqual([]);
  });

  test("sold-out and inactive listings leave the store", async () => {
    const [p] = await db.select().from(marketplace_products).where(eq(marketplace_products.title, "Let Us C"));
    await db.update(marketplace_products).set({ stock: 0 }).where(eq(marketplace_products.id, p!.id));
    expect((await store("?q=Let%20Us%20C")).products).toEqual([]);
    await db.update(marketplace_products).set({ stock: 1, is_active: false }).where(eq(marketplace_products.id, p!.id));
    expect((await store("?q=Let%20Us%20C")).products).toEqual([]);
    // An inactive listing is 404 to others.
    const res = await call(productRoute.loader, getRequest(`/store/${p!.id}/productdetails`), { params: { id: p!.id } });
    expect(res.status).toBe(404);
  });

  test("the product page; seller contact details only for signed-in students", async () => {
    const [p] = await db.select().from(marketplace_products).where(eq(marketplace_products.title, "Indian Polity"));
    const guest = await call(productRoute.loader, getRequest(`/store/${p!.id}/productdetails`), { params: { id: p!.id } });
    expect(guest.data.product).toMatchObject({ title: "Indian Polity", author: "M. Laxmikanth", category: "Competitive Exams", is_active: true });
    expect(guest.data.contact).toBeNull();
    expect(JSON.stringify(guest.data)).not.toContain("@example.in");

    const userId = (await findUserIdByEmail(db, "student@studyarena.in"))!;
    const cookie = (await createSession(db, userId)).split(";")[0]!;
    const member = await call(productRoute.loader, getRequest(`/store/${p!.id}/productdetails`, cookie), { params: { id: p!.id } });
    expect(member.data.contact.email).toMatch(/@example\.in$/);

    for (const id of ["1", "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      expect((await call(productRoute.loader, getRequest(`/store/${id}/productdetails`), { params: { id } })).status).toBe(404);
    }
  });
});

describe("blog", () => {
  test("lists posts with the featured one first, searches and filters by category", async () => {
    const all = await call(blogRoute.loader, getRequest("/blog"));
    expect(all.data.posts.length).toBe(6);
    expect(all.data.posts[0].featured).toBe(true);
    expect(all.data.posts[0]).toMatchObject({ like_count: 4, comment_count: 2 });
    const search = await call(blogRoute.loader, getRequest("/blog?q=pomodoro"));
    expect(search.data.posts.map((p: { slug: string }) => p.slug)).toEqual(["pomodoro-for-long-study-days"]);
    const cat = await call(blogRoute.loader, getRequest("/blog?category=Student%20Life"));
    expect(cat.data.posts).toHaveLength(2);
    expect((await call(blogRoute.loader, getRequest("/blog?q=nothing-like-this"))).data.posts).toEqual([]);
  });

  test("the reader sanitises HTML and lists comments newest first", async () => {
    await db.update(blog_posts).set({ content: `<p onclick="x()">Hi</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://x/y.png" onerror="z()">` }).where(eq(blog_posts.slug, "active-recall-beats-rereading"));
    const res = await call(postRoute.loader, getRequest("/blog/active-recall-beats-rereading"), { params: { slug: "active-recall-beats-rereading" } });
    expect(res.data.post.content).toBe(`<p>Hi</p><a rel="noopener noreferrer nofollow">x</a><img src="https://x/y.png" loading="lazy" decoding="async" />`);
    expect(res.data.comments).toEqual([]);

    const featured = await call(postRoute.loader, getRequest("/blog/how-to-prepare-for-timed-mcq-tests"), { params: { slug: "how-to-prepare-for-timed-mcq-tests" } });
    expect(featured.data.comments).toHaveLength(2);
    expect(featured.data.comments[0].name).toBeTruthy();

    for (const slug of ["nope", "../etc", "UPPER"]) {
      expect((await call(postRoute.loader, getRequest(`/blog/${slug}`), { params: { slug } })).status).toBe(404);
    }
  });
});
