// What the results page reads for one student and one tab (app/routes/contest.$id.results.tsx):
// the results, and only the tab's own parts, each only once the key may be shown.
import type { DbOrTx } from "~/db/client.server";
import { myChallenges } from "~/models/contests/challenges/challenges.server";
import { answerBreakdown, sectionReport, topicReport } from "~/models/contests/results/exam-report.server";
import { comparison, contestResults, leaderboard, tieBreakOf } from "~/models/contests/results/results.server";
import { prizeStatement } from "~/models/payments/payouts.server";
import { responseSheet } from "~/models/contests/results/response-sheet.server";
import { myCertificateCode } from "~/models/contests/results/certificates.server";
import type { Locale } from "~/utils/i18n";
import { bookmarkedIn } from "~/models/contests/practice/revision.server";

export type ResultsTab = "summary" | "breakdown" | "leaderboard" | "sheet";

export async function resultsPage(db: DbOrTx, input: { contestId: string; userId: string; tab: ResultsTab; locale: Locale; now: Date }) {
  const { contestId, userId, tab, locale, now } = input;
  const results = (await contestResults(db, { contestId, userId, now }))!;
  // Nothing derived from the key before the test has closed for everyone (docs/product/design.md §4).
  const scored = results.state === "scored";
  const mine = { contestId, userId };
  const [sections, statement, certificate, breakdown, challenges, leaders, tieBreak, sheet, topics, compared, bookmarked] = await Promise.all([
    scored && tab === "summary" ? sectionReport(db, mine) : [],
    scored && tab === "summary" && results.contest.finalized ? prizeStatement(db, mine) : null,
    scored && tab === "summary" && results.contest.finalized ? myCertificateCode(db, mine) : null,
    scored && tab === "breakdown" ? answerBreakdown(db, { ...mine, locale }) : [],
    scored && tab === "breakdown" ? myChallenges(db, mine) : [],
    scored && tab === "leaderboard" ? leaderboard(db, contestId, now) : [],
    scored && tab === "leaderboard" ? tieBreakOf(db, contestId, locale) : null,
    scored && tab === "sheet" ? responseSheet(db, { ...mine, now }) : null,
    scored && tab === "summary" ? topicReport(db, mine) : [],
    scored && tab === "summary" ? comparison(db, mine) : null,
    scored && tab === "breakdown" ? bookmarkedIn(db, mine) : ([] as string[]),
  ]);
  return { ...results, sections, statement, certificate, breakdown, challenges, leaders, tieBreak, sheet, topics, compared, bookmarked };
}
