import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { formatCertificateCode } from "~/models/contests/results/certificate-code";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ResultsNotAvailable } from "~/components/contests/results/results-not-available";
import { notFoundBoundary } from "~/components/not-found";
import { db } from "~/db/client.server";
import { resultsPage } from "./contest.$id.results.query.server";
import { requireContestStage } from "~/models/contests/catalogue/stage.server";
import { AnswerList, Leaderboard, marksText, SectionTable } from "~/components/contests/results/exam-results";
import { ChallengeForm, ChallengeStatus } from "~/components/contests/results/challenge-form";
import { CHALLENGE_MESSAGES, type ResultsPhase } from "~/models/contests/challenges/challenges";
import { ChallengeSchema } from "~/models/contests/challenges/challenge-schema";
import { submitChallenge } from "~/models/contests/challenges/challenges.server";
import { CompareTable, TopicTable } from "~/components/contests/results/analysis";
import { ResponseSheetView } from "~/components/contests/results/response-sheet";
import { PrizeStatement } from "~/components/payments/prize-statement";
import { BookmarkButton } from "~/components/contests/practice/bookmark-button";
import { ANSWER_FILTERS, shownUnder, type AnswerFilter, type SectionReport } from "~/models/contests/results/exam-report";
import type { MyResult } from "~/models/contests/results/results.server";
import { formatDateTime } from "~/utils/dates";
import { appealEndsAt } from "~/models/contests/review/review";
import { parseForm } from "~/utils/forms.server";
import { redirectWithFlash } from "~/utils/http.server";
import { richText, useT, type MessageId, msgText } from "~/utils/i18n";
import { i18nFor, localeOf, messagesUnder, say, translateReply, translator } from "~/utils/i18n.server";
import { metaTranslator, pageMeta } from "~/utils/meta";
import { formatINR } from "~/utils/money";
import { durationMessage, scoreBand, scorePercent } from "~/models/contests/sitting/test-rules";
import { outageCreditOf, type OutageCredit } from "~/models/contests/sitting/outages.server";

// Results (docs/product/contests.md §2 Results): the student's own only. Tabs are links, so they
// work without JavaScript; each tab loads only what it shows.
const TABS = [
  { id: "summary", label: "results.tab.summary" },
  { id: "breakdown", label: "results.tab.breakdown" },
  { id: "leaderboard", label: "results.tab.leaderboard" },
  { id: "sheet", label: "results.tab.sheet" },
] as const satisfies ReadonlyArray<{ id: string; label: MessageId }>;
type Tab = (typeof TABS)[number]["id"];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return data ? pageMeta(t("results.metaTitle", { title: data.contest.title }), t("results.metaDescription")) : pageMeta(t("common.notFound.contest"), t("common.notFound.contestText"));
};

export async function loader(args: LoaderFunctionArgs) {
  const now = new Date();
  const { user, contest } = await requireContestStage(db, args, "results", now);
  const requested = new URL(args.request.url).searchParams.get("tab");
  const tab: Tab = TABS.find((t) => t.id === requested)?.id ?? "summary";
  const { messages: words, locale } = i18nFor(args.request, args.context, "results");
  // And what the page says to a student without a submitted entry (ResultsNotAvailable).
  const messages = { ...words, ...messagesUnder(locale, "test.none.", "contest.tieBreak.", "practice.link", "practice.revision.link", "practice.bookmark.", ...(tab === "sheet" ? ["test.status."] : [])) };
  const page = await resultsPage(db, { contestId: contest.id, userId: user.id, tab, locale, now });
  // The breakdown filtered on the server (a link each, so it works without JavaScript), with each filter's count.
  const asked = new URL(args.request.url).searchParams.get("show");
  const show: AnswerFilter = ANSWER_FILTERS.find((f) => f === asked) ?? "all";
  // Only with the breakdown itself (after the close): before it, nothing on the page is derived from the key.
  const filterCounts =
    tab === "breakdown" && page.state === "scored" ? (Object.fromEntries(ANSWER_FILTERS.map((f) => [f, page.breakdown.filter((a) => shownUnder(f, a)).length])) as Record<AnswerFilter, number>) : null;
  // What our outages did to this test (issue 50, point 5): said on every tab.
  const outage = await outageCreditOf(db, { contestId: contest.id, userId: user.id, now });
  return { tab, ...page, breakdown: page.breakdown.filter((a) => shownUnder(show, a)), show, filterCounts, userId: user.id, outage, messages };
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
  const locale = localeOf(args.request, args.context);
  // Which question's form answers: only ever one of this page's own ids, never echoed raw.
  const sent = submission.payload.questionId;
  const questionId = typeof sent === "string" && /^[0-9a-f-]{36}$/i.test(sent) ? sent : null;
  if (submission.status !== "success") return data({ questionId, reply: translateReply(submission.reply(), translator(locale)) }, { status: 400 });
  const outcome = await submitChallenge(db, { contestId: contest.id, userId: user.id, challenge: submission.value, now });
  if (!outcome.ok && outcome.status === 404) throw new Response(say(translator(locale), outcome.message), { status: 404 });
  if (!outcome.ok) return data({ questionId, reply: translateReply(submission.reply({ formErrors: [msgText(outcome.message)] }), translator(locale)) }, { status: outcome.status });
  // With a fee, the challenge waits for it: the fee's page is next.
  if (outcome.fee > 0) throw redirect(`/contest/${contest.id}/challenges/${outcome.challengeId}/pay`);
  return redirectWithFlash(`/contest/${contest.id}/results?tab=breakdown#q-${submission.value.questionId}`, { kind: "success", message: CHALLENGE_MESSAGES.received });
}

