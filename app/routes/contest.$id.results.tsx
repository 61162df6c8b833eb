import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ResultsNotAvailable } from "~/components/contests/results-not-available";
import { notFoundBoundary } from "~/components/not-found";
import { db } from "~/db/client.server";
import { requireContestStage } from "~/models/contests/stage.server";
import { AnswerList, Leaderboard, marksText, SectionTable } from "~/components/contests/exam-results";
import { ChallengeForm, ChallengeStatus } from "~/components/contests/challenge-form";
import { CHALLENGE_MESSAGES, type ResultsPhase } from "~/models/contests/challenges";
import { ChallengeSchema } from "~/models/contests/challenge-schema";
import { myChallenges, submitChallenge } from "~/models/contests/challenges.server";
import { prizeStatement } from "~/models/payments/payouts.server";
import { PrizeStatement } from "~/components/payments/prize-statement";
import type { SectionReport } from "~/models/contests/exam-report";
import { answerBreakdown, sectionReport } from "~/models/contests/exam-report.server";
import { contestResults, leaderboard, type MyResult } from "~/models/contests/results.server";
import { formatDateTime } from "~/utils/dates";
import { countOf } from "~/utils/text";
import { parseForm } from "~/utils/forms.server";
import { redirectWithFlash } from "~/utils/http.server";
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
  const [sections, statement, breakdown, challenges, leaders] = await Promise.all([
    scored && tab === "summary" ? sectionReport(db, mine) : [],
    scored && tab === "summary" && results.contest.finalized ? prizeStatement(db, mine) : null,
    scored && tab === "breakdown" ? answerBreakdown(db, mine) : [],
    scored && tab === "breakdown" ? myChallenges(db, mine) : [],
    scored && tab === "leaderboard" ? leaderboard(db, contest.id) : [],
  ]);
  return { tab, ...results, sections, statement, breakdown, challenges, leaders, userId: user.id };
}

/**
 * A challenge to one question of the provisional key (docs/product/design.md §4). A
 * message goes beside that question's form, with the student's words kept; a question
 * of another contest, or a student without a submitted entry, is a 404.
 */
export async function action(args: ActionFunctionArgs) {
  const now = new Date();
  const { user, contest } = await requireContestStage(db, args, "results", now);
  const submission = await parseForm(args.request, ChallengeSchema);
  // Which question's form answers: only ever one of this page's own ids, never echoed raw.
  const sent = submission.payload.questionId;
  const questionId = typeof sent === "string" && /^[0-9a-f-]{36}$/i.test(sent) ? sent : null;
  if (submission.status !== "success") return data({ questionId, reply: submission.reply() }, { status: 400 });
  const outcome = await submitChallenge(db, { contestId: contest.id, userId: user.id, challenge: submission.value, now });
  if (!outcome.ok && outcome.status === 404) throw new Response(outcome.message, { status: 404 });
  if (!outcome.ok) return data({ questionId, reply: submission.reply({ formErrors: [outcome.message] }) }, { status: 409 });
  // With a fee, the challenge waits for it: the fee's page is next.
  if (outcome.fee > 0) throw redirect(`/contest/${contest.id}/challenges/${outcome.challengeId}/pay`);
  return redirectWithFlash(`/contest/${contest.id}/results?tab=breakdown#q-${submission.value.questionId}`, { kind: "success", message: CHALLENGE_MESSAGES.received });
}

export default function Results() {
  const { tab, contest, state, mine, answered, sections, statement, breakdown, challenges, leaders, userId } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
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

      <PhaseNote phase={contest.phase} challengeOpen={contest.challengeOpen} challengesEndAt={contest.challengesEndAt} />
      {tab === "summary" ? <Summary mine={mine} percent={percent} fullMarks={contest.fullMarks} finalized={contest.finalized} sections={sections} /> : null}
      {tab === "summary" && statement ? <PrizeStatement statement={statement} /> : null}
      {tab === "breakdown" ? (
        <AnswerList
          answers={breakdown}
          after={(q, number) => {
            const mineToo = challenges.find((c) => c.questionId === q.id);
            if (mineToo) {
              const payAt = `/contest/${contest.id}/challenges/${mineToo.id}/pay`;
              return <ChallengeStatus status={mineToo.status} response={mineToo.response} fee={mineToo.fee} payAt={payAt} open={contest.challengeOpen} />;
            }
            // Open while the window is (as the page was read): the server refuses a late post.
            if (!contest.challengeOpen) return null;
            const lastResult = posted?.questionId === q.id ? posted.reply : undefined;
            return <ChallengeForm action={`/contest/${contest.id}/results?tab=breakdown`} questionId={q.id} number={number} fee={contest.challengeFee} lastResult={lastResult} />;
          }}
        />
      ) : null}
      {tab === "leaderboard" ? <Leaderboard leaders={leaders} userId={userId} finalized={contest.finalized} /> : null}

      <ResultsLinks />
    </section>
  );
}

/** Which results these are: provisional (the key may be challenged), under review, or final. */
function PhaseNote({ phase, challengeOpen, challengesEndAt }: { phase: ResultsPhase; challengeOpen: boolean; challengesEndAt: Date | string }) {
  return (
    <div className={`card phase phase-${phase}`} role="status">
      {phase === "provisional" && !challengeOpen ? (
        <p>
          <strong>Provisional results.</strong> Marks, ranks and prizes are final once the contest has ended.
        </p>
      ) : phase === "provisional" ? (
        <p>
          <strong>Provisional results.</strong> The answer key may be challenged, question by question on the Detailed Breakdown, until{" "}
          <strong>{formatDateTime(challengesEndAt)} IST</strong>. Marks, ranks and prizes are final after that.
        </p>
      ) : phase === "review" ? (
        <p>
          <strong>Under review.</strong> Challenges to the answer key are being decided. Marks, ranks and prizes become final when every challenge is answered.
        </p>
      ) : (
        <p>
          <strong>Final results.</strong> The answer key, marks, ranks and prizes will not change.
        </p>
      )}
    </div>
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
        <div><dt>Prize</dt><dd>{finalized ? formatINR(mine.prize_amount) : "When the results are final"}</dd></div>
      </dl>
      <SectionTable sections={sections} />
      <p className="muted">
        Percentile: the share of students who sat this test with marks at or below yours (NTA&apos;s rule). Accuracy: correct answers of those attempted.
      </p>
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "Contest Not Found", action: { label: "Back to Home", to: "/" } });
