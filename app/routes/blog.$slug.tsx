import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Comments } from "~/components/blog/comments";
import { Reactions } from "~/components/blog/reactions";
import { notFoundBoundary } from "~/components/not-found";
import { db } from "~/db/client.server";
import { addComment, getPost, listComments, POST_SLUG, postIdBySlug, setReaction } from "~/models/blog/posts.server";
import { getUser } from "~/models/accounts/auth.server";
import { BlogActionSchema } from "~/models/blog/schemas";
import { BLOG_ACTIONS, BLOG_MESSAGES, COMMENT_MAX_CHARS } from "~/models/blog/comment-rules";
import { formatDate } from "~/utils/dates";
import { appUrl } from "~/utils/env.server";
import { parseForm, readForm } from "~/utils/forms.server";
import { invariantResponse, redirectWithFlash } from "~/utils/http.server";
import { consume, LIMITS } from "~/services/rate-limit.server";
import { sanitizePostHtml } from "~/models/blog/sanitize.server";
import { useT, msgText } from "~/utils/i18n";
import { i18nFor, translateReply } from "~/utils/i18n.server";
import { metaTranslator } from "~/utils/meta";

// The reader (docs/product/marketplace.md §2 Blog): the post, server-rendered and sanitised, with
// likes, bookmarks, comments and sharing. Every action is a form post that works
// without JavaScript; a guest is sent to log in and comes back with the action done.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  if (!data) return [{ title: t("common.pageTitle", { title: t("common.notFound.post") }) }, { name: "description", content: t("common.notFound.postText") }];
  const { post, url } = data;
  const image = post.cover_image_url ? new URL(post.cover_image_url, url).toString() : new URL("/images/og-blog.jpg", url).toString();
  return [
    { title: t("blog.post.metaTitle", { title: post.title }) },
    { name: "description", content: post.excerpt },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "article" },
    { property: "og:title", content: post.title },
    { property: "og:description", content: post.excerpt },
    { property: "og:image", content: image },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: post.title },
    { name: "twitter:description", content: post.excerpt },
    { name: "twitter:image", content: image },
  ];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  const user = await getUser(request, context);
  const now = new Date();
  const post = POST_SLUG.test(slug) ? await getPost(db, { slug, userId: user?.id ?? null, now }) : undefined;
  invariantResponse(post);
  const comments = await listComments(db, post.post_id);
  const search = new URL(request.url).searchParams;
  return {
    post: { ...post, content: sanitizePostHtml(post.content) },
    comments,
    url: `${appUrl()}/blog/${post.slug}`,
    countsAt: now.toISOString(),
    // Back from logging in to comment: the form is focused, with what was typed.
    focusComment: search.get("comment") === "1",
    draft: (search.get("draft") ?? "").slice(0, COMMENT_MAX_CHARS),
    messages: i18nFor(request, context, "blog").messages,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const slug = params.slug ?? "";
  const postId = await postIdBySlug(db, slug, new Date());
  invariantResponse(postId);
  const path = `/blog/${slug}`;
  const user = await getUser(request, context);
  if (!user) {
    const form = await readForm(request, ["intent", "content"]);
    const action = BLOG_ACTIONS.find((a) => a === form.get("intent")) ?? "like";
    const draft = action === "comment" ? String(form.get("content") ?? "").slice(0, COMMENT_MAX_CHARS).trim() : "";
    throw redirect(`/login?${new URLSearchParams({ redirect: path, action, ...(draft ? { draft } : {}) })}`);
  }
  const { t } = i18nFor(request, context);
  const submission = await parseForm(request, BlogActionSchema);
  if (submission.status !== "success") return data(translateReply(submission.reply(), t), { status: 400 });
  const now = new Date();
  const value = submission.value;
  if (value.intent === "comment") {
    if (await consume(db, `comment:user:${user.id}`, LIMITS.commentsPerUser, now)) {
      return data(translateReply(submission.reply({ formErrors: [msgText(BLOG_MESSAGES.tooMany)] }), t), { status: 429 });
    }
    await addComment(db, { postId, userId: user.id, content: value.content });
    return redirectWithFlash(`${path}#comments`, { kind: "success", message: { id: "blog.posted" } });
  }
  if (await consume(db, `reaction:user:${user.id}`, LIMITS.reactionsPerUser, now)) {
    throw new Response(t("blog.error.reactions"), { status: 429 });
  }
  await setReaction(db, { kind: value.intent, postId, userId: user.id, on: value.on === "1" });
  throw redirect(`${path}#reactions`);
}

export default function BlogPost() {
  const { post, comments, url, countsAt, focusComment, draft } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t, locale } = useT();
  return (
    <article className="container prose section">
      <p>
        <Link to="/blog">{t("blog.post.back")}</Link>
      </p>
      <p className="muted" style={{ marginBottom: 0 }}>
        {post.category_name ? <span translate="no">{post.category_name}</span> : t("blog.general")} · {t("blog.readTime", { minutes: post.read_time_minutes })} ·{" "}
        {formatDate(post.published_at, locale)} · <span translate="no">{post.author_name}</span>
      </p>
      {/* The post is shown as its author wrote it. */}
      <h1 translate="no">{post.title}</h1>
      {post.cover_image_url ? (
        <img src={post.cover_image_url} alt="" width={760} height={400} className="post-cover" decoding="async" />
      ) : null}
      <div className="post-body" translate="no" dangerouslySetInnerHTML={{ __html: post.content }} />
      <Reactions
        slug={post.slug}
        title={post.title}
        url={url}
        liked={post.liked}
        bookmarked={post.bookmarked}
        counts={{ likes: post.like_count, comments: post.comment_count, at: countsAt }}
      />
      <Comments comments={comments} lastResult={lastResult} draft={draft} focus={focusComment} />
    </article>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "common.notFound.post", action: { label: "common.notFound.toBlog", to: "/blog" } });