/** What our outages did to this test, by our published rule (the rules sheet's "If our service fails"). */
function OutageNote({ outage, contestId }: { outage: OutageCredit | null; contestId: string }) {
  const { t } = useT();
  if (!outage) return null;
  const { missed } = outage;
  const choose = (text: string) => <Link to={`/contest/${contestId}/outage`}>{text}</Link>;
  return (
    <div className="alert alert-info" role="note">
      {outage.givenMinutes > 0 && !missed ? <p>{t("results.outage.given", { minutes: outage.givenMinutes })}</p> : null}
      {outage.chosen ? (
        <p>{richText(t(missed ? "results.outage.chosenMissed" : "results.outage.chosen", { choice: outage.chosen }), [choose])}</p>
      ) : outage.pastBound ? (
        <p>{richText(t(missed ? "results.outage.missed" : "results.outage.retest", outage.pastBound), [choose])}</p>
      ) : null}
    </div>
  );
}

export default function Results() {
  const { tab, contest, state, mine, answered, sections, statement, certificate, breakdown, show, filterCounts, challenges, leaders, tieBreak, sheet, topics, compared, userId, bookmarked, outage } =
    useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { t, locale } = useT();
  if (state === "none") {
    return (
      <>
        <ResultsNotAvailable />
        {/* A test our outage may have kept them from starting: they choose as well (outages.server.ts). */}
        {outage?.pastBound && outage.missed ? (
          <section className="container narrow">
            <OutageNote outage={outage} contestId={contest.id} />
          </section>
        ) : null}
      </>
    );
  }
  if (state === "pending") {
    return (
      <section className="container narrow section">
        <p className="muted">{t("results.tag")}</p>
        <h1 translate="no">{contest.title}</h1>
        <div className="card" role="status">
          <h2>{t("results.pending.title")}</h2>
          <p>{t("results.pending.answered", { answered, total: contest.questionCount })}</p>
          <p>{richText(t("results.pending.when", { when: formatDateTime(contest.scoresAt, locale) }), [(when) => <strong>{when}</strong>])}</p>
        </div>
        <OutageNote outage={outage} contestId={contest.id} />
        <ResultsLinks />
      </section>
    );
  }
  const percent = scorePercent(mine.score, contest.fullMarks);
  /** A question's challenge, or what became of it (the breakdown's). */
  const challengeOf = (q: (typeof breakdown)[number], number: number) => {
    const mineToo = challenges.find((c) => c.questionId === q.id);
    if (mineToo) {
      const payAt = `/contest/${contest.id}/challenges/${mineToo.id}/pay`;
      const claimed = q.options.filter((o) => mineToo.claimed?.includes(o.n));
      return <ChallengeStatus status={mineToo.status} response={mineToo.response} fee={mineToo.fee} payAt={payAt} open={contest.challengeOpen} claimed={claimed} lang={q.lang} />;
    }
    // Open while the window is (as the page was read): the server refuses a late post.
    if (!contest.challengeOpen) return null;
    const lastResult = posted?.questionId === q.id ? posted.reply : undefined;
    return <ChallengeForm action={`/contest/${contest.id}/results?tab=breakdown`} questionId={q.id} number={number} options={q.options} lang={q.lang} fee={contest.challengeFee} lastResult={lastResult} />;
  };
  return (
    <section className="container section">
      <p className="muted">{t("results.tag")}</p>
      <h1 translate="no">{contest.title}</h1>
      <nav className="tabs" aria-label={t("results.tag")}>
        {TABS.map((one) => (
          <Link key={one.id} to={`?tab=${one.id}`} aria-current={one.id === tab ? "page" : undefined} preventScrollReset>
            {t(one.label)}
          </Link>
        ))}
      </nav>

      <PhaseNote phase={contest.phase} challengeOpen={contest.challengeOpen} challengesEndAt={contest.challengesEndAt} />
      {mine.disqualified_at ? (
        <Disqualified contestId={contest.id} mine={mine} finalized={contest.finalized} />
      ) : mine.appeal_decided_at ? (
        <AppealUpheld contestId={contest.id} at={mine.appeal_decided_at} />
      ) : null}
      <OutageNote outage={outage} contestId={contest.id} />
      {tab === "summary" ? <Summary mine={mine} percent={percent} fullMarks={contest.fullMarks} finalized={contest.finalized} practice={contest.practice} sections={sections} /> : null}
      {tab === "summary" && mine.answered > 0 && (compared || topics.length > 0) ? (
        <div className="card analysis">
          {compared ? <CompareTable compared={compared} /> : null}
          <TopicTable topics={topics} />
        </div>
      ) : null}
      {tab === "summary" && statement ? <PrizeStatement statement={statement} /> : null}
      {tab === "summary" && certificate ? <CertificateReady code={certificate} /> : null}
      {tab === "breakdown" && filterCounts ? <AnswerFilters show={show} counts={filterCounts} /> : null}
      {tab === "breakdown" && breakdown.length === 0 && show !== "all" ? <p className="card empty">{t("results.filter.none")}</p> : null}
      {tab === "breakdown" ? (
        <AnswerList
          answers={breakdown}
          after={(q, number) => (
            <>
              {challengeOf(q, number)}
              <BookmarkButton questionId={q.id} bookmarked={bookmarked.includes(q.id)} back={`/contest/${contest.id}/results?tab=breakdown${show === "all" ? "" : `&show=${show}`}`} />
            </>
          )}
        />
      ) : null}
      {tab === "leaderboard" ? <Leaderboard leaders={leaders} userId={userId} finalized={contest.finalized} tieBreak={tieBreak} /> : null}
      {tab === "sheet" && sheet ? <ResponseSheetView sheet={sheet} csvHref={`/contest/${contest.id}/response-sheet.csv`} /> : null}

      <ResultsLinks contestId={contest.id} practise={contest.finalized} />
    </section>
  );
}

