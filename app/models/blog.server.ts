// Blog reads. Counts come from correlated subqueries in the same statement (no
// query per post); the blog is small and these use the primary keys.
import { and, desc, eq, ilike, lte, or, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { blog_categories, blog_posts, comments, profiles } from "~/db/schema";

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

export async function listPosts(db: DbOrTx, input: { q?: string; category?: string | null; now: Date }) {
  const q = input.q?.trim().slice(0, 100);
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return db
    .select(overview)
    .from(blog_posts)
    .leftJoin(blog_categories, eq(blog_categories.id, blog_posts.category_id))
    .where(
      and(
        lte(blog_posts.published_at, input.now),
        input.category ? eq(blog_categories.name, input.category) : undefined,
        pattern ? or(ilike(blog_posts.title, pattern), ilike(blog_posts.excerpt, pattern)) : undefined,
      ),
    )
    .orderBy(desc(blog_posts.featured), desc(blog_posts.published_at))
    .limit(50);
}

export async function getPost(db: DbOrTx, slug: string, now: Date) {
  const [post] = await db
    .select({ ...overview, content: blog_posts.content })
    .from(blog_posts)
    .leftJoin(blog_categories, eq(blog_categories.id, blog_posts.category_id))
    .where(and(eq(blog_posts.slug, slug), lte(blog_posts.published_at, now)));
  return post;
}

/** Approved comments, newest first; the name falls back to 'User' (marketplace.md §7). */
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
