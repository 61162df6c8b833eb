import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BookmarkButton } from "~/components/contests/practice/bookmark-button";
import { AnswerList, marksText, VERDICTS } from "~/components/contests/results/exam-results";
import { ContestNotFound } from "~/components/not-found";
import { db } from "~/db/client.server";
import { requireUser } from "~/models/accounts/auth.server";
import { changeOf, type AttemptTotals } from "~/models/contests/practice/practice";
import { practiceResult, type PracticeAnswer } from "~/models/contests/practice/practice.server";
import { bookmarkedIn } from "~/models/contests/practice/revision.server";
import { invariantResponse, requireUuidParam } from "~/utils/http.server";
import { useT, type MessageId } from "~/utils/i18n";
import { i18nFor, messagesUnder } from "~/utils/i18n.server";
import { metaTranslator, pageMeta } from "~/utils/meta";
import { PracticeLinks } from "~/components/contests/practice/practice-links";

// A practice attempt's result (issue 48, point 6): this attempt beside the first on the same
// questions, then each question with both answers, the key and the solution. Unscored: the
// results, rank and prizes do not move. Only the student's own attempt; anything else is a 404.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return data ? pageMeta(t("practice.result.metaTitle", { title: data.title }), t("practice.metaDescription")) : pageMeta(t("common.notFound.contest"), t("common.notFound.contestText"));
};

export async function loader(args: LoaderFunctionArgs) {
  const contestId = requireUuidParam(args.params);
  const attemptId = requireUuidParam(args.params, "attemptId");
  const user = await requireUser(args.request, args.context);
  const { locale, messages } = i18nFor(args.request, args.context, "practice");
  const mine = { contestId, userId: user.id };
  const [result, bookmarked] = await Promise.all([practiceResult(db, { ...mine, attemptId, locale }), bookmarkedIn(db, mine)]);
  invariantResponse(result, "Contest Not Found");
  // The breakdown's own words (exam-results.tsx), not the whole results namespace.
  const words = messagesUnder(locale, "results.verdict.", "results.question", "results.ids", "results.yourAnswer", "results.correctAnswer", "results.marksLabel", "results.time.", "results.duration", "results.explanation");
  return { contestId, ...result, bookmarked, messages: { ...messages, ...words } };
}

const CHANGES: Record<ReturnType<typeof changeOf>, { label: MessageId; tone: string }> = {
  better: { label: "practice.change.better", tone: "tone-green" },
  worse: { label: "practice.change.worse", tone: "tone-orange" },
  same: { label: "practice.change.same", tone: "tone-grey" },
};

export default function PracticeResult() {
  const { contestId, title, attempt, answers, totals, bookmarked } = useLoaderData<typeof loader>();
  const { t } = useT();
  const kept = new Set(bookmarked);
  const here = `/contest/${contestId}/practice/${attempt.id}`;
  return (
    <section className="container section">
      <p className="muted">{t("practice.result.title")}</p>
      <h1 translate="no">{title}</h1>
      <p className="card" role="status">
        <strong>{t(`practice.scope.${attempt.scope}`)}</strong> · {t(attempt.submittedAt === null ? "practice.inProgress" : "practice.result.unscored")}
      </p>
      <Totals now={totals.now} first={totals.first} />
      <AnswerList
        answers={answers}
        after={(q) => {
          const first = (q as PracticeAnswer).first;
          const change = first ? CHANGES[changeOf(q, first)] : null;
          return (
            <>
              {first ? (
                <p>
                  {t("practice.result.firstLine", { verdict: t(VERDICTS[first.verdict].label), marks: marksText(first.marks) })}{" "}
                  {change ? <span className={`badge ${change.tone}`}>{t(change.label)}</span> : null}
                </p>
              ) : null}
              <BookmarkButton questionId={q.id} bookmarked={kept.has(q.id)} back={here} />
            </>
          );
        }}
      />
      <PracticeLinks contestId={contestId}>
        <Link to={`/contest/${contestId}/practice`} className="btn btn-primary">
          {t("practice.again")}
        </Link>
      </PracticeLinks>
    </section>
  );
}

/** This attempt beside the first, figure by figure: a plain table, one row per figure. */
function Totals({ now, first }: { now: AttemptTotals; first: AttemptTotals }) {
  const { t } = useT();
  const rows: Array<{ label: MessageId; now: string; first: string }> = [
    { label: "practice.col.correct", now: String(now.correct), first: String(first.correct) },
    { label: "practice.col.wrong", now: String(now.wrong), first: String(first.wrong) },
    { label: "practice.col.unanswered", now: String(now.unanswered), first: String(first.unanswered) },
    { label: "practice.col.marks", now: marksText(now.marks), first: marksText(first.marks) },
  ];
  return (
    <div className="table-scroll">
      <table className="section-report compare">
        <caption>{t("practice.result.caption", { count: now.questions })}</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">{t("practice.result.now")}</th>
            <th scope="col">{t("practice.result.first")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{t(r.label)}</th>
              <td data-label={t("practice.result.now")}>{r.now}</td>
              <td data-label={t("practice.result.first")}>{r.first}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const ErrorBoundary = ContestNotFound;
