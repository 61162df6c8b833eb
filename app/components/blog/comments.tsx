import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors, TextareaField } from "~/components/ui/field";
import type { BlogActionSchema } from "~/models/blog/schemas";
import { COMMENT_MAX_CHARS } from "~/models/blog/comment-rules";
import { formatDateTime } from "~/utils/dates";
import { useT } from "~/utils/i18n";
import { useIsPending } from "~/utils/use-is-pending";
import { useSchemaForm } from "~/utils/use-schema-form";

type Comment = { id: string; name: string; content: string; created_at: Date | string };

/** Comments, newest first, and the form (for a guest it leads to login and back with the draft). Its words are the blog namespace's. */
export function Comments({
  comments,
  lastResult,
  draft,
  focus,
}: {
  comments: Comment[];
  lastResult: SubmissionResult<string[]> | undefined;
  draft: string;
  focus: boolean;
}) {
  const pending = useIsPending();
  const [form, fields] = useSchemaForm<typeof BlogActionSchema>(lastResult, { id: "comment-form", defaultValue: { intent: "comment", content: draft } });
  const { t, locale } = useT();
  return (
    <section aria-labelledby="comments-title" id="comments">
      <h2 id="comments-title">{t("blog.commentsTitle")}</h2>
      {/* A new comment remounts the form, so the box is empty again. */}
      <Form method="post" className="form card" key={comments.length} preventScrollReset {...form.props}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="comment" />
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- only when the student came back from logging in to write this comment (issue: "the form focused") */}
        <TextareaField label={t("blog.addComment")} field={fields.content} rows={4} maxLength={COMMENT_MAX_CHARS} autoFocus={focus} />
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? t("blog.posting") : t("blog.postComment")}
        </button>
      </Form>
      {comments.length === 0 ? (
        <p className="muted">{t("blog.noComments")}</p>
      ) : (
        <ul className="comments">
          {comments.map((c) => (
            <li key={c.id} className="card">
              <strong translate="no">{c.name}</strong> <span className="muted">· {t("blog.commentWhen", { when: formatDateTime(c.created_at, locale) })}</span>
              {/* In the language its reader wrote it in. */}
              <p style={{ marginBottom: 0, whiteSpace: "pre-line" }} translate="no">
                {c.content}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
