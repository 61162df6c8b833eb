import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contests, user_contest_entries } from "~/db/schema";
import { requireUser } from "~/models/accounts/auth.server";
import { relativeStart } from "~/models/contests/countdown";
import { formatDateTime } from "~/utils/dates";
import { requireUuidParam } from "~/utils/http.server";
import { useServerClock } from "~/utils/use-hydrated";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta("Payment Successful", "You are enrolled: when the test starts and what happens next.");

// Only the enrolled student sees this page; anyone else is sent to the contest.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const id = requireUuidParam(params);
  const [row] = await db
    .select({ id: contests.id, title: contests.title, start_time: contests.start_time, duration_minutes: contests.duration_minutes, entry: user_contest_entries.id })
    .from(contests)
    .leftJoin(user_contest_entries, and(eq(user_contest_entries.contest_id, contests.id), eq(user_contest_entries.user_id, user.id)))
    .where(eq(contests.id, id));
  if (row && !row.entry) {
    return { contest: null, serverNow: new Date().toISOString(), notEnrolledIn: row.id };
  }
  return { contest: row ?? null, serverNow: new Date().toISOString(), notEnrolledIn: null };
}

export default function Confirmation() {
  const { contest, serverNow, notEnrolledIn } = useLoaderData<typeof loader>();
  const now = useServerClock(serverNow);
  if (!contest) {
    return (
      <section className="container narrow section error-page">
        <h1>{notEnrolledIn ? "You are not enrolled in this contest" : "Contest Not Found"}</h1>
        <div className="actions">
          {notEnrolledIn ? <Link to={`/contest/${notEnrolledIn}`} className="btn btn-primary">See the contest</Link> : null}
          <Link to="/contests" className="btn btn-ghost">Browse Contests</Link>
        </div>
      </section>
    );
  }
  return (
    <section className="container narrow section">
      <div className="card celebrate" role="status">
        <p className="celebrate-icon" aria-hidden="true">✓</p>
        <h1>Payment Successful!</h1>
        <p>You are enrolled in <strong>{contest.title}</strong>.</p>
        <p>
          The test {relativeStart(new Date(contest.start_time), now)}, on {formatDateTime(contest.start_time)} IST:{" "}
          a {contest.duration_minutes} minute MCQ test.
        </p>
      </div>
      <div className="card" style={{ marginTop: "1rem" }}>
        <h2>What happens next</h2>
        <ul>
          <li>A timed multiple-choice test of {contest.duration_minutes} minutes.</li>
          <li>Finish all questions within the time.</li>
          <li>When the time is up, your answers are submitted automatically.</li>
          <li>The test is available from the start time: open it from your dashboard with your camera ready.</li>
        </ul>
        <div className="actions">
          <Link to="/dashboard" className="btn btn-primary">Go to Dashboard</Link>
          <Link to={`/contest/${contest.id}/entry`} className="btn btn-ghost">Check your camera</Link>
          <Link to={`/contest/${contest.id}`} className="btn btn-ghost">Contest details</Link>
          <Link to="/contact" className="btn btn-ghost">Need help?</Link>
        </div>
      </div>
    </section>
  );
}
