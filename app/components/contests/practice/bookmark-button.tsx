import { Form } from "@remix-run/react";
import { useT } from "~/utils/i18n";

/**
 * A question kept for revision, or no longer (issue 48, point 6): a form to /revision that
 * comes back to `back` (this page, at the question), so it works without JavaScript.
 */
export function BookmarkButton({ questionId, bookmarked, back }: { questionId: string; bookmarked: boolean; back: string }) {
  const { t } = useT();
  return (
    <Form method="post" action="/revision" className="no-print" preventScrollReset>
      <input type="hidden" name="intent" value={bookmarked ? "remove" : "add"} />
      <input type="hidden" name="questionId" value={questionId} />
      <input type="hidden" name="back" value={`${back}#q-${questionId}`} />
      {bookmarked ? <span className="badge tone-blue">{t("practice.bookmark.badge")}</span> : null}{" "}
      <button type="submit" className="btn btn-ghost" aria-pressed={bookmarked}>
        {t(bookmarked ? "practice.bookmark.remove" : "practice.bookmark.add")}
      </button>
    </Form>
  );
}
