// What the results page reads (docs/product/contests.md §2 Results): the student's own marks,
// rank and percentile, and the top ten (the per-section report and the answers beside
// the key are in ./exam-report.server.ts). Ranks come from the window
// function until the contest is finalised, then from the stored rank (the same rule).
import { and, eq, sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";
import { contests, user_answers, user_contest_entries } from "~/db/schema";
import { questionCountColumn } from "~/models/contests/catalogue/catalogue.server";
import { isTestClosed, testClosesAt } from "~/models/contests/sitting/deadline";
import { challengeWindow, isPastWindow, isWindowOpen, resultsPhase } from "~/models/contests/challenges/challenges";
import { FULL_MARKS, PERCENTILE_SQL, RANKED_COUNT_SQL } from "~/models/contests/results/marking.server";
import { finalizeContest, shownRankSql } from "~/models/contests/results/scoring.server";
import { tieBreakMessage } from "~/models/contests/results/marking";
import type { Comparison, Figures } from "~/models/contests/results/exam-report";
import type { TieBreak } from "~/utils/enums";
import type { Locale } from "~/utils/i18n";
import { publicName, type NamedPerson } from "~/models/accounts/public-name";

export const LEADERBOARD_SIZE = 10;

/** The contest's tie-break in words, its sections named in `locale` (Hindi titles where the paper has them). */
export async function tieBreakOf(db: DbOrTx, contestId: string, locale: Locale) {
  const rows = rowsOf<{ rule: TieBreak; title: string | null }>(
    await db.execute(sql`
      SELECT c.tie_break AS rule, ${locale === "hi" ? sql`COALESCE(NULLIF(s.title_hi, ''), s.title)` : sql`s.title`} AS title
        FROM contests c LEFT JOIN contest_sections s ON s.contest_id = c.id AND s.tie_break_order IS NOT NULL AND c.tie_break = 'nta'
       WHERE c.id = ${contestId}
       ORDER BY s.tie_break_order`),
  );
  if (rows.length === 0) return null;
  return tieBreakMessage(rows[0]!.rule, rows.flatMap((row) => (row.title ? [row.title] : [])));
}

/** Every result of the contest with the rank it shows (shownRankSql). */
export const rankedResults = (contestId: string) => sql`
  SELECT r.contest_id, r.user_id, r.score, r.answered, r.response_time, r.prize_amount, r.disqualified_at, r.disqualification_reason,
         ${shownRankSql("r")} AS rank
    FROM contest_results r
   WHERE r.contest_id = ${contestId}`;

export type MyResult = {
  score: number;
  answered: number;
  response_time: number;
  prize_amount: number;
  rank: number | null;
  percentile: number | null;
  /** How many sat and are ranked: the percentile is "within this contest" of these. */
  ranked: number;
  disqualified_at: string | null;
  disqualification_reason: string | null;
  /** The student's appeal of a disqualification (../review/review.server.ts): sent, and decided. */
  appealed_at: string | null;
  appeal_decided_at: string | null;
};

/**
 * The student's result, in one of three states: `none` (no submitted entry: 'Results
 * Not Available'), `pending` (submitted, but the test is still open for others: only
 * how many questions were answered and when scores appear), `scored` (the test has
 * closed: score, rank, and prize once finalised).
 */
export async function contestResults(db: DbOrTx, input: { contestId: string; userId: string; now: Date }) {
  const [contest] = await db
    .select({
      id: contests.id,
      title: contests.title,
      end_time: contests.end_time,
      finalized: sql<boolean>`${contests.finalized_at} IS NOT NULL`,
      start_time: contests.start_time,
      duration_minutes: contests.duration_minutes,
      longest_extra_minutes: contests.longest_extra_minutes,
      challenge_window_hours: contests.challenge_window_hours,
      challenge_fee: contests.challenge_fee,
      kind: contests.kind,
      question_count: questionCountColumn,
      full_marks: FULL_MARKS,
      submitted: sql<boolean>`COALESCE(${user_contest_entries.has_submitted}, false)`,
    })
    .from(contests)
    .leftJoin(user_contest_entries, and(eq(user_contest_entries.contest_id, contests.id), eq(user_contest_entries.user_id, input.userId)))
    .where(eq(contests.id, input.contestId));
  if (!contest) return null;
  // The first results view after the end and the challenge window assigns the prizes
  // (docs/product/design.md §4), unless a challenge is pending; idempotent.
  let finalized = contest.finalized;
  if (!finalized && isPastWindow(contest, input.now)) {
    finalized = ["finalized", "already"].includes(await finalizeContest(db, contest.id, input.now));
  }
  const closed = isTestClosed(contest, input.now);
  const base = {
    id: contest.id,
    title: contest.title,
    questionCount: contest.question_count,
    fullMarks: contest.full_marks,
    finalized,
    closed,
    scoresAt: testClosesAt(contest),
    phase: resultsPhase({ ...contest, finalized }, input.now),
    challengesEndAt: challengeWindow(contest).endsAt,
    challengeOpen: isWindowOpen(contest, input.now),
    challengeFee: contest.challenge_fee,
    // A practice test has no prize to show (docs/decisions/contests-lawful-kinds.md).
    practice: contest.kind === "practice",
  };
  if (!contest.submitted) return { contest: base, state: "none" as const, mine: null, answered: 0 };
  if (!closed) {
    // Questions with a response: a question only visited, or marked with nothing chosen, has a row too.
    const answered = await db.$count(
      user_answers,
      and(eq(user_answers.contest_id, contest.id), eq(user_answers.user_id, input.userId), sql`(cardinality(${user_answers.selected_options}) > 0 OR ${user_answers.numeric_answer} IS NOT NULL)`),
    );
    return { contest: base, state: "pending" as const, mine: null, answered };
  }
  const [mine] = rowsOf<MyResult>(
    await db.execute(sql`
      SELECT t.*, ${PERCENTILE_SQL(contest.id)} AS percentile, ${RANKED_COUNT_SQL(contest.id)} AS ranked, a.appealed_at, a.decided_at AS appeal_decided_at
        FROM (${rankedResults(contest.id)}) t
        LEFT JOIN review_appeals a ON a.contest_id = t.contest_id AND a.user_id = t.user_id
       WHERE t.user_id = ${input.userId}`),
  );
  return mine ? { contest: base, state: "scored" as const, mine, answered: mine.answered } : { contest: base, state: "none" as const, mine: null, answered: 0 };
}

/**
 * The student beside the topper (rank 1; the first by time if several share it) and the
 * average of everyone ranked (issue 48, point 5), all from stored result rows. Null when
 * nobody is ranked.
 */
export async function comparison(db: DbOrTx, input: { contestId: string; userId: string }): Promise<Comparison | null> {
  const rows = rowsOf<{ who: keyof Comparison; score: number | null; accuracy: number | null; time: number | null }>(
    await db.execute(sql`
      WITH r AS (
        SELECT t.user_id, t.rank, t.score, t.response_time,
               c.correct::float8 / NULLIF(c.correct + c.incorrect, 0) AS accuracy
          FROM (${rankedResults(input.contestId)}) t
          JOIN contest_results c ON c.contest_id = ${input.contestId} AND c.user_id = t.user_id)
      SELECT 'you' AS who, score::float8, accuracy, response_time::float8 AS time FROM r WHERE user_id = ${input.userId}
      UNION ALL
      (SELECT 'topper', score::float8, accuracy, response_time::float8 FROM r WHERE rank IS NOT NULL ORDER BY rank, response_time, user_id LIMIT 1)
      UNION ALL
      SELECT 'average', avg(score)::float8, avg(accuracy), avg(response_time)::float8 FROM r WHERE rank IS NOT NULL`),
  );
  const by = Object.fromEntries(rows.map((r) => [r.who, r]));
  if (!by.you || !by.topper || by.average?.score == null) return null;
  const figures = (r: (typeof rows)[number]): Figures => ({
    score: Math.round(r.score! * 100) / 100,
    accuracy: r.accuracy === null ? null : Math.round(r.accuracy * 100),
    time: Math.round(r.time!),
  });
  return { you: figures(by.you), topper: figures(by.topper), average: figures(by.average) };
}

/**
 * The top ten by rank, each name as public lists show it (publicName: "Asha R." unless the
 * student chose the full name, a minor's never), never an e-mail.
 */
export async function leaderboard(db: DbOrTx, contestId: string, now: Date) {
  const rows = rowsOf<{ user_id: string; rank: number; score: number; response_time: number; prize_amount: number } & NamedPerson>(
    await db.execute(sql`
      SELECT t.user_id, t.rank, t.score, t.response_time, t.prize_amount, p.full_name, p.public_full_name, u.birth_date::text AS birth_date
        FROM (${rankedResults(contestId)}) t
        LEFT JOIN profiles p ON p.id = t.user_id
        LEFT JOIN users u ON u.id = t.user_id
       WHERE t.rank IS NOT NULL
       ORDER BY t.rank, t.response_time, t.user_id
       LIMIT ${LEADERBOARD_SIZE}`),
  );
  return rows.map(({ full_name, public_full_name, birth_date, ...leader }) => ({ ...leader, name: publicName({ full_name, public_full_name, birth_date }, now) }));
}
