import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { db } from "~/db/client.server";
import { listBlogCategories, listPosts } from "~/models/blog.server";
import { formatDate } from "~/utils/dates";
import { searchText } from "~/utils/misc";

export const meta: MetaFunction = () => [{ title: "Blog — StudyArena" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const q = searchText(params);
  const category = searchText(params, "category") || null;
  const [posts, categories] = await Promise.all([listPosts(db, { q, category, now: new Date() }), listBlogCategories(db)]);
  return { posts, categories, q, category };
}

export default function Blog() {
  const { posts, categories, q, category } = useLoaderData<typeof loader>();
  const [featured, ...rest] = posts;
  const showFeatured = featured?.featured && !q && !category;
  const list = showFeatured ? rest : posts;
  const chip = (name: string | null) => `?${new URLSearchParams({ ...(q ? { q } : {}), ...(name ? { category: name } : {}) })}`;
  return (
    <>
      <div className="page-head">
        <div className="container">
          <h1>Blog</h1>
          <p className="muted">Study tips, exam strategy and student life.</p>
        </div>
      </div>
      <section className="container section">
        <Form method="get" role="search" className="search-row">
          {category ? <input type="hidden" name="category" value={category} /> : null}
          <label htmlFor="blog-search" className="visually-hidden">Search posts</label>
          <input id="blog-search" type="search" name="q" defaultValue={q} placeholder="Search posts" maxLength={100} />
          <button type="submit" className="btn btn-primary">Search</button>
        </Form>
        <nav aria-label="Categories" className="chips">
          <Link to={chip(null)} aria-current={category ? undefined : "page"}>All</Link>
          {categories.map((c) => (
            <Link key={c.name} to={chip(c.name)} aria-current={category === c.name ? "page" : undefined}>{c.name}</Link>
          ))}
        </nav>
        {showFeatured ? <PostCard post={featured} featured /> : null}
        {posts.length === 0 ? (
          <p className="card empty">No posts found</p>
        ) : (
          <div className="grid" style={{ marginTop: "1rem" }}>
            {list.map((p) => <PostCard key={p.post_id} post={p} />)}
          </div>
        )}
      </section>
    </>
  );
}

type Post = Awaited<ReturnType<typeof loader>>["posts"][number];

function PostCard({ post, featured = false }: { post: Post; featured?: boolean }) {
  return (
    <article className={featured ? "card post-card featured" : "card post-card"}>
      <p className="muted" style={{ margin: 0, fontSize: ".85rem" }}>
        {featured ? <strong>Featured · </strong> : null}
        {post.category_name ?? "General"} · {post.read_time_minutes} min read · {formatDate(post.published_at)}
      </p>
      <h3>
        <Link to={`/blog/${post.slug}`}>{post.title}</Link>
      </h3>
      <p style={{ margin: 0 }}>{post.excerpt}</p>
      <p className="muted" style={{ marginBottom: 0, fontSize: ".85rem" }}>
        ♥ {post.like_count} · 💬 {post.comment_count}
      </p>
    </article>
  );
}
