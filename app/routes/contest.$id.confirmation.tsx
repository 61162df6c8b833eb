import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useParams, useRouteError } from "@remix-run/react";
import { db } from "~/db/client.server";
import { requireUser } from "~/models/accounts/auth.server";
import { relativeStart } from "~/models/contests/countdown";
import { enrolmentConfirmation } from "~/models/contests/enrolment.server";
import { formatDateTime } from "~/utils/dates";
import { countOf } from "~/utils/text";
import { requireUuidParam } from "~/utils/http.server";
import { useServerClock } from "~/utils/use-hydrated";

const NOT_ENROLLED = "You are not enrolled in this contest";

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  const title = data ? (data.paid ? "Payment Successful" : "You're enrolled") : isRouteErrorResponse(error) && error.data === NOT_ENROLLED ? NOT_ENROLLED : "Contest Not Found";
  return [{ title: `${title} — StudyArena` }, { name: "description", content: "You are enrolled: when the test starts and what happens next." }];
};

// Only the enrolled student has a confirmation; for anyone else, and for an unknown
// contest, this page is a 404 that says which.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const id = requireUuidParam(params);
  const found = await enrolmentConfirmation(db, { userId: user.id, contestId: id });
  if (found === "missing") throw new Response("Contest Not Found", { status: 404 });
  if (found === "not-enrolled") throw new Response(NOT_ENROLLED, { status: 404 });
  return { ...found, serverNow: new Date().toISOString() };
}

export default function Confirmation() {
  const { contest, paid, serverNow } = useLoaderData<typeof loader>();
  const now = useServerClock(serverNow);
  const ended = new Date(contest.end_time) <= now;
  return (
    <section className="container narrow section">
      <div className="card celebrate" role="status">
        <p className="celebrate-icon" aria-hidden="true">✓</p>
        <h1>{paid ? "Payment Successful!" : "You're enrolled!"}</h1>
        <p>You are enrolled in <strong>{contest.title}</strong>.</p>
        {ended ? (
          <p>This contest ended on {formatDateTime(contest.end_time)} IST.</p>
        ) : (
          <p>
            The test {relativeStart(new Date(contest.start_time), now)}, on {formatDateTime(contest.start_time)} IST:{" "}
            a {contest.duration_minutes} minute MCQ test.
          </p>
        )}
      </div>
      <div className="card" style={{ marginTop: "1rem" }}>
        <h2>What happens next</h2>
        {ended ? (
          <p>Your results, if you took the test, are on your dashboard.</p>
        ) : (
          <ul>
            <li>A timed multiple-choice test of {countOf(contest.duration_minutes, "minute")}.</li>
            <li>Finish all questions within the time.</li>
            <li>When the time is up, your answers are submitted automatically.</li>
            <li>The test is available from the start time: open it from your dashboard with your camera ready.</li>
          </ul>
        )}
        <div className="actions">
          <Link to="/dashboard" className="btn btn-primary">Go to Dashboard</Link>
          {ended ? null : <Link to={`/contest/${contest.id}/entry`} className="btn btn-ghost">Check your camera</Link>}
          <Link to={`/contest/${contest.id}`} className="btn btn-ghost">Contest details</Link>
          <Link to="/contact" className="btn btn-ghost">Need help?</Link>
        </div>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  const notEnrolled = error.data === NOT_ENROLLED;
  const { id } = useParams();
  return (
    <section className="container narrow section error-page">
      <h1>{notEnrolled ? NOT_ENROLLED : "Contest Not Found"}</h1>
      <div className="actions">
        {notEnrolled ? <Link to={`/contest/${id}`} className="btn btn-primary">See the contest</Link> : null}
        <Link to="/contests" className="btn btn-ghost">Browse Contests</Link>
      </div>
    </section>
  );
}
