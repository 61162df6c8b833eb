import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CommentIcon, HeartIcon } from "~/components/icons";
import { db } from "~/db/client.server";
import { listBlogCategories, listPosts } from "~/models/blog/posts.server";
import { getUser, requireUser } from "~/models/accounts/auth.server";
import { formatDate } from "~/utils/dates";
import { translatedPageMeta } from "~/utils/meta";
import { useT } from "~/utils/i18n";
import { i18nFor } from "~/utils/i18n.server";
import { SEARCH_MAX, searchText } from "~/utils/text";
import { useDebouncedSubmit } from "~/utils/use-debounced-submit";
import type { RequestPolicy } from "~/server/policy";

// The blog list (docs/product/marketplace.md §2 Blog): search and category chips are GET
// parameters, so they work without JavaScript; a signed-in reader's bookmarks are
// the list at ?bookmarked=1.
/** A guest's view is the same for every guest: kept in memory for a second (app/utils/page-cache.server.ts). */
export const requestPolicy: RequestPolicy = { page: "guest" };

export const meta = translatedPageMeta("blog.meta.title", "blog.meta.description");

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
  return { posts, categories, q, category, bookmarked, signedIn: Boolean(user), messages: i18nFor(request, context, "blog").messages };
}

export default function Blog() {
  const searchAsYouType = useDebouncedSubmit();
  const { posts, categories, q, category, bookmarked, signedIn } = useLoaderData<typeof loader>();
  const [featured, ...rest] = posts;
  const showFeatured = featured?.featured && !q && !category && !bookmarked;
  const list = showFeatured ? rest : posts;
  const chip = (name: string | null) => `?${new URLSearchParams({ ...(q ? { q } : {}), ...(name ? { category: name } : {}) })}`;
  const { t } = useT();
  return (
    <>
      <div className="page-head">
        <div className="container">
          <h1>{bookmarked ? t("blog.bookmarks") : t("blog.title")}</h1>
          <p className="muted">{bookmarked ? t("blog.bookmarksIntro") : t("blog.intro")}</p>
        </div>
      </div>
      <section className="container section">
        <Form method="get" role="search" className="search-row">
          {category ? <input type="hidden" name="category" value={category} /> : null}
          {bookmarked ? <input type="hidden" name="bookmarked" value="1" /> : null}
          <label htmlFor="blog-search" className="visually-hidden">{t("blog.search")}</label>
          <input id="blog-search" type="search" name="q" defaultValue={q} placeholder={t("blog.search")} maxLength={SEARCH_MAX} onChange={searchAsYouType} />
          <button type="submit" className="btn btn-primary">{t("blog.searchButton")}</button>
        </Form>
        <nav aria-label={t("blog.categories")} className="chips">
          <Link to={chip(null)} aria-current={category || bookmarked ? undefined : "page"}>{t("blog.all")}</Link>
          {categories.map((c) => (
            <Link key={c.name} to={chip(c.name)} aria-current={category === c.name && !bookmarked ? "page" : undefined} translate="no">{c.name}</Link>
          ))}
          {signedIn ? <Link to="?bookmarked=1" aria-current={bookmarked ? "page" : undefined}>{t("blog.bookmarked")}</Link> : null}
        </nav>
        {showFeatured ? <PostCard post={featured} featured /> : null}
        {posts.length === 0 ? (
          <p className="card empty">{bookmarked && !q ? t("blog.noBookmarks") : t("blog.noPosts")}</p>
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
  const { t, locale } = useT();
  return (
    <article className={featured ? "card post-card featured" : "card post-card"}>
      {post.cover_image_url ? (
        <img src={post.cover_image_url} alt="" width={400} height={225} loading="lazy" decoding="async" className="post-cover" />
      ) : (
        <div className="post-cover post-placeholder" aria-hidden="true" translate="no">{post.category_name ?? t("blog.title")}</div>
      )}
      <p className="muted post-facts">
        {featured ? <strong>{t("blog.featured")}</strong> : null}
        <span className="tag" translate="no">{post.category_name ?? t("blog.general")}</span> {t("blog.readTime", { minutes: post.read_time_minutes })} · {formatDate(post.published_at, locale)}
      </p>
      {/* Posts are shown as their authors wrote them. */}
      <h3 translate="no">
        <Link to={`/blog/${post.slug}`}>{post.title}</Link>
      </h3>
      <p style={{ margin: 0 }} translate="no">{post.excerpt}</p>
      <p className="muted post-counts">
        <span><HeartIcon /> {t("blog.likes", { count: post.like_count })}</span>
        <span><CommentIcon /> {t("blog.comments", { count: post.comment_count })}</span>
      </p>
    </article>
  );
}
