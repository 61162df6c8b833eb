// Blog reads and the reader's actions (docs/product/marketplace.md §2 Blog, §3, §7). Counts come
// from correlated subqueries in the same statement (no query per post). Likes,
// bookmarks and comments notify `blog_counts` in their transaction, so every open
// reader on every app instance hears of them after commit (blog-live.server.ts).
import { and, desc, eq, ilike, lte, or, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { containsPattern } from "~/utils/text";
import { blog_categories, blog_posts, bookmarks, comments, likes, profiles } from "~/db/schema";
import { COMMENT_MAX_CHARS } from "~/models/blog/schemas";

export const COUNTS_CHANNEL = "blog_counts";

export const POST_SLUG = /^[a-z0-9-]{1,120}$/;

const overview = {
  post_id: blog_posts.id,
  slug: blog_posts.slug,
  title: blog_posts.title,
  excerpt: blog_posts.excerpt,
  cover_image_url: blog_posts.cover_image_url,
  category_name: blog_categories.name,
  read_time_minutes: blog_posts.read_time_minutes,
  published_at: blog_posts.published_at,
  featured: blog_posts.featured,
  author_name: blog_posts.author_name,
  like_count: sql<number>`(SELECT count(*)::int FROM likes l WHERE l.post_id = blog_posts.id)`,
  comment_count: sql<number>`(SELECT count(*)::int FROM comments c WHERE c.post_id = blog_posts.id AND c.approved)`,
};

export async function listPosts(db: DbOrTx, input: { q?: string; category?: string | null; bookmarkedBy?: string | null; now: Date }) {
  const q = input.q?.trim().slice(0, 100);
  const pattern = containsPattern(q);
  return db
    .select(overview)
    .from(blog_posts)
    .leftJoin(blog_categories, eq(blog_categories.id, blog_posts.category_id))
    .where(
      and(
        lte(blog_posts.published_at, input.now),
        input.category ? eq(blog_categories.name, input.category) : undefined,
        pattern ? or(ilike(blog_posts.title, pattern), ilike(blog_posts.excerpt, pattern)) : undefined,
        input.bookmarkedBy ? sql`EXISTS (SELECT 1 FROM bookmarks b WHERE b.post_id = blog_posts.id AND b.user_id = ${input.bookmarkedBy})` : undefined,
      ),
    )
    .orderBy(desc(blog_posts.featured), desc(blog_posts.published_at))
    .limit(50);
}

/** A published post with its counts and, for a signed-in reader, whether they liked or bookmarked it. */
export async function getPost(db: DbOrTx, input: { slug: string; userId: string | null; now: Date }) {
  const mine = (table: "likes" | "bookmarks") =>
    input.userId
      ? sql<boolean>`EXISTS (SELECT 1 FROM ${sql.raw(table)} r WHERE r.post_id = blog_posts.id AND r.user_id = ${input.userId})`
      : sql<boolean>`false`;
  const [post] = await db
    .select({ ...overview, content: blog_posts.content, liked: mine("likes"), bookmarked: mine("bookmarks") })
    .from(blog_posts)
    .leftJoin(blog_categories, eq(blog_categories.id, blog_posts.category_id))
    .where(and(eq(blog_posts.slug, input.slug), lte(blog_posts.published_at, input.now)));
  return post;
}

export async function postIdBySlug(db: DbOrTx, slug: string, now: Date) {
  if (!POST_SLUG.test(slug)) return null;
  const [row] = await db
    .select({ id: blog_posts.id })
    .from(blog_posts)
    .where(and(eq(blog_posts.slug, slug), lte(blog_posts.published_at, now)));
  return row?.id ?? null;
}

/** Approved comments, newest first; the name falls back to 'User' (docs/product/marketplace.md §7). */
export async function listComments(db: DbOrTx, postId: string) {
  const rows = await db
    .select({ id: comments.id, content: comments.content, created_at: comments.created_at, name: profiles.full_name, avatar_url: profiles.avatar_url })
    .from(comments)
    .leftJoin(profiles, eq(profiles.id, comments.user_id))
    .where(and(eq(comments.post_id, postId), eq(comments.approved, true)))
    .orderBy(desc(comments.created_at))
    .limit(200);
  return rows.map((r) => ({ ...r, name: r.name?.trim() || "User" }));
}

export async function listBlogCategories(db: DbOrTx) {
  return db.select({ name: blog_categories.name }).from(blog_categories).orderBy(blog_categories.name);
}

export async function postCounts(db: DbOrTx, postId: string) {
  const [row] = await db
    .select({ likes: overview.like_count, comments: overview.comment_count })
    .from(blog_posts)
    .where(eq(blog_posts.id, postId));
  return row ?? null;
}

const notifyCounts = (tx: DbOrTx, postId: string) => tx.execute(sql`SELECT pg_notify(${COUNTS_CHANNEL}, ${postId})`);

export type Reaction = "like" | "bookmark";

/**
 * Sets a like or bookmark on or off (not a toggle: the button says which), so a
 * double click or the same press in two tabs leaves one row, or none.
 */
export async function setReaction(db: DbOrTx, input: { kind: Reaction; postId: string; userId: string; on: boolean }) {
  const table = input.kind === "like" ? likes : bookmarks;
  await db.transaction(async (tx) => {
    if (input.on) await tx.insert(table).values({ post_id: input.postId, user_id: input.userId }).onConflictDoNothing();
    else await tx.delete(table).where(and(eq(table.post_id, input.postId), eq(table.user_id, input.userId)));
    if (input.kind === "like") await notifyCounts(tx, input.postId);
  });
}

/** A comment, approved by default (an admin can unapprove it with SQL). The text is checked by the form's schema. */
export async function addComment(db: DbOrTx, input: { postId: string; userId: string; content: string }) {
  await db.transaction(async (tx) => {
    await tx.insert(comments).values({ post_id: input.postId, user_id: input.userId, content: input.content });
    await notifyCounts(tx, input.postId);
  });
}

/**
 * After a guest signs in from a blog action (/login?redirect=/blog/{slug}&action=…):
 * a like or bookmark is done, a comment goes back to its form with the draft. Returns
 * where to go next.
 */
export async function resumeBlogAction(db: DbOrTx, input: { userId: string; path: string; action?: string; draft?: string; now: Date }) {
  // postIdBySlug checks the slug's form.
  const slug = /^\/blog\/([^/]+)$/.exec(input.path)?.[1];
  if (!slug || !input.action) return input.path;
  const postId = await postIdBySlug(db, slug, input.now);
  if (!postId) return input.path;
  if (input.action === "like" || input.action === "bookmark") {
    await setReaction(db, { kind: input.action, postId, userId: input.userId, on: true });
    return input.path;
  }
  if (input.action === "comment") {
    const draft = input.draft?.slice(0, COMMENT_MAX_CHARS) ?? "";
    // No #fragment: a browser skips `autofocus` on a page opened at a fragment.
    return `${input.path}?${new URLSearchParams({ comment: "1", ...(draft.trim() ? { draft } : {}) })}`;
  }
  return input.path;
}