/** The breakdown's filters: what to revise first, each with how many it holds. */
function AnswerFilters({ show, counts }: { show: AnswerFilter; counts: Record<AnswerFilter, number> }) {
  const { t } = useT();
  return (
    <nav className="chips" aria-label={t("results.filter.label")}>
      {ANSWER_FILTERS.map((f) => (
        <Link key={f} to={f === "all" ? "?tab=breakdown" : `?tab=breakdown&show=${f}`} aria-current={f === show ? "page" : undefined} preventScrollReset>
          {t(`results.filter.${f}`, { count: counts[f] })}
        </Link>
      ))}
    </nav>
  );
}

/** Which results these are: provisional (the key may be challenged), under review, or final. */
function PhaseNote({ phase, challengeOpen, challengesEndAt }: { phase: ResultsPhase; challengeOpen: boolean; challengesEndAt: Date | string }) {
  const { t, locale } = useT();
  const id: MessageId =
    phase === "provisional" ? (challengeOpen ? "results.phase.provisionalOpen" : "results.phase.provisionalClosed") : phase === "review" ? "results.phase.review" : "results.phase.final";
  const strong = (text: string) => <strong>{text}</strong>;
  return (
    <div className={`card phase phase-${phase}`} role="status">
      <p>{richText(t(id, id === "results.phase.provisionalOpen" ? { when: formatDateTime(challengesEndAt, locale) } : undefined), [strong, strong])}</p>
    </div>
  );
}

/**
 * A reviewer's disqualification (issue 47): why, and the way to appeal it (app/routes/contest.$id.appeal.tsx);
 * once appealed, that it was received and who decides, then what was decided (issue 65, point 7).
 */
