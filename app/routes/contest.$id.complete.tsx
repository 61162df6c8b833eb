import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ResultsNotAvailable } from "~/components/contests/results-not-available";
import { notFoundBoundary } from "~/components/not-found";
import { db } from "~/db/client.server";
import { requireContestStage } from "~/models/contests/stage.server";
import { completionMessage, readCompletion, SUBMIT_ERRORS } from "~/models/contests/test-rules";

// Test submitted (docs/product/contests.md §2): a message for the reason the test page gave, and
// the error when saving failed. Only our own reasons and error codes are read from
// the address, so a crafted link cannot put words on this page.
export const meta: MetaFunction = () => [
  { title: "Test Submitted — StudyArena" },
  { name: "description", content: "Your StudyArena contest test has been submitted." },
];

export async function loader(args: LoaderFunctionArgs) {
  const { contest, entry } = await requireContestStage(db, args, "results");
  // Only the student's own submitted entry has a completion; anyone else reads the results page's answer.
  if (!entry?.has_submitted) return { contest: null, reason: null, error: null };
  return { contest: { id: contest.id, title: contest.title }, ...readCompletion(new URL(args.request.url).searchParams) };
}

export default function Complete() {
  const { contest, reason, error } = useLoaderData<typeof loader>();
  if (!contest || !reason) return <ResultsNotAvailable />;
  const message = completionMessage(reason);
  return (
    <section className="container narrow section">
      <div className="card celebrate" role="status">
        <p className="celebrate-icon" aria-hidden="true">✓</p>
        <h1>{message.title}</h1>
        <p>{message.text}</p>
        <p className="muted">
          {contest.title} · Reason: {reason}
        </p>
      </div>
      {error ? (
        <p className="alert alert-error" role="alert" style={{ marginTop: "1rem" }}>
          {SUBMIT_ERRORS[error]}
        </p>
      ) : null}
      <div className="actions">
        <Link to={`/contest/${contest.id}/results`} className="btn btn-primary">
          See Results
        </Link>
        <Link to="/dashboard" className="btn btn-ghost">
          Go to Dashboard
        </Link>
        <Link to="/" className="btn btn-ghost">
          Home
        </Link>
      </div>
    </section>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "Contest Not Found", action: { label: "Back to Home", to: "/" } });
