import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BookmarkButton } from "~/components/contests/practice/bookmark-button";
import { notFoundBoundary } from "~/components/not-found";
import { AnswerList } from "~/components/contests/results/exam-results";
import { db } from "~/db/client.server";
import { requireUser } from "~/models/accounts/auth.server";
import { PRACTICE_MESSAGES, REVISION_FILTERS, type RevisionFilter } from "~/models/contests/practice/practice";
import { BookmarkSchema } from "~/models/contests/practice/practice-schema";
import { revisionPage, setBookmark, type RevisionItem } from "~/models/contests/practice/revision.server";
import { parseForm } from "~/utils/forms.server";
import { notFound, redirectWithFlash } from "~/utils/http.server";
import { useT } from "~/utils/i18n";
import { i18nFor, messagesUnder } from "~/utils/i18n.server";
import { metaTranslator, pageMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/urls";

// "My revision" (issue 48, point 6): the questions the student bookmarked and those they got
// wrong, across every contest whose test has closed, with the key and the solution; and the
// bookmark button's action, which every page with the button posts to and comes back from.

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t("practice.revision.metaTitle"), t("practice.revision.metaDescription"));
};

/** Pages beyond this are not read: a student's whole revision fits far within it. */
const MAX_PAGE = 1000;

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args.request, args.context);
  const url = new URL(args.request.url);
  const asked = url.searchParams.get("show");
  const show: RevisionFilter = REVISION_FILTERS.find((f) => f === asked) ?? "all";
  const page = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const { locale, messages } = i18nFor(args.request, args.context, "practice");
  const revision = await revisionPage(db, { userId: user.id, show, page, locale, now: new Date() });
  const words = messagesUnder(locale, "results.verdict.", "results.question", "results.ids", "results.yourAnswer", "results.correctAnswer", "results.marksLabel", "results.explanation");
  return { show, page, ...revision, messages: { ...messages, ...words } };
}

/**
 * A bookmark added or removed, then back to the page it came from (a path of this site
 * only). A question the student may not see yet is a 404, as one that does not exist.
 */
export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args.request, args.context);
  const submission = await parseForm(args.request, BookmarkSchema);
  if (submission.status !== "success") notFound();
  const { intent, questionId, back } = submission.value;
  const to = safeRedirect(back, "/revision");
  const outcome = await setBookmark(db, { userId: user.id, questionId, on: intent === "add", now: new Date() });
  if (outcome === "not-found") notFound();
  if (outcome === "full") return redirectWithFlash(to, { kind: "error", message: PRACTICE_MESSAGES.bookmarkFull });
  return redirectWithFlash(to, { kind: "success", message: outcome === "added" ? PRACTICE_MESSAGES.bookmarked : PRACTICE_MESSAGES.unbookmarked });
}

export default function Revision() {
  const { show, page, items, more, counts } = useLoaderData<typeof loader>();
  const { t } = useT();
  const here = `/revision?${new URLSearchParams({ ...(show === "all" ? {} : { show }), ...(page > 1 ? { page: String(page) } : {}) })}`;
  const link = (p: number) => `?${new URLSearchParams({ ...(show === "all" ? {} : { show }), ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <section className="container section">
      <h1>{t("practice.revision.title")}</h1>
      <p>{t("practice.revision.intro")}</p>
      {counts ? (
        <nav className="chips" aria-label={t("practice.revision.filter.label")}>
          {REVISION_FILTERS.map((f) => (
            <Link key={f} to={f === "all" ? "/revision" : `/revision?show=${f}`} aria-current={f === show ? "page" : undefined}>
              {t(`practice.revision.filter.${f}`, { count: counts[f] })}
            </Link>
          ))}
        </nav>
      ) : null}
      {items.length === 0 ? <p className="card empty">{t("practice.revision.empty")}</p> : null}
      <AnswerList
        answers={items}
        after={(q) => {
          const item = q as RevisionItem;
          return (
            <>
              <p className="muted">
                <Link to={`/contest/${item.contestId}/results?tab=breakdown#q-${item.id}`} translate="no">
                  {t("practice.revision.from", { title: item.contestTitle })}
                </Link>
              </p>
              <BookmarkButton questionId={item.id} bookmarked={item.bookmarked} back={here} />
            </>
          );
        }}
      />
      {page > 1 || more ? (
        <nav className="pager" aria-label={t("practice.revision.title")}>
          {page > 1 ? <Link to={link(page - 1)}>{t("practice.revision.previous")}</Link> : null}
          {more ? <Link to={link(page + 1)}>{t("practice.revision.next")}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

/** A bookmark of a question the student may not see (or that does not exist): 404, back to the revision. */
export const ErrorBoundary = notFoundBoundary({ title: "common.notFound.question", message: "common.notFound.questionText", action: { label: "common.notFound.toDashboard", to: "/dashboard" } });