function Disqualified({ contestId, mine, finalized }: { contestId: string; mine: MyResult; finalized: boolean }) {
  const { t, locale } = useT();
  const until = appealEndsAt(mine.disqualified_at!);
  const link = (text: string) => (
    <p>
      <Link to={`/contest/${contestId}/appeal`}>{text}</Link>
    </p>
  );
  return (
    <div className="card phase phase-review" role="status">
      <p>{t("results.disqualified", { reason: mine.disqualification_reason ?? "" })}</p>
      {mine.appeal_decided_at ? (
        <>
          <p>{t("results.appealRejected", { when: formatDateTime(mine.appeal_decided_at, locale) })}</p>
          {link(t("results.disqualifiedAppealed"))}
        </>
      ) : mine.appealed_at ? (
        <>
          <p>{t("results.appealReceived", { when: formatDateTime(mine.appealed_at, locale) })}</p>
          {link(t("results.disqualifiedAppealed"))}
        </>
      ) : finalized ? null : (
        link(until > new Date() ? t("results.disqualifiedAppeal", { until: formatDateTime(until, locale) }) : t("results.disqualifiedAppealed"))
      )}
    </div>
  );
}

/** An appeal upheld: the entry ranks again, and the page says why (its mail said it too). */
function AppealUpheld({ contestId, at }: { contestId: string; at: string }) {
  const { t, locale } = useT();
  return (
    <div className="card phase phase-final" role="status">
      <p>{t("results.appealUpheld", { when: formatDateTime(at, locale) })}</p>
      <p>
        <Link to={`/contest/${contestId}/appeal`}>{t("results.disqualifiedAppealed")}</Link>
      </p>
    </div>
  );
}

/** A practice test's recognition, once results are final (app/routes/certificates.$code.tsx). */
function CertificateReady({ code }: { code: string }) {
  const { t } = useT();
  return (
    <div className="card">
      <p>{richText(t("results.certificate.ready", { code: formatCertificateCode(code) }), [(text) => <Link to={`/certificates/${code}`}>{text}</Link>])}</p>
    </div>
  );
}

/** Where to go next; once the results are final, the paper may be practised again (issue 48, point 6). */
function ResultsLinks({ contestId, practise = false }: { contestId?: string; practise?: boolean }) {
  const { t } = useT();
  return (
    <div className="actions no-print">
      {practise && contestId ? (
        <Link to={`/contest/${contestId}/practice`} className="btn btn-primary">
          {t("practice.link")}
        </Link>
      ) : null}
      <Link to="/revision" className="btn btn-ghost">
        {t("practice.revision.link")}
      </Link>
      <Link to="/dashboard" className="btn btn-ghost">{t("results.dashboard")}</Link>
      <Link to="/contests" className="btn btn-ghost">{t("results.contests")}</Link>
    </div>
  );
}

/**
 * NTA's percentile to seven decimals, with how many it is out of, "within this contest"
 * (issue 48, point 5): a percentile among a contest's entrants is not a national one. One
 * entrant alone would always read 100, so it says so instead (point 7).
 */
function Percentile({ mine }: { mine: MyResult }) {
  const { t } = useT();
  if (mine.percentile === null) return <>—</>;
  if (mine.ranked <= 1) return <>{t("results.percentileAlone")}</>;
  return (
    <>
      {mine.percentile.toFixed(7)} <small className="muted">{t("results.percentileWithin", { count: mine.ranked })}</small>
    </>
  );
}

function Summary({ mine, percent, fullMarks, finalized, practice, sections }: { mine: MyResult; percent: number; fullMarks: number; finalized: boolean; practice: boolean; sections: SectionReport[] }) {
  const { t, tm } = useT();
  if (mine.answered === 0) {
    return (
      <div className="card">
        <p>{richText(t("results.noAnswers"), [(text) => <strong>{text}</strong>])}</p>
      </div>
    );
  }
  return (
    <div className="card">
      <p className="score-ring"><span className="visually-hidden">{t("results.score")} </span>{percent}%</p>
      <p>
        <strong>{t("results.band", { band: scoreBand(percent) })}</strong> · {t("results.marksOf", { marks: marksText(mine.score), full: fullMarks })}
      </p>
      <dl className="facts">
        <div><dt>{t("results.marks")}</dt><dd>{marksText(mine.score)}</dd></div>
        <div><dt>{t("results.rank")}</dt><dd>{mine.rank === null ? "—" : finalized ? `#${mine.rank}` : t("results.rankProvisional", { rank: mine.rank })}</dd></div>
        <div><dt>{t("results.percentile")}</dt><dd><Percentile mine={mine} /></dd></div>
        <div><dt>{t("results.timeTaken")}</dt><dd>{tm(durationMessage(mine.response_time))}</dd></div>
        <div><dt>{t("results.prize")}</dt><dd>{practice ? t("results.noPrizePractice") : finalized ? formatINR(mine.prize_amount) : t("results.prizeLater")}</dd></div>
      </dl>
      <SectionTable sections={sections} />
      <p className="muted">{t("results.note")}</p>
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "common.notFound.contest", action: { label: "common.error.home", to: "/" } });
