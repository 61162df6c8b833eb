import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { notFoundBoundary } from "~/components/not-found";
import { db } from "~/db/client.server";
import { getPost, listComments } from "~/models/blog.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { invariantResponse } from "~/utils/http.server";
import { sanitizePostHtml } from "~/utils/sanitize.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: `${data.post.title} — StudyArena Blog` }, { name: "description", content: data.post.excerpt }] : [{ title: "Post Not Found — StudyArena" }];

export async function loader({ params }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  const post = /^[a-z0-9-]{1,120}$/.test(slug) ? await getPost(db, slug, new Date()) : undefined;
  invariantResponse(post);
  const comments = await listComments(db, post.post_id);
  return { post: { ...post, content: sanitizePostHtml(post.content) }, comments };
}

export default function BlogPost() {
  const { post, comments } = useLoaderData<typeof loader>();
  return (
    <article className="container prose section">
      <p><Link to="/blog">← All posts</Link></p>
      <p className="muted" style={{ marginBottom: 0 }}>
        {post.category_name ?? "General"} · {post.read_time_minutes} min read · {formatDate(post.published_at)} · {post.author_name}
      </p>
      <h1>{post.title}</h1>
      <div className="post-body" dangerouslySetInnerHTML={{ __html: post.content }} />
      <p className="muted">♥ {post.like_count} likes · {post.comment_count} comments</p>
      <section aria-labelledby="comments-title">
        <h2 id="comments-title">Comments</h2>
        {comments.length === 0 ? (
          <p className="muted">No comments yet. Be the first to comment!</p>
        ) : (
          <ul className="comments">
            {comments.map((c) => (
              <li key={c.id} className="card">
                <strong>{c.name}</strong> <span className="muted">· {formatDateTime(c.created_at)}</span>
                <p style={{ marginBottom: 0 }}>{c.content}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "Post Not Found", action: { label: "Back to the Blog", to: "/blog" } });
