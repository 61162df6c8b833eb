import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { db } from "~/db/client.server";
import { dashboardEntries } from "~/models/contests/catalogue.server";
import { waitingForDetails } from "~/models/payments/payouts.server";
import { dashboardStats, pastResult, splitEntries, yourDeadline, type PastResult } from "~/models/contests/dashboard";
import { timeUntil } from "~/models/contests/countdown";
import { getUser } from "~/models/accounts/auth.server";
import { setFlash } from "~/utils/flash.server";
import { formatDateTime } from "~/utils/dates";
import { displayName } from "~/utils/names";
import { formatINR } from "~/utils/money";
import { useServerClock } from "~/utils/use-hydrated";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta("Dashboard", "Your upcoming and past StudyArena contests, ranks, scores and prizes.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  // docs/product/contests.md §2 and §6: without a session the guard redirects to /, where the
  // student reads 'Session Expired' with a Go to Login button.
  const user = await getUser(request, context);
  if (!user) {
    const flash = await setFlash({
      kind: "info",
      message: "Session Expired",
      action: { label: "Go to Login", to: "/login?redirectTo=%2Fdashboard" },
    });
    throw redirect("/", { headers: { "Set-Cookie": flash } });
  }
  const now = new Date();
  const [entries, waiting] = await Promise.all([dashboardEntries(db, user.id), waitingForDetails(db, user.id)]);
  const split = splitEntries(entries, now);
  const card = (e: (typeof split.past)[number]) => ({ id: e.user_contest_entry_id, contest_id: e.contest_id, contest_title: e.contest_title, contest_start_time: e.contest_start_time });
  return {
    name: displayName(user.full_name, user.email),
    upcoming: split.upcoming.map((e) => ({ ...card(e), deadline: yourDeadline(e), extra_minutes: e.extra_minutes })),
    // Only what each card may say: no score before the test has closed for everyone.
    past: split.past.map((e) => ({ ...card(e), result: pastResult(e, now) })),
    stats: dashboardStats(split),
    waiting,
    serverNow: now.toISOString(),
  };
}

export default function Dashboard() {
  const { name, upcoming, past, stats, waiting, serverNow } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const tab = params.get("tab") === "past" ? "past" : "upcoming";
  const total = upcoming.length + past.length;
  return (
    <section className="container section">
      <h1>Welcome Back, {name}</h1>
      <p className="muted">
        {total} {total === 1 ? "contest" : "contests"} in total
      </p>
      {waiting.count > 0 ? (
        <p className="alert alert-info" role="status">
          {waiting.count === 1 ? "A prize" : `${waiting.count} prizes`} of {formatINR(waiting.net)} {waiting.count === 1 ? "waits" : "wait"} for your payout details.{" "}
          <Link to="/account">Add a UPI ID or a bank account</Link>.
        </p>
      ) : null}
      <dl className="stats card">
        <div><dt>Upcoming Contests</dt><dd><strong>{stats.upcoming}</strong></dd></div>
        <div><dt>Completed</dt><dd><strong>{stats.completed}</strong></dd></div>
        <div><dt>Total Won</dt><dd><strong>{formatINR(stats.totalWon)}</strong></dd></div>
        <div><dt>Best Rank</dt><dd><strong>{stats.bestRank ? `#${stats.bestRank}` : "—"}</strong></dd></div>
      </dl>
      {total === 0 ? (
        <div className="card empty">
          <h2>No Contest Activity Yet</h2>
          <p>Join a contest to see it here.</p>
          <Link to="/contests" className="btn btn-primary">
            Browse Contests
          </Link>
        </div>
      ) : (
        <>
          {/* Tabs are links, so they work without JavaScript. */}
          <nav className="actions" aria-label="Entries">
            <Link to="?tab=upcoming" className={tab === "upcoming" ? "btn btn-primary" : "btn btn-ghost"} aria-current={tab === "upcoming" ? "page" : undefined}>
              Upcoming <span className="badge tone-gray">{upcoming.length}</span>
            </Link>
            <Link to="?tab=past" className={tab === "past" ? "btn btn-primary" : "btn btn-ghost"} aria-current={tab === "past" ? "page" : undefined}>
              Past <span className="badge tone-gray">{past.length}</span>
            </Link>
          </nav>
          {(tab === "upcoming" ? upcoming : past).length === 0 ? (
            <p className="card empty" style={{ marginTop: "1rem" }}>
              {tab === "upcoming" ? "No upcoming contests. " : "No past contests yet. "}
              <Link to="/contests">Browse Contests</Link>
            </p>
          ) : null}
          <div className="grid" style={{ marginTop: "1rem" }}>
            {tab === "upcoming"
              ? upcoming.map((e) => <UpcomingEntry key={e.id} entry={e} serverNow={serverNow} />)
              : past.map((e) => (
                  <article key={e.id} className="card contest-card">
                    <h3>{e.contest_title}</h3>
                    <p className="muted">{formatDateTime(e.contest_start_time)} IST</p>
                    <PastFacts result={e.result} />
                    {e.result.kind !== "missed" ? (
                      <Link to={`/contest/${e.contest_id}/results`} className="btn btn-ghost">
                        View Results
                      </Link>
                    ) : null}
                  </article>
                ))}
          </div>
        </>
      )}
    </section>
  );
}

