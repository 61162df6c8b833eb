// The blog reader's actions against a real database (docs/product/marketplace.md §3, §5): likes and
// bookmarks that a double click or two tabs cannot double, comments that must say
// something, the guest's round trip through login, and live counts by LISTEN/NOTIFY.
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { createPost } from "~/seed/factories.server";
import { bookmarks, comments, likes } from "~/db/schema";
import { addReader, readerCount, startListening, type Counts } from "~/models/blog/live.server";
import * as postRoute from "~/routes/blog.$slug";
import * as listRoute from "~/routes/blog._index";
import * as loginRoute from "~/routes/login";
import { BLOG_MESSAGES } from "~/models/blog/schemas";
import { call, formRequest, getRequest } from "../support/remix";
import { english } from "../support/words";
import { signedInStudent } from "../support/scenarios";

let n = 0;
const reader = (fullName: string | null = "Asha Rao") => signedInStudent({ fullName, password: "Secret@123" });
async function post() {
  const slug = `post-${++n}`;
  return { slug, id: await createPost(db, { slug, title: `Post ${n}`, category: "Study Tips" }) };
}
const act = (slug: string, fields: Record<string, string>, cookie?: string) =>
  call(postRoute.action, formRequest(`/blog/${slug}`, fields, cookie), { params: { slug } });
const count = async (table: typeof likes | typeof bookmarks, postId: string) => db.$count(table, eq(table.post_id, postId));

test("like and bookmark set a state: a double click or the same press in two tabs leaves one row; unlike leaves none", async () => {
  const p = await post();
  const me = await reader();
  const [first, second] = await Promise.all([act(p.slug, { intent: "like", on: "1" }, me.cookie), act(p.slug, { intent: "like", on: "1" }, me.cookie)]);
  expect([first.status, second.status]).toEqual([302, 302]);
  expect(first.location).toBe(`/blog/${p.slug}#reactions`);
  expect(await count(likes, p.id)).toBe(1);
  await Promise.all([act(p.slug, { intent: "like", on: "0" }, me.cookie), act(p.slug, { intent: "like", on: "0" }, me.cookie)]);
  expect(await count(likes, p.id)).toBe(0);

  await act(p.slug, { intent: "bookmark", on: "1" }, me.cookie);
  await act(p.slug, { intent: "bookmark", on: "1" }, me.cookie);
  expect(await count(bookmarks, p.id)).toBe(1);
  const page = await call(postRoute.loader, getRequest(`/blog/${p.slug}`, me.cookie), { params: { slug: p.slug } });
  expect(page.data.post).toMatchObject({ liked: false, bookmarked: true, like_count: 0 });
});

test("comments need non-blank text of at most 1,000 characters; the input comes back with the message", async () => {
  const p = await post();
  const me = await reader(null);
  for (const content of ["", "   \n\t  ", "\u0000\u0000"]) {
    const res = await act(p.slug, { intent: "comment", content }, me.cookie);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.data)).toContain(english(BLOG_MESSAGES.commentRequired));
  }
  const long = "क".repeat(1001);
  const tooLong = await act(p.slug, { intent: "comment", content: long }, me.cookie);
  expect(tooLong.status).toBe(400);
  expect(JSON.stringify(tooLong.data)).toContain(english(BLOG_MESSAGES.commentTooLong));
  expect(tooLong.data.initialValue.content).toBe(long); // the draft is kept
  expect(await db.$count(comments, eq(comments.post_id, p.id))).toBe(0);

  const ok = await act(p.slug, { intent: "comment", content: "  Really useful, thanks!  " }, me.cookie);
  expect(ok).toMatchObject({ status: 302, location: `/blog/${p.slug}#comments` });
  const page = await call(postRoute.loader, getRequest(`/blog/${p.slug}`, me.cookie), { params: { slug: p.slug } });
  expect(page.data.comments).toMatchObject([{ content: "Really useful, thanks!", name: "User" }]);
  // An admin can hide a comment by SQL; it leaves the page and the count.
  await db.update(comments).set({ approved: false }).where(eq(comments.post_id, p.id));
  const hidden = await call(postRoute.loader, getRequest(`/blog/${p.slug}`, me.cookie), { params: { slug: p.slug } });
  expect(hidden.data.comments).toEqual([]);
  expect(hidden.data.post.comment_count).toBe(0);
});

