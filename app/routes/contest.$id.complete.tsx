import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ResultsNotAvailable } from "~/components/contests/results/results-not-available";
import { notFoundBoundary } from "~/components/not-found";
import { db } from "~/db/client.server";
import { requireContestStage } from "~/models/contests/catalogue/stage.server";
import { completionMessage, readCompletion, reasonMessage, SUBMIT_ERRORS } from "~/models/contests/sitting/test-rules";
import { useT } from "~/utils/i18n";
import { localeOf, messagesUnder } from "~/utils/i18n.server";
import { translatedPageMeta } from "~/utils/meta";

// Test submitted (docs/product/contests.md §2): a message for the reason the test page gave, and
// the error when saving failed. Only our own reasons and error codes are read from
// the address, so a crafted link cannot put words on this page.
export const meta = translatedPageMeta("test.done.metaTitle", "test.done.metaDescription");

export async function loader(args: LoaderFunctionArgs) {
  const messages = messagesUnder(localeOf(args.request, args.context), "test.done.", "test.reason.", "test.error.", "test.none.");
  const { contest, entry } = await requireContestStage(db, args, "results");
  // Only the student's own submitted entry has a completion; anyone else reads the results page's answer.
  if (!entry?.has_submitted) return { contest: null, reason: null, error: null, messages };
  return { contest: { id: contest.id, title: contest.title }, ...readCompletion(new URL(args.request.url).searchParams), messages };
}

export default function Complete() {
  const { contest, reason, error } = useLoaderData<typeof loader>();
  const { t, tm } = useT();
  if (!contest) return <ResultsNotAvailable />;
  const message = completionMessage(reason);
  return (
    <section className="container narrow section">
      <div className="card celebrate" role="status">
        <p className="celebrate-icon" aria-hidden="true">
          ✓
        </p>
        <h1>{t(message.title)}</h1>
        <p>{t(message.text)}</p>
        <p className="muted">
          <span translate="no">{contest.title}</span> · {t("test.done.reason", { reason: tm(reasonMessage(reason, error !== null)) })}
        </p>
      </div>
      {error ? (
        <p className="alert alert-error" role="alert" style={{ marginTop: "1rem" }}>
          {t(SUBMIT_ERRORS[error])}
        </p>
      ) : null}
      <div className="actions">
        <Link to={`/contest/${contest.id}/results`} className="btn btn-primary">
          {t("test.done.results")}
        </Link>
        <Link to="/dashboard" className="btn btn-ghost">
          {t("test.done.dashboard")}
        </Link>
        <Link to="/" className="btn btn-ghost">
          {t("test.done.home")}
        </Link>
      </div>
    </section>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "common.notFound.contest", action: { label: "common.error.home", to: "/" } });
