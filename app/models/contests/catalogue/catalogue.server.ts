// Contest reads for the home page, the list and the dashboard. Each is one query
// (no query per card): enrolment comes from a join on the user's entries.
import { and, asc, desc, eq, getViewSelectedFields, gt, gte, ilike, isNotNull, lte, or, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { containsPattern } from "~/utils/text";
import { contest_details, contest_results, contests, profiles, user_contest_entries, users } from "~/db/schema";
import { publicName } from "~/models/accounts/public-name";

/** The columns a contest card or a journey page shows. */
export const cardColumns = {
  id: contests.id,
  title: contests.title,
  description: contests.description,
  subject: contests.subject,
  entry_fee: contests.entry_fee,
  kind: contests.kind,
  sponsor: contests.sponsor,
  duration_minutes: contests.duration_minutes,
  start_time: contests.start_time,
  end_time: contests.end_time,
  is_active: contests.is_active,
  prize_pool: contests.prize_pool,
};

/** How many questions the contest of the row has. */
export const questionCountColumn = sql<number>`(SELECT count(*)::int FROM questions q WHERE q.contest_id = contests.id)`;

/** Whether the user has an entry in the contest of the row (false for a guest). */
export function enrolledColumn(userId: string | null) {
  return userId
    ? // Correlated by name: inside a subquery Drizzle renders ${contests.id} unqualified.
      sql<boolean>`EXISTS (SELECT 1 FROM user_contest_entries e WHERE e.contest_id = contests.id AND e.user_id = ${userId})`
    : sql<boolean>`false`;
}

/** Home: active contests starting at or after now, soonest first (docs/product/contests.md §7). */
export async function upcomingContests(db: DbOrTx, input: { userId: string | null; now: Date; limit?: number }) {
  return db
    .select({ ...cardColumns, enrolled: enrolledColumn(input.userId) })
    .from(contests)
    .where(and(eq(contests.is_active, true), gte(contests.start_time, input.now)))
    .orderBy(asc(contests.start_time))
    .limit(input.limit ?? 6);
}

/**
 * /contests: every active contest with its question count, optionally searched by
 * title or subject. Soonest first, with ended contests after the open ones (a
 * student looks for what they can still join).
 */
export async function activeContests(db: DbOrTx, input: { userId: string | null; q?: string; now: Date; limit?: number }) {
  const q = input.q?.trim().slice(0, 100);
  const pattern = containsPattern(q);
  return db
    .select({
      ...cardColumns,
      enrolled: enrolledColumn(input.userId),
      question_count: questionCountColumn,
    })
    .from(contests)
    .where(
      and(
        eq(contests.is_active, true),
        pattern ? or(ilike(contests.title, pattern), ilike(contests.subject, pattern)) : undefined,
      ),
    )
    .orderBy(sql`${contests.end_time} <= ${input.now.toISOString()}::timestamptz`, asc(contests.start_time))
    .limit(input.limit ?? 100);
}

/** The dashboard's entries, from the contest_details view, with whether each contest is finalised and how many questions were answered. */
export async function dashboardEntries(db: DbOrTx, userId: string) {
  return db
    .select({
      ...getViewSelectedFields(contest_details),
      finalized: sql<boolean>`${contests.finalized_at} IS NOT NULL`,
      answered: sql<number | null>`${contest_results.answered}`,
      longest_extra_minutes: contests.longest_extra_minutes,
      extra_minutes: user_contest_entries.extra_minutes,
      challenge_window_hours: contests.challenge_window_hours,
    })
    .from(contest_details)
    .innerJoin(contests, eq(contests.id, contest_details.contest_id))
    .innerJoin(user_contest_entries, eq(user_contest_entries.id, contest_details.user_contest_entry_id))
    .leftJoin(contest_results, and(eq(contest_results.contest_id, contest_details.contest_id), eq(contest_results.user_id, contest_details.user_id)))
    .where(eq(contest_details.user_id, userId))
    .orderBy(desc(contest_details.contest_start_time));
}

/** One contest for its detail page, with its question count and whether the user has an entry. */
export async function getContest(db: DbOrTx, input: { id: string; userId: string | null }) {
  const [row] = await db
    .select({
      ...cardColumns,
      enrolled: enrolledColumn(input.userId),
      question_count: questionCountColumn,
      challenge_window_hours: contests.challenge_window_hours,
    })
    .from(contests)
    .where(eq(contests.id, input.id));
  return row;
}

/** A contest's rules sheet: its card, and how it is marked, ranked and challenged. */
export async function getRulesSheet(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      ...cardColumns,
      question_count: questionCountColumn,
      marks: contests.marks,
      penalty: contests.penalty,
      challenge_window_hours: contests.challenge_window_hours,
      challenge_fee: contests.challenge_fee,
      dropped_question_marks: contests.dropped_question_marks,
    })
    .from(contests)
    .where(eq(contests.id, id));
  return row;
}

/**
 * The Hall of Champions: prize winners of the most recently ended, finalised contests
 * (never of one that has not happened). Each name as public lists show it (publicName:
 * "Asha R." unless the winner chose the full name, a minor's never), never an e-mail.
 */
export async function recentChampions(db: DbOrTx, now: Date, limit = 3) {
  const rows = await db
    .select({
      full_name: profiles.full_name,
      public_full_name: profiles.public_full_name,
      birth_date: users.birth_date,
      rank: contest_results.rank,
      prize: contest_results.prize_amount,
      contest: contests.title,
    })
    .from(contest_results)
    .innerJoin(contests, eq(contests.id, contest_results.contest_id))
    .leftJoin(profiles, eq(profiles.id, contest_results.user_id))
    .leftJoin(users, eq(users.id, contest_results.user_id))
    .where(and(isNotNull(contests.finalized_at), lte(contests.end_time, now), gt(contest_results.prize_amount, 0)))
    .orderBy(desc(contests.end_time), asc(contest_results.rank), desc(contest_results.prize_amount))
    .limit(limit);
  return rows.map(({ full_name, public_full_name, birth_date, ...champion }) => ({ name: publicName({ full_name, public_full_name, birth_date }, now), ...champion }));
}

/** Paid-prize contests that have not ended: what start-up says it keeps dark while the operator does not offer them. */
export async function paidPrizeContestsLeft(db: DbOrTx, now: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contests)
    .where(and(eq(contests.kind, "paid_prize"), eq(contests.is_active, true), gt(contests.end_time, now)));
  return row?.n ?? 0;
}
