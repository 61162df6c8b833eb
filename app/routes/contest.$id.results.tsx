import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ResultsNotAvailable } from "~/components/contests/results-not-available";
import { notFoundBoundary } from "~/components/not-found";
import { db } from "~/db/client.server";
import { requireContestStage } from "~/models/contests/stage.server";
import { AnswerList, Leaderboard, marksText, SectionTable } from "~/components/contests/exam-results";
import type { SectionReport } from "~/models/contests/exam-report";
import { answerBreakdown, sectionReport } from "~/models/contests/exam-report.server";
import { contestResults, leaderboard, type MyResult } from "~/models/contests/results.server";
import { formatDateTime } from "~/utils/dates";
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
  const mine = { contestId: contest.id, userId: user.id };
  const [sections, breakdown, leaders] = await Promise.all([
    scored && tab === "summary" ? sectionReport(db, mine) : [],
    scored && tab === "breakdown" ? answerBreakdown(db, mine) : [],
    scored && tab === "leaderboard" ? leaderboard(db, contest.id) : [],
  ]);
  return { tab, ...results, sections, breakdown, leaders, userId: user.id };
}

export default function Results() {
  const { tab, contest, state, mine, answered, sections, breakdown, leaders, userId } = useLoaderData<typeof loader>();
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
  const percent = scorePercent(mine.score, contest.fullMarks);
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

      {tab === "summary" ? <Summary mine={mine} percent={percent} fullMarks={contest.fullMarks} finalized={contest.finalized} sections={sections} /> : null}
      {tab === "breakdown" ? <AnswerList answers={breakdown} /> : null}
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

function Summary({ mine, percent, fullMarks, finalized, sections }: { mine: MyResult; percent: number; fullMarks: number; finalized: boolean; sections: SectionReport[] }) {
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
      <p className="score-ring"><span className="visually-hidden">Score: </span>{percent}%</p>
      <p>
        <strong>{scoreBand(percent)}</strong> · {marksText(mine.score)} of {fullMarks} marks
      </p>
      <dl className="facts">
        <div><dt>Marks</dt><dd>{marksText(mine.score)}</dd></div>
        <div><dt>Rank</dt><dd>#{mine.rank}{finalized ? "" : " (provisional)"}</dd></div>
        <div><dt>Percentile</dt><dd>{mine.percentile === null ? "—" : mine.percentile.toFixed(2)}</dd></div>
        <div><dt>Time taken</dt><dd>{formatDuration(mine.response_time)}</dd></div>
        <div><dt>Prize</dt><dd>{finalized ? formatINR(mine.prize_amount) : "After the contest ends"}</dd></div>
      </dl>
      {!finalized ? <p className="muted">Ranks are provisional until the contest ends; prizes are assigned then.</p> : null}
      <SectionTable sections={sections} />
      <p className="muted">
        Percentile: the share of students who sat this test with marks at or below yours (NTA&apos;s rule). Accuracy: correct answers of those attempted.
      </p>
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "Contest Not Found", action: { label: "Back to Home", to: "/" } });
