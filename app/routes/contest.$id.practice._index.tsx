import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContestNotFound } from "~/components/not-found";
import { db } from "~/db/client.server";
import { requireUser } from "~/models/accounts/auth.server";
import { practiceOverview, startPractice, type AttemptSummary } from "~/models/contests/practice/practice.server";
import { StartPracticeSchema } from "~/models/contests/practice/practice-schema";
import { marksText } from "~/components/contests/results/exam-results";
import { formatDateTime } from "~/utils/dates";
import { parseForm } from "~/utils/forms.server";
import { invariantResponse, requireUuidParam } from "~/utils/http.server";
import { useT, type Msg } from "~/utils/i18n";
import { i18nFor } from "~/utils/i18n.server";
import { metaTranslator, pageMeta } from "~/utils/meta";
import { useIsPending } from "~/utils/use-is-pending";
import { PracticeLinks } from "~/components/contests/practice/practice-links";

// Practise again (issue 48, point 6): a finished contest's paper taken again by an entrant,
// whole or only the wrong ones, in the test's own screen (contest.$id.practice.test.tsx),
// and every attempt kept with its figures. Anyone without a submitted entry gets a 404.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return data ? pageMeta(t("practice.metaTitle", { title: data.title }), t("practice.metaDescription")) : pageMeta(t("common.notFound.contest"), t("common.notFound.contestText"));
};

async function entrant(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const contestId = requireUuidParam(args.params);
  const user = await requireUser(args.request, args.context);
  return { contestId, user };
}

export async function loader(args: LoaderFunctionArgs) {
  const { contestId, user } = await entrant(args);
  const overview = await practiceOverview(db, { contestId, userId: user.id });
  invariantResponse(overview, "Contest Not Found");
  return { contestId, ...overview, messages: i18nFor(args.request, args.context, "practice").messages };
}

export async function action(args: ActionFunctionArgs) {
  const { contestId, user } = await entrant(args);
  const submission = await parseForm(args.request, StartPracticeSchema);
  if (submission.status !== "success") return data({ error: { id: "practice.badScope" } as Msg }, { status: 400 });
  const outcome = await startPractice(db, { contestId, userId: user.id, scope: submission.value.scope, now: new Date() });
  invariantResponse(outcome, "Contest Not Found");
  if (!outcome.ok) return data({ error: outcome.message }, { status: 409 });
  throw redirect(`/contest/${contestId}/practice/test`);
}

export default function Practice() {
  const { contestId, title, finalized, wrong, attempts, open } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { t, tm } = useT();
  const pending = useIsPending();
  return (
    <section className="container narrow section">
      <p className="muted">{t("practice.tag")}</p>
      <h1 translate="no">{title}</h1>
      <p>{t("practice.intro")}</p>
      {!finalized ? (
        <p className="card" role="status">
          {t("practice.notYet")}
        </p>
      ) : (
        <div className="card">
          {posted?.error ? (
            <p className="alert alert-error" role="alert">
              {tm(posted.error)}
            </p>
          ) : null}
          {open ? (
            <p>
              <Link to={`/contest/${contestId}/practice/test`} className="btn btn-primary">
                {t("practice.continue")}
              </Link>{" "}
              <span className="muted">{t("practice.openNote")}</span>
            </p>
          ) : null}
          <Form method="post" className="actions">
            <button type="submit" name="scope" value="all" className={`btn ${open ? "btn-ghost" : "btn-primary"}`} disabled={pending}>
              {t("practice.start.all")}
            </button>
            {wrong > 0 ? (
              <button type="submit" name="scope" value="wrong" className="btn btn-ghost" disabled={pending}>
                {t("practice.start.wrong", { count: wrong })}
              </button>
            ) : null}
          </Form>
        </div>
      )}

      <h2>{t("practice.attempts")}</h2>
      {attempts.length === 0 ? <p className="card empty">{t("practice.noAttempts")}</p> : <Attempts contestId={contestId} attempts={attempts} />}
      <PracticeLinks contestId={contestId} />
    </section>
  );
}

/** Each attempt on a line of its own (a phone's width), newest first. */
function Attempts({ contestId, attempts }: { contestId: string; attempts: Array<Omit<AttemptSummary, "startedAt" | "submittedAt"> & { startedAt: string | Date; submittedAt: string | Date | null }> }) {
  const { t, locale } = useT();
  return (
    <ol className="facts-list">
      {attempts.map((a) => (
        <li key={a.id} className="card">
          <p>
            <strong>{t(`practice.scope.${a.scope}`)}</strong> · {t("practice.col.scope")}: {a.questions} · {t("practice.col.when")}: {formatDateTime(a.startedAt, locale)}
          </p>
          {a.submittedAt === null ? (
            <p>
              <span className="badge tone-orange">{t("practice.inProgress")}</span>
            </p>
          ) : (
            <p>
              {t("practice.col.correct")}: <strong>{a.correct}</strong> · {t("practice.col.wrong")}: <strong>{a.wrong}</strong> · {t("practice.col.unanswered")}:{" "}
              <strong>{a.unanswered}</strong> · {t("practice.col.marks")}: <strong>{marksText(a.marks)}</strong>
            </p>
          )}
          <Link to={`/contest/${contestId}/practice/${a.id}`}>{t("practice.view")}</Link>
        </li>
      ))}
    </ol>
  );
}

export const ErrorBoundary = ContestNotFound;
