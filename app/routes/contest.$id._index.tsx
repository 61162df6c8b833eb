import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { notFoundBoundary } from "~/components/not-found";
import { db } from "~/db/client.server";
import { enrolState, getContest } from "~/models/contest.server";
import { getUserId } from "~/utils/auth.server";
import { CONTEST_REQUIREMENTS, CONTEST_RULES } from "~/utils/contest-rules";
import { formatDateTime } from "~/utils/dates";
import { invariantResponse, requireUuidParam } from "~/utils/http.server";
import { formatINR } from "~/utils/money";
import { prizeLines } from "~/utils/prizes";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.contest.title} — StudyArena` : "Contest Not Found — StudyArena" },
  ...(data ? [{ name: "description", content: data.contest.description }] : []),
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = requireUuidParam(params);
  const userId = await getUserId(request, context);
  const contest = await getContest(db, { id, userId });
  invariantResponse(contest);
  return {
    contest,
    state: enrolState(contest, new Date()),
    prizes: prizeLines(contest.prize_pool, formatINR),
  };
}

export default function ContestDetail() {
  const { contest, state, prizes } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-head">
        <div className="container">
          <span className="tag">{contest.subject}</span>
          <h1>{contest.title}</h1>
          <p className="muted" style={{ marginBottom: 0 }}>{contest.description}</p>
        </div>
      </div>
      <section className="container section contest-detail">
        <div className="card">
          <h2>Timeline</h2>
          <dl className="facts-list">
            <div><dt>Starts</dt><dd>{formatDateTime(contest.start_time)} IST</dd></div>
            <div><dt>Ends</dt><dd>{formatDateTime(contest.end_time)} IST</dd></div>
            <div><dt>Duration</dt><dd>{contest.duration_minutes} minutes</dd></div>
            <div><dt>Questions</dt><dd>{contest.question_count}</dd></div>
            <div><dt>Entry fee</dt><dd>{contest.entry_fee === 0 ? "Free" : formatINR(contest.entry_fee)}</dd></div>
          </dl>
        </div>
        {/* Right under the facts: on a phone the button must not hide below the rules. */}
        <EnrolBox id={contest.id} state={state} />
        <div className="card">
          <h2>Prize structure</h2>
          {prizes.length === 0 ? (
            <p className="muted">Prize details not available</p>
          ) : (
            <ul className="prize-list">
              {prizes.map((p) => (
                <li key={p.name}><span>{p.name}</span> <strong>{p.value}</strong></li>
              ))}
            </ul>
          )}
        </div>
        <div className="card">
          <h2>Contest rules</h2>
          <ul>{CONTEST_RULES.map((r) => <li key={r}>{r}</li>)}</ul>
          <h2>Requirements</h2>
          <ul>{CONTEST_REQUIREMENTS.map((r) => <li key={r}>{r}</li>)}</ul>
        </div>
      </section>
    </>
  );
}

function EnrolBox({ id, state }: { id: string; state: ReturnType<typeof enrolState> }) {
  if (state === "open") {
    return (
      <div className="card enrol">
        <Link to={`/contest/${id}/pay`} className="btn btn-primary btn-block">Pay &amp; Enroll Now</Link>
      </div>
    );
  }
  const copy = {
    enrolled: { label: "Already Enrolled", hint: <>You are in. Find this contest on your <Link to="/dashboard">dashboard</Link>.</> },
    closed: { label: "Enrolment Closed", hint: <>This contest has started: there are no late entries.</> },
    ended: { label: "Contest Ended", hint: <>This contest is over. <Link to="/contests">Browse other contests</Link>.</> },
    inactive: { label: "Coming Soon", hint: <>Enrolment has not opened yet.</> },
  }[state];
  return (
    <div className="card enrol">
      <button type="button" className="btn btn-ghost btn-block" disabled>{copy.label}</button>
      <p className="muted" style={{ marginBottom: 0 }}>{copy.hint}</p>
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "Contest Not Found",
  message: "This contest does not exist or has been removed.",
  action: { label: "Back to Home", to: "/" },
});
