import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { contests, questions } from "~/db/schema";

test("the SQL example in docs/admin-sql.md creates a contest with its questions", async () => {
  const doc = fs.readFileSync("docs/admin-sql.md", "utf8");
  const block = doc.match(/```sql\n([\s\S]*?)```/)![1]!;
  await db.execute(sql.raw(block));
  const [contest] = await db.select().from(contests).where(eq(contests.title, "Weekend Maths Marathon"));
  expect(contest).toMatchObject({ entry_fee: 49, duration_minutes: 20, is_active: true });
  expect(contest!.start_time.toISOString()).toBe("2030-01-12T12:30:00.000Z");
  const rows = await db.select().from(questions).where(eq(questions.contest_id, contest!.id)).orderBy(questions.position);
  expect(rows.map((q) => q.correct_answer)).toEqual(["36", "5", "12"]);
  expect(rows[0]!.options).toEqual(["24", "36", "32", "40"]);
});