function PastFacts({ result }: { result: PastResult }) {
  switch (result.kind) {
    case "missed":
      return <p className="muted">Not attempted</p>;
    case "pending":
      return <p className="muted">Submitted. Scores appear at {formatDateTime(result.scoresAt)} IST.</p>;
    case "blank":
      return <p className="muted">Submitted with no answers saved: no score or rank.</p>;
    case "provisional":
      return (
        <>
          <dl className="facts">
            <div><dt>Rank</dt><dd>Provisional</dd></div>
            <div><dt>Score</dt><dd>{result.score}</dd></div>
            <div><dt>Prize</dt><dd>When final</dd></div>
          </dl>
          <p className="muted">
            {result.phase === "review"
              ? "Under review: challenges to the answer key are being decided."
              : result.challengesEndAt
                ? `Provisional: the answer key may be challenged until ${formatDateTime(result.challengesEndAt)} IST.`
                : "Provisional until the contest ends."}
          </p>
        </>
      );
    case "final":
      return (
        <dl className="facts">
          <div><dt>Rank</dt><dd>{result.rank ? `#${result.rank}` : "—"}</dd></div>
          <div><dt>Score</dt><dd>{result.score}</dd></div>
          <div><dt>Prize</dt><dd>{formatINR(result.prize)}</dd></div>
        </dl>
      );
  }
}

function UpcomingEntry({
  entry,
  serverNow,
}: {
  entry: { contest_id: string; contest_title: string; contest_start_time: Date; deadline: Date; extra_minutes: number };
  serverNow: string;
}) {
  const now = useServerClock(serverNow);
  const started = new Date(entry.contest_start_time) <= now;
  return (
    <article className="card contest-card">
      <h3>{entry.contest_title}</h3>
      {/* Its own deadline: an accommodation's extra time moves it (docs/admin-sql.md). */}
      <p className="muted">
        {formatDateTime(entry.contest_start_time)} IST
        <br />
        Your time ends at {formatDateTime(entry.deadline)} IST
        {entry.extra_minutes > 0 ? `, with your ${entry.extra_minutes} minutes of extra time` : ""}.
      </p>
      <p>
        <span className="badge tone-blue">{started ? "The test is open" : `Starts in ${timeUntil(new Date(entry.contest_start_time), now)}`}</span>
      </p>
      {started ? (
        <Form method="post" action={`/contest/${entry.contest_id}/start`}>
          <button type="submit" className="btn btn-primary btn-block">
            Start Now
          </button>
        </Form>
      ) : (
        <>
          <button type="button" className="btn btn-ghost" disabled>
            Waiting to Start
          </button>
          <Link to={`/contest/${entry.contest_id}/entry`}>Check your camera before the start</Link>
        </>
      )}
    </article>
  );
}
