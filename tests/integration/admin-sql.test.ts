import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { db, pgConstraint, rowsOf } from "~/db/client.server";
import { contests, questions, review_decisions, user_contest_entries, users } from "~/db/schema";
import { DEMO_REVIEWER } from "~/seed/demo-content";
import { seedDemoData } from "~/seed/seed.server";

const doc = fs.readFileSync("docs/admin-sql.md", "utf8");

// The example, exactly as an admin would paste it; both tests read the contest it makes.
beforeAll(async () => {
  await db.execute(sql.raw(doc.match(/```sql\n([\s\S]*?)```/)![1]!));
});

test("the SQL example in docs/admin-sql.md creates a contest with its questions", async () => {
  const [contest] = await db.select().from(contests).where(eq(contests.title, "Weekend Maths Marathon"));
  expect(contest).toMatchObject({ kind: "free", sponsor: "Pragati Book House", entry_fee: 0, duration_minutes: 20, is_active: true });
  expect(contest!.start_time.toISOString()).toBe("2030-01-12T12:30:00.000Z");
  const rows = await db.select().from(questions).where(eq(questions.contest_id, contest!.id)).orderBy(questions.position);
  expect(rows.map((q) => q.correct_answer)).toEqual(["36", "5", "12"]);
  expect(rows[0]!.options).toEqual(["24", "36", "32", "40"]);
});

test("every statement under 'What the database refuses' is refused by the constraint its comment names", async () => {
  const refused = doc.match(/```sql refused\n([\s\S]*?)```/)![1]!;
  // "-- constraint_name: why" then the statement, up to the next comment.
  const cases = [...refused.matchAll(/^-- (\w+)[^\n]*\n([\s\S]*?)(?=^-- |$(?![\s\S]))/gm)].map((m) => ({ constraint: m[1]!, statement: m[2]!.trim() }));
  expect(cases.length).toBe(12);
  for (const { constraint, statement } of cases) {
    const error = await db.execute(sql.raw(statement)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(pgConstraint(error), statement).toBe(constraint);
  }
  // Nothing of it landed.
  const [contest] = await db.select().from(contests).where(eq(contests.title, "Weekend Maths Marathon"));
  expect(contest).toMatchObject({ kind: "free", sponsor: "Pragati Book House", entry_fee: 0, duration_minutes: 20 });
  expect(await db.$count(contests, eq(contests.title, "Fee Without a Kind"))).toBe(0);
  expect(await db.$count(questions, eq(questions.contest_id, contest!.id))).toBe(3);
});

// Issue 65, point 3: on the demo the block said `UPDATE 0` (no such account). Run as written against the demo's own seed, it
// makes one reviewer, who entered nothing, so decides in every demo contest.
test("the 'Reviewers' block, as written, makes the demo's reviewer a reviewer: one row updated", async () => {
  await seedDemoData(db);
  const reviewers = doc.match(/```sql reviewers\n([\s\S]*?)```/)![1]!;
  const [before] = await db.select({ id: users.id, yes: users.is_reviewer }).from(users).where(eq(users.email, DEMO_REVIEWER.email));
  expect(before).toMatchObject({ yes: false });
  const updated = await db.execute(sql.raw(reviewers));
  expect(rowsOf(updated)).toEqual([{ email: DEMO_REVIEWER.email, is_reviewer: true }]);
  expect((await db.select({ yes: users.is_reviewer }).from(users).where(eq(users.id, before!.id)))[0]!.yes).toBe(true);
  expect(await db.$count(user_contest_entries, eq(user_contest_entries.user_id, before!.id))).toBe(0);
  expect(await db.$count(review_decisions)).toBe(0);
});
