// The blog: categories, posts, likes, bookmarks and comments.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, time } from "./columns";
import { userRef, users } from "./accounts";

export const blog_categories = pgTable("blog_categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const blog_posts = pgTable(
  "blog_posts",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    // Sanitised HTML (sanitised again on write by the blog model).
    content: text("content").notNull(),
    cover_image_url: text("cover_image_url"),
    category_id: integer("category_id").references(() => blog_categories.id),
    author_name: text("author_name").notNull().default("StudyArena Team"),
    read_time_minutes: integer("read_time_minutes").notNull().default(5),
    published_at: time("published_at").notNull().defaultNow(),
    featured: boolean("featured").notNull().default(false),
  },
  (t) => [index("blog_posts_published_idx").on(t.published_at), index("blog_posts_category_idx").on(t.category_id)],
);

// Likes and bookmarks: the same shape, one row per post and user.
const postReaction = (name: "likes" | "bookmarks") =>
  pgTable(
    name,
    {
      post_id: uuid("post_id")
        .notNull()
        .references(() => blog_posts.id, { onDelete: "cascade" }),
      user_id: uuid("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      created_at: createdAt(),
    },
    (t) => [primaryKey({ columns: [t.post_id, t.user_id] }), index(`${name}_user_idx`).on(t.user_id)],
  );

export const likes = postReaction("likes");
export const bookmarks = postReaction("bookmarks");

export const comments = pgTable(
  "comments",
  {
    id: id(),
    post_id: uuid("post_id")
      .notNull()
      .references(() => blog_posts.id, { onDelete: "cascade" }),
    user_id: userRef("user_id"),
    content: text("content").notNull(),
    approved: boolean("approved").notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [
    check("comments_content_not_blank", sql`length(btrim(${t.content})) > 0`),
    index("comments_post_created_idx").on(t.post_id, t.created_at),
  ],
);