test("odd bodies get a short 4xx and write nothing", async () => {
  const p = await post();
  const me = await reader();
  const bodies: Array<Record<string, string>> = [{ intent: "like", on: "maybe" }, { intent: "delete" }, { "x[99999999]": "1", intent: "comment" }, { intent: "like" }];
  for (const fields of bodies) {
    const res = await act(p.slug, fields, me.cookie);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.data)).not.toContain("99999999");
  }
  expect((await act("no-such-post", { intent: "like", on: "1" }, me.cookie)).status).toBe(404);
  expect(await count(likes, p.id)).toBe(0);
});

test("a guest is sent to log in with the action; after logging in the like is done and the post opens", async () => {
  const p = await post();
  const me = await reader();
  const guest = await act(p.slug, { intent: "like", on: "1" });
  expect(guest.location).toBe(`/login?redirect=%2Fblog%2F${p.slug}&action=like`);
  const login = await call(
    loginRoute.action,
    formRequest("/login", { email: me.email, password: "Secret@123", redirectTo: `/blog/${p.slug}`, pendingAction: "like" }),
    { ip: "198.51.100.9" },
  );
  expect(login).toMatchObject({ status: 302, location: `/blog/${p.slug}` });
  expect(await db.$count(likes, and(eq(likes.post_id, p.id), eq(likes.user_id, me.userId)))).toBe(1);
});

test("a guest's comment survives the login: back on the post, the form is focused with the draft", async () => {
  const p = await post();
  const me = await reader();
  const guest = await act(p.slug, { intent: "comment", content: "My first thought" });
  expect(guest.location).toBe(`/login?redirect=%2Fblog%2F${p.slug}&action=comment&draft=My+first+thought`);
  const login = await call(
    loginRoute.action,
    formRequest("/login", { email: me.email, password: "Secret@123", redirectTo: `/blog/${p.slug}`, pendingAction: "comment", draft: "My first thought" }),
    { ip: "198.51.100.10" },
  );
  expect(login.location).toBe(`/blog/${p.slug}?comment=1&draft=My+first+thought`);
  const page = await call(postRoute.loader, getRequest(`/blog/${p.slug}?comment=1&draft=My+first+thought`, me.cookie), { params: { slug: p.slug } });
  expect(page.data).toMatchObject({ focusComment: true, draft: "My first thought" });
  expect(await db.$count(comments, eq(comments.post_id, p.id))).toBe(0); // nothing posted without the student pressing Post
});

test("a signed-in reader's bookmarks are the list at /blog?bookmarked=1; a guest logs in first", async () => {
  const [kept, other] = [await post(), await post()];
  const me = await reader();
  await act(kept.slug, { intent: "bookmark", on: "1" }, me.cookie);
  const list = await call(listRoute.loader, getRequest("/blog?bookmarked=1", me.cookie));
  expect(list.data.posts.map((x: { slug: string }) => x.slug)).toEqual([kept.slug]);
  expect(list.data.posts.map((x: { slug: string }) => x.slug)).not.toContain(other.slug);
  expect((await call(listRoute.loader, getRequest("/blog?bookmarked=1"))).location).toBe(`/login?redirectTo=${encodeURIComponent("/blog?bookmarked=1")}`);
});

test("a like or a comment reaches open readers through NOTIFY, once per burst, after commit", async () => {
  const p = await post();
  const me = await reader();
  const heard: Counts[] = [];
  await startListening();
  const remove = addReader(p.id, (c) => heard.push(c), () => {});
  await act(p.slug, { intent: "like", on: "1" }, me.cookie);
  await act(p.slug, { intent: "comment", content: "Live!" }, me.cookie);
  await expect.poll(() => heard.at(-1), { timeout: 5000 }).toMatchObject({ likes: 1, comments: 1 });
  expect(heard.length).toBeLessThanOrEqual(2);
  remove();
  expect(readerCount()).toBe(0);
});
