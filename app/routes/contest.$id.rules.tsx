// A contest's rules sheet (issue 46, point 2): who funds the prizes and why the contest is
// allowed, who may take part, the marking, the tie-break, the challenge window, the tax on
// prizes, our rule when our service fails (issue 50, point 5), refunds and how to complain, on one page that prints on A4 and reads on a phone.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ContestNotFound } from "~/components/not-found";
import { db } from "~/db/client.server";
import { getRulesSheet } from "~/models/contests/catalogue/catalogue.server";
import { FUNDING_IDS, fundingExplanation, fundingLine } from "~/models/contests/catalogue/kinds";
import { FundingLine, FundingText } from "~/components/contests/catalogue/funding";
import { SupportLine } from "~/components/support/support-line";
import { PrizeList } from "~/components/contests/catalogue/prize-list";
import { prizeLines } from "~/models/contests/catalogue/prizes";
import { CONTEST_REQUIREMENTS } from "~/models/contests/catalogue/rules";
import { POLICY } from "~/models/support/policy";
import { formatDateTime } from "~/utils/dates";
import { contestOffer, env, minorsFilmed } from "~/utils/env.server";
import { invariantResponse, requireUuidParam } from "~/utils/http.server";
import { richText, useT } from "~/utils/i18n";
import { i18nFor, pickMessages } from "~/utils/i18n.server";
import { tieBreakOf } from "~/models/contests/results/results.server";
import { outageRetestMinutes } from "~/models/contests/sitting/outages.server";
import { metaTranslator } from "~/utils/meta";
import { formatINR } from "~/utils/money";
import { taxLawValues } from "~/models/payments/tax/tax-law";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  const title = data ? t("contest.sheet.title", { title: data.contest.title }) : t("common.notFound.contest");
  return [{ title: t("common.pageTitle", { title }) }, { name: "description", content: data ? t("contest.sheet.description", { title: data.contest.title }) : t("common.notFound.contestText") }];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = requireUuidParam(params);
  const contest = await getRulesSheet(db, id);
  invariantResponse(contest);
  const { locale, messages } = i18nFor(request, context, "contest");
  const tieBreak = (await tieBreakOf(db, id, locale))!;
  const offer = contestOffer();
  return {
    contest,
    funding: fundingLine(contest, offer),
    why: fundingExplanation(contest, offer),
    prizes: prizeLines(contest.prize_pool, formatINR),
    taxPercent: env().PRIZE_TAX_PERCENT,
    taxThreshold: env().PRIZE_TAX_THRESHOLD,
    evidenceDays: env().PROCTORING_EVIDENCE_DAYS,
    minorsFilmed: minorsFilmed(),
    outageBound: outageRetestMinutes(),
    tieBreak,
    // The funding line is the cards' (the contests namespace); how to complain is the terms' sentence.
    messages: { ...messages, ...pickMessages(locale, [...FUNDING_IDS, "pages.terms.supportText"]) },
  };
}

export default function RulesSheet() {
  const { contest, funding, why, prizes, taxPercent, taxThreshold, evidenceDays, outageBound, tieBreak, minorsFilmed } = useLoaderData<typeof loader>();
  const { t, tm, locale } = useT();
  const free = contest.entry_fee === 0;
  return (
    <article className="container section rules-sheet">
      <p className="no-print">
        <Link to={`/contest/${contest.id}`}>{t("contest.sheet.back")}</Link>
      </p>
      <h1>
        {t("contest.sheet.heading")} <span translate="no">{contest.title}</span>
      </h1>
      <p className="muted">{t("contest.sheet.intro")}</p>

      <h2>{t("contest.sheet.funding")}</h2>
      <FundingLine funding={funding} />
      <p>
        <FundingText funding={why} />
      </p>

      <h2>{t("contest.sheet.who")}</h2>
      <ul>
        <li>{t("contest.sheet.age", { age: POLICY.minimumAge })}</li>
        <li>{t("contest.sheet.oneEntry")}</li>
        <li>{t("contest.sheet.fee", { fee: free ? t("contest.free") : formatINR(contest.entry_fee) })}</li>
      </ul>

      <h2>{t("contest.sheet.test")}</h2>
      <ul>
        <li>{t("contest.sheet.window", { start: formatDateTime(contest.start_time, locale), end: formatDateTime(contest.end_time, locale), minutes: contest.duration_minutes })}</li>
        <li>{t("contest.sheet.questions", { count: contest.question_count })}</li>
        {CONTEST_REQUIREMENTS.map((r) => (
          <li key={r}>{t(r)}</li>
        ))}
        <li>{t("contest.rule.cheating")}</li>
      </ul>

      <h2>{t("contest.sheet.marking")}</h2>
      <p>{t("contest.sheet.markingText", { marks: contest.marks, penalty: contest.penalty })}</p>

      <h2>{t("contest.sheet.ranks")}</h2>
      <p>{t("contest.sheet.ranksText")}</p>
      <p>{tm(tieBreak)}</p>

      <h2>{t("contest.prizes")}</h2>
      {prizes.length === 0 ? (
        <p>{t("contest.sheet.noPrizes")}</p>
      ) : (
        <>
          <PrizeList prizes={prizes} />
          <p>{t("contest.sheet.ties")}</p>
          <p>
            {taxThreshold > 0
              ? t("contest.sheet.taxAbove", { ...taxLawValues(), percent: taxPercent, threshold: formatINR(taxThreshold) })
              : t("contest.sheet.tax", { ...taxLawValues(), percent: taxPercent })}
          </p>
        </>
      )}

      <h2>{t("contest.sheet.challenges")}</h2>
      <p>
        {contest.challenge_window_hours === 0
          ? t("contest.sheet.noWindow")
          : t("contest.sheet.challengeWindow", {
              hours: contest.challenge_window_hours,
              fee: contest.challenge_fee === 0 ? "free" : formatINR(contest.challenge_fee),
              dropped: contest.dropped_question_marks,
            })}
      </p>

      <h2>{t("contest.sheet.proctoring")}</h2>
      <p>{t("contest.sheet.watched", { days: evidenceDays })}</p>
      {minorsFilmed ? null : <p>{t("contest.sheet.minors")}</p>}
      <p>{t("contest.sheet.reviewed")}</p>

      <h2>{t("contest.sheet.outage")}</h2>
      <p>{t("contest.sheet.outageText", { minutes: outageBound })}</p>

      <h2>{t("contest.sheet.refunds")}</h2>
      <p>
        {free
          ? t("contest.sheet.refundsFree")
          : richText(t("contest.sheet.refundsText", { hours: POLICY.contestFullRefundHoursBeforeStart, days: POLICY.contestRefundProcessingDays }), [(text) => <Link to="/refund">{text}</Link>])}
      </p>

      <h2>{t("contest.sheet.complaints")}</h2>
      <SupportLine />
    </article>
  );
}

export const ErrorBoundary = ContestNotFound;
