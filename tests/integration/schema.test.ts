import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db, pgConstraint, pgErrorCode, rowsOf } from "~/db/client.server";
import { createContest, createEntry, createUser } from "~/seed/factories.server";
import { contest_details, questions } from "~/db/schema";

const start = new Date("2026-12-01T10:00:00Z");
const end = new Date("2026-12-01T11:00:00Z");

async function violation(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return { code: pgErrorCode(error), constraint: pgConstraint(error) };
  }
  throw new Error("expected the database to refuse this");
}

// Admins create contests with SQL, so the schema itself must refuse bad rows
// (more in schema-integrity.test.ts).
describe("the schema guards admin SQL", () => {
  test("a contest must end after it starts, last a positive time, cost zero or more", async () => {
    expect(await violation(() => createContest(db, { title: "x", subject: "Maths", start_time: end, end_time: start }))).toEqual({ code: "23514", constraint: "contests_time_order" });
    expect(await violation(() => createContest(db, { title: "x", subject: "Maths", start_time: start, end_time: end, duration_minutes: 0 }))).toEqual({ code: "23514", constraint: "contests_duration_positive" });
    expect(await violation(() => createContest(db, { title: "x", subject: "Maths", start_time: start, end_time: end, entry_fee: -1 }))).toEqual({ code: "23514", constraint: "contests_entry_fee_nonnegative" });
  });

  test("a question's correct answer must be one of its options", async () => {
    const contest = await createContest(db, { title: "x", subject: "Maths", start_time: start, end_time: end });
    const bad = await violation(() =>
      db.insert(questions).values({ contest_id: contest.id, question_text: "2+2?", options: ["3", "4"], correct_answer: "5" }),
    );
    expect(bad).toEqual({ code: "23514", constraint: "questions_correct_answer_is_option" });
    // An admin writing plain SQL, as docs/admin-sql.md shows:
    await db.execute(sql`INSERT INTO questions (contest_id, question_text, options, correct_answer)
      VALUES (${contest.id}, '2+2?', ARRAY['3','4'], '4')`);
    expect(await db.$count(questions)).toBe(1);
  });

  test("one entry per user per contest", async () => {
    const userId = await createUser(db, { email: "one@example.in", passwordHash: "x" });
    const contest = await createContest(db, { title: "x", subject: "Maths", start_time: start, end_time: end });
    await createEntry(db, { userId, contestId: contest.id });
    expect(await violation(() => createEntry(db, { userId, contestId: contest.id }))).toEqual({
      code: "23505",
      constraint: "user_contest_entries_user_contest_key",
    });
  });

  test("contest_details is a real view with the spec's columns", async () => {
    const userId = await createUser(db, { email: "view@example.in", passwordHash: "x" });
    const contest = await createContest(db, { title: "View Cup", subject: "Maths", start_time: start, end_time: end, prize_pool: { first: 100, grand_total: 100 } });
    await createEntry(db, { userId, contestId: contest.id });
    const [row] = await db.select().from(contest_details).where(eq(contest_details.user_id, userId));
    expect(row).toMatchObject({ user_id: userId, contest_title: "View Cup", user_status: false, contest_rank: null, contest_prize_pool: { first: 100, grand_total: 100 } });
    const kinds = rowsOf<{ table_type: string }>(
      await db.execute(sql`SELECT table_type FROM information_schema.tables WHERE table_name = 'contest_details'`),
    );
    expect(kinds).toEqual([{ table_type: "VIEW" }]);
  });

  test("every list query has an index to use", async () => {
    const names = rowsOf<{ indexname: string }>(await db.execute(sql`SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`)).map((r) => r.indexname);
    expect(names).toEqual(
      expect.arrayContaining([
        "contests_active_start_idx",
        "marketplace_products_store_newest_idx",
        "marketplace_products_seller_idx",
        "orders_buyer_status_created_idx",
        "comments_post_created_idx",
        "contest_results_contest_rank_idx",
        "email_outbox_due_idx",
      ]),
    );
  });
});
