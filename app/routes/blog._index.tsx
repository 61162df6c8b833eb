import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CommentIcon, HeartIcon, plural } from "~/components/icons";
import { db } from "~/db/client.server";
import { listBlogCategories, listPosts } from "~/models/blog/posts.server";
import { getUser, requireUser } from "~/models/accounts/auth.server";
import { formatDate } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { SEARCH_MAX, searchText } from "~/utils/text";
import { useDebouncedSubmit } from "~/utils/use-debounced-submit";
import type { RequestPolicy } from "~/server/policy";

// The blog list (docs/product/marketplace.md §2 Blog): search and category chips are GET
// parameters, so they work without JavaScript; a signed-in reader's bookmarks are
// the list at ?bookmarked=1.
/** A guest's view is the same for every guest: kept in memory for a second (app/utils/page-cache.server.ts). */
export const requestPolicy: RequestPolicy = { page: "guest" };

export const meta: MetaFunction = () =>
  pageMeta("Blog", "Study tips, exam strategy and student life: articles for students preparing for contests and exams.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const bookmarked = params.get("bookmarked") === "1";
  const user = bookmarked ? await requireUser(request, context) : await getUser(request, context);
  const q = searchText(params);
  const category = searchText(params, "category") || null;
  const [posts, categories] = await Promise.all([
    listPosts(db, { q, category, bookmarkedBy: bookmarked ? user!.id : null, now: new Date() }),
    listBlogCategories(db),
  ]);
  return { posts, categories, q, category, bookmarked, signedIn: Boolean(user) };
}

export default function Blog() {
  const searchAsYouType = useDebouncedSubmit();
  const { posts, categories, q, category, bookmarked, signedIn } = useLoaderData<typeof loader>();
  const [featured, ...rest] = posts;
  const showFeatured = featured?.featured && !q && !category && !bookmarked;
  const list = showFeatured ? rest : posts;
  const chip = (name: string | null) => `?${new URLSearchParams({ ...(q ? { q } : {}), ...(name ? { category: name } : {}) })}`;
  return (
    <>
      <div className="page-head">
        <div className="container">
          <h1>{bookmarked ? "Your bookmarks" : "Blog"}</h1>
          <p className="muted">{bookmarked ? "Posts you saved to read later." : "Study tips, exam strategy and student life."}</p>
        </div>
      </div>
      <section className="container section">
        <Form method="get" role="search" className="search-row">
          {category ? <input type="hidden" name="category" value={category} /> : null}
          {bookmarked ? <input type="hidden" name="bookmarked" value="1" /> : null}
          <label htmlFor="blog-search" className="visually-hidden">Search posts</label>
          <input id="blog-search" type="search" name="q" defaultValue={q} placeholder="Search posts" maxLength={SEARCH_MAX} onChange={searchAsYouType} />
          <button type="submit" className="btn btn-primary">Search</button>
        </Form>
        <nav aria-label="Categories" className="chips">
          <Link to={chip(null)} aria-current={category || bookmarked ? undefined : "page"}>All</Link>
          {categories.map((c) => (
            <Link key={c.name} to={chip(c.name)} aria-current={category === c.name && !bookmarked ? "page" : undefined}>{c.name}</Link>
          ))}
          {signedIn ? <Link to="?bookmarked=1" aria-current={bookmarked ? "page" : undefined}>Bookmarked</Link> : null}
        </nav>
        {showFeatured ? <PostCard post={featured} featured /> : null}
        {posts.length === 0 ? (
          <p className="card empty">{bookmarked && !q ? "No bookmarks yet: press Bookmark on a post to keep it here." : "No posts found"}</p>
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
      {post.cover_image_url ? (
        <img src={post.cover_image_url} alt="" width={400} height={225} loading="lazy" decoding="async" className="post-cover" />
      ) : (
        <div className="post-cover post-placeholder" aria-hidden="true">{post.category_name ?? "Blog"}</div>
      )}
      <p className="muted post-facts">
        {featured ? <strong>Featured · </strong> : null}
        <span className="tag">{post.category_name ?? "General"}</span> {post.read_time_minutes} min read · {formatDate(post.published_at)}
      </p>
      <h3>
        <Link to={`/blog/${post.slug}`}>{post.title}</Link>
      </h3>
      <p style={{ margin: 0 }}>{post.excerpt}</p>
      <p className="muted post-counts">
        <span><HeartIcon /> {plural(post.like_count, "like")}</span>
        <span><CommentIcon /> {plural(post.comment_count, "comment")}</span>
      </p>
    </article>
  );
}
