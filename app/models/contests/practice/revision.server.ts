// "My revision" (issue 48, point 6; the rules in ./practice.ts): the questions a student
// bookmarked and those they got wrong, across every contest whose test has closed for
// everyone (the key is shown from then: docs/product/design.md §4), with the key and the
// solution. A question may be bookmarked only where its breakdown may be read.
import { sql } from "drizzle-orm";
import { rowsOf, type Db, type DbOrTx } from "~/db/client.server";
import { entryView, perQuestion, reportAnswer, WRONG_SQL, type BreakdownRow, type EntryView } from "~/models/contests/results/exam-report.server";
import { shownUnder, type ReportAnswer } from "~/models/contests/results/exam-report";
import { BOOKMARK_CAP, REVISION_PAGE_SIZE, type RevisionFilter } from "~/models/contests/practice/practice";
import { GRACE_SQL, LAST_DEADLINE_SQL } from "~/models/contests/sitting/deadline.server";
import type { Locale } from "~/utils/i18n";



/** The student's submitted entries of contests closed for everyone at `now` (isTestClosed in ../sitting/deadline.ts). */
const closedEntries = (userId: string, now: Date) => sql`
  SELECT e.contest_id, e.id AS entry_id, c.title AS contest_title, c.start_time AS contest_start
    FROM user_contest_entries e JOIN contests c ON c.id = e.contest_id
   WHERE e.user_id = ${userId} AND e.has_submitted AND ${LAST_DEADLINE_SQL} + ${GRACE_SQL} < ${now.toISOString()}::timestamptz`;

/** A revision item: the question beside the key, its contest, and whether it is bookmarked and was got wrong. */
export type RevisionItem = ReportAnswer & { contestId: string; contestTitle: string; bookmarked: boolean; wrong: boolean };

type Row = BreakdownRow & { entry_id: string; contest_title: string; bookmarked: boolean; n_all: number; n_bookmarked: number; n_wrong: number };

/**
 * A page of the student's revision, newest contest first and each contest's questions in
 * the paper's order, with the count under each filter. One statement; each contest's
 * paper on the page comes from memory (../paper/paper.server.ts).
 */
export async function revisionPage(db: DbOrTx, input: { userId: string; show: RevisionFilter; page: number; locale: Locale; now: Date }) {
  const filter = { all: sql`true`, bookmarked: sql`bookmarked`, wrong: sql`verdict IN ${WRONG_SQL}` }[input.show];
  let rows = rowsOf<Row>(
    await db.execute(sql`
      WITH items AS (
        SELECT pq.*, m.entry_id, m.contest_title, m.contest_start, b.user_id IS NOT NULL AS bookmarked
          FROM (${closedEntries(input.userId, input.now)}) m
          CROSS JOIN LATERAL (${perQuestion({ contestId: sql`m.contest_id`, userId: input.userId })}) pq
          LEFT JOIN question_bookmarks b ON b.user_id = ${input.userId} AND b.question_id = pq.id
         WHERE b.user_id IS NOT NULL OR pq.verdict IN ${WRONG_SQL}
      ), counts AS (
        SELECT count(*)::int AS n_all, count(*) FILTER (WHERE bookmarked)::int AS n_bookmarked, count(*) FILTER (WHERE verdict IN ${WRONG_SQL})::int AS n_wrong FROM items
      )
      -- The counts always (one row even when the page is empty), with the page's questions beside them.
      SELECT * FROM counts LEFT JOIN LATERAL (
        SELECT * FROM items WHERE ${filter}
         ORDER BY contest_start DESC, contest_id, section_position, position
         LIMIT ${REVISION_PAGE_SIZE + 1} OFFSET ${(input.page - 1) * REVISION_PAGE_SIZE}) page ON true
       ORDER BY contest_start DESC, contest_id, section_position, position`),
  );
  const counted = rows[0]!;
  const counts = counted.n_all > 0 ? { all: counted.n_all, bookmarked: counted.n_bookmarked, wrong: counted.n_wrong } : null;
  rows = rows.filter((r) => r.id !== null);
  const more = rows.length > REVISION_PAGE_SIZE;
  const shown = rows.slice(0, REVISION_PAGE_SIZE);
  const views = new Map<string, EntryView>();
  for (const r of shown) if (!views.has(r.contest_id)) views.set(r.contest_id, await entryView(r.contest_id, r.entry_id));
  const items: RevisionItem[] = shown.map((r) => {
    const view = views.get(r.contest_id)!;
    return {
      ...reportAnswer(r, (view.place.get(r.id) ?? 0) + 1, view, { locale: input.locale, time: null }),
      contestId: r.contest_id,
      contestTitle: r.contest_title,
      bookmarked: r.bookmarked,
      wrong: shownUnder("wrong", { verdict: r.verdict, marked: false }),
    };
  });
  return { items, more, counts };
}

/** The questions of a contest the student has bookmarked (for the breakdown's and practice's buttons). */
export async function bookmarkedIn(db: DbOrTx, input: { userId: string; contestId: string }) {
  const rows = rowsOf<{ question_id: string }>(
    await db.execute(sql`
      SELECT b.question_id FROM question_bookmarks b JOIN questions q ON q.id = b.question_id
       WHERE b.user_id = ${input.userId} AND q.contest_id = ${input.contestId}`),
  );
  return rows.map((r) => r.question_id);
}

export type BookmarkOutcome = "added" | "removed" | "full" | "not-found";

/**
 * Bookmarks a question (or removes it): only a question of a contest the student sat and
 * that has closed for everyone ('not-found' otherwise, the same as a question that does not
 * exist), and at most BOOKMARK_CAP at once ('full'). The student's row is locked while the
 * cap is counted, so two posts at once cannot pass it together.
 */
export async function setBookmark(db: Db, input: { userId: string; questionId: string; on: boolean; now: Date }): Promise<BookmarkOutcome> {
  if (!input.on) {
    await db.execute(sql`DELETE FROM question_bookmarks WHERE user_id = ${input.userId} AND question_id = ${input.questionId}`);
    return "removed";
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${input.userId} FOR UPDATE`);
    const [seen] = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`
        SELECT true AS ok FROM questions q JOIN (${closedEntries(input.userId, input.now)}) m ON m.contest_id = q.contest_id
         WHERE q.id = ${input.questionId}`),
    );
    if (!seen) return "not-found" as const;
    const [kept] = rowsOf<{ n: number; already: boolean }>(
      await tx.execute(sql`
        SELECT count(*)::int AS n, bool_or(question_id = ${input.questionId}) AS already
          FROM question_bookmarks WHERE user_id = ${input.userId}`),
    );
    if (kept!.already) return "added" as const;
    if (kept!.n >= BOOKMARK_CAP) return "full" as const;
    await tx.execute(sql`INSERT INTO question_bookmarks (user_id, question_id, created_at) VALUES (${input.userId}, ${input.questionId}, ${input.now.toISOString()}::timestamptz) ON CONFLICT DO NOTHING`);
    return "added" as const;
  });
}
