import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ResultsNotAvailable } from "~/components/contests/results-not-available";
import { notFoundBoundary } from "~/components/not-found";
import { db } from "~/db/client.server";
import { requireContestStage } from "~/models/contests/stage.server";
import { answerBreakdown, contestResults, leaderboard, type MyResult } from "~/models/contests/results.server";
import { formatDateTime } from "~/utils/dates";
import { avatarInitial } from "~/utils/names";
import { countOf } from "~/utils/text";
import { formatINR } from "~/utils/money";
import { formatDuration, scoreBand, scorePercent } from "~/models/contests/test-rules";

// Results (docs/product/contests.md §2 Results): the student's own only. Tabs are links, so they
// work without JavaScript; each tab loads only what it shows.
const TABS = [
  { id: "summary", label: "Summary" },
  { id: "breakdown", label: "Detailed Breakdown" },
  { id: "leaderboard", label: "Leaderboard" },
] as const;
type Tab = (typeof TABS)[number]["id"];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Results: ${data.contest.title} — StudyArena` : "Contest Not Found — StudyArena" },
  { name: "description", content: "Your score, rank and the leaderboard of a StudyArena contest." },
];

export async function loader(args: LoaderFunctionArgs) {
  const now = new Date();
  const { user, contest } = await requireContestStage(db, args, "results", now);
  const requested = new URL(args.request.url).searchParams.get("tab");
  const tab: Tab = TABS.find((t) => t.id === requested)?.id ?? "summary";
  const results = (await contestResults(db, { contestId: contest.id, userId: user.id, now }))!;
  // Nothing derived from the key before the test has closed for everyone (docs/product/design.md §4).
  const scored = results.state === "scored";
  const [breakdown, leaders] = await Promise.all([
    scored && tab === "breakdown" ? answerBreakdown(db, { contestId: contest.id, userId: user.id, showKey: results.contest.closed }) : [],
    scored && tab === "leaderboard" ? leaderboard(db, contest.id) : [],
  ]);
  return { tab, ...results, breakdown, leaders, userId: user.id };
}

export default function Results() {
  const { tab, contest, state, mine, answered, breakdown, leaders, userId } = useLoaderData<typeof loader>();
  if (state === "none") return <ResultsNotAvailable />;
  if (state === "pending") {
    return (
      <section className="container narrow section">
        <p className="muted">Results</p>
        <h1>{contest.title}</h1>
        <div className="card" role="status">
          <h2>Test submitted</h2>
          <p>
            You answered {answered} of {countOf(contest.questionCount, "question")}.
          </p>
          <p>
            Scores, ranks and the correct answers appear when the test has closed for everyone, at <strong>{formatDateTime(contest.scoresAt)} IST</strong>.
          </p>
        </div>
        <ResultsLinks />
      </section>
    );
  }
  const percent = scorePercent(mine.score, contest.questionCount);
  return (
    <section className="container section">
      <p className="muted">Results</p>
      <h1>{contest.title}</h1>
      <nav className="tabs" aria-label="Results">
        {TABS.map((t) => (
          <Link key={t.id} to={`?tab=${t.id}`} aria-current={t.id === tab ? "page" : undefined} preventScrollReset>
            {t.label}
          </Link>
        ))}
      </nav>

      {tab === "summary" ? <Summary mine={mine} percent={percent} questionCount={contest.questionCount} finalized={contest.finalized} /> : null}

      {tab === "breakdown" ? (
        <>
          <ol className="breakdown">
            {breakdown.map((q, i) => (
              <li key={q.id} className={`card ${q.isCorrect === null ? "" : q.isCorrect ? "is-right" : "is-wrong"}`}>
                <p><strong>Question {i + 1}.</strong> {q.text}</p>
                <p>Your answer: <strong>{q.selected ?? "Not answered"}</strong></p>
                {q.correct !== null ? (
                  <>
                    <p>Correct answer: <strong>{q.correct}</strong></p>
                    <p className={q.isCorrect ? "badge tone-green" : "badge tone-orange"}>{q.isCorrect ? "Correct" : "Incorrect"}</p>
                  </>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}

      {tab === "leaderboard" ? <Leaderboard leaders={leaders} userId={userId} finalized={contest.finalized} /> : null}

      <ResultsLinks />
    </section>
  );
}

function ResultsLinks() {
  return (
    <div className="actions">
      <Link to="/dashboard" className="btn btn-ghost">Dashboard</Link>
      <Link to="/contests" className="btn btn-ghost">Browse Contests</Link>
    </div>
  );
}

function Summary({ mine, percent, questionCount, finalized }: { mine: MyResult; percent: number; questionCount: number; finalized: boolean }) {
  if (mine.answered === 0) {
    return (
      <div className="card">
        <p>
          <strong>No answers were saved</strong> before the test was submitted, so this entry has no score, no rank and no prize.
        </p>
      </div>
    );
  }
  return (
    <div className="card">
      <p className="score-ring">{percent}%</p>
      <p>
        <strong>{scoreBand(percent)}</strong> · {mine.score} of {questionCount} correct
      </p>
      <dl className="facts">
        <div><dt>Rank</dt><dd>#{mine.rank}{finalized ? "" : " (provisional)"}</dd></div>
        <div><dt>Time taken</dt><dd>{formatDuration(mine.response_time)}</dd></div>
        <div><dt>Prize</dt><dd>{finalized ? formatINR(mine.prize_amount) : "After the contest ends"}</dd></div>
      </dl>
      {!finalized ? <p className="muted">Ranks are provisional until the contest ends; prizes are assigned then.</p> : null}
    </div>
  );
}

type Leader = { user_id: string; rank: number; score: number; response_time: number; prize_amount: number; name: string | null };

function Leaderboard({ leaders, userId, finalized }: { leaders: Leader[]; userId: string; finalized: boolean }) {
  if (leaders.length === 0) return <p className="card empty">No leaderboard data yet</p>;
  const name = (l: Leader) => l.name ?? "Student";
  return (
    <>
      <ol className="podium" aria-label="Top three">
        {leaders.slice(0, 3).map((l, i) => (
          <li key={l.user_id} className={`place-${i + 1}`}>
            <span className="avatar" aria-hidden="true">{avatarInitial(l.name, "S")}</span>
            <p><strong>#{l.rank}</strong> {name(l)}</p>
            <p className="muted">{l.score} correct</p>
          </li>
        ))}
      </ol>
      <table className="leaderboard">
        <caption className="visually-hidden">Top {leaders.length}</caption>
        <thead>
          <tr><th scope="col">Rank</th><th scope="col">Name</th><th scope="col">Score</th>{finalized ? <th scope="col">Prize</th> : null}</tr>
        </thead>
        <tbody>
          {leaders.map((l) => (
            <tr key={l.user_id} className={l.user_id === userId ? "is-me" : undefined}>
              <td>#{l.rank}</td>
              <td><span className="name-cell"><span className="avatar" aria-hidden="true">{avatarInitial(l.name, "S")}</span><span className="name-text">{name(l)}{l.user_id === userId ? " (you)" : ""}</span></span></td>
              <td>{l.score}</td>
              {finalized ? <td>{formatINR(l.prize_amount)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "Contest Not Found", action: { label: "Back to Home", to: "/" } });
