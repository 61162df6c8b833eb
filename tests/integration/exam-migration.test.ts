// Issue 30, point 1: old contests become one unnamed section at +1/0, and their scores,
// ranks and prizes do not change. A database is built to the migration before
// drizzle/0008_exam_papers.sql with results as the old code stored them, migrated, and
// scored again by today's rule.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { expect, test } from "vitest";
import { migrateBefore, migrateFrom } from "../support/migrations";
import { pgliteConnection, rowsOf } from "~/db/client.server";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import { sql } from "drizzle-orm";


test("an old contest migrates to one unnamed section at +1/0 with the same scores, ranks and prizes", async () => {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrateBefore(client, "0008");
  // Three students, three questions; as the old code scored and finalised them.
  await client.exec(`
    INSERT INTO users (id, email, password_hash) VALUES
      ('00000000-0000-4000-8000-000000000001', 'a@x.in', 'h'), ('00000000-0000-4000-8000-000000000002', 'b@x.in', 'h'),
      ('00000000-0000-4000-8000-000000000003', 'c@x.in', 'h');
    INSERT INTO contests (id, title, subject, duration_minutes, start_time, end_time, prize_pool, finalized_at) VALUES
      ('10000000-0000-4000-8000-000000000001', 'Old Cup', 'GK', 30, '2026-01-01 10:00Z', '2026-01-01 11:00Z', '{"first": 100, "second": 50}', '2026-01-01 11:05Z');
    INSERT INTO questions (id, contest_id, position, question_text, options, correct_answer) VALUES
      ('20000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', 1, 'Q1', ARRAY['a','b','c'], 'b'),
      ('20000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000001', 2, 'Q2', ARRAY['x','y'], 'x'),
      ('20000000-0000-4000-8000-000000000003', '10000000-0000-4000-8000-000000000001', 3, 'Q3', ARRAY['p','q','r'], 'r');
    INSERT INTO user_contest_entries (user_id, contest_id, status, started_at, has_submitted, submitted_at, submit_reason)
      SELECT id, '10000000-0000-4000-8000-000000000001', true, '2026-01-01 10:00Z', true, '2026-01-01 10:20Z', 'Manual submission' FROM users;
    INSERT INTO user_answers (user_id, contest_id, question_id, selected_answer) VALUES
      ('00000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000001', 'b'),
      ('00000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000002', 'x'),
      ('00000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000003', 'p'),
      ('00000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000001', 'a'),
      ('00000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000003', 'r'),
      ('00000000-0000-4000-8000-000000000003', '10000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000002', NULL);
    INSERT INTO contest_results (contest_id, user_id, score, answered, rank, prize_amount, response_time) VALUES
      ('10000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001', 2, 3, 1, 100, 1200000),
      ('10000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', 1, 2, 2, 50, 1200000),
      ('10000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000003', 0, 0, NULL, 0, 1200000);`);
  const stored = async () =>
    (await client.query<{ user_id: string; score: number; answered: number; rank: number | null; prize_amount: number }>(
      `SELECT user_id, score, answered, rank, prize_amount FROM contest_results ORDER BY user_id`,
    )).rows;
  const old = await stored();

  await migrateFrom(client, "0008");
  const sections = (await client.query<{ title: string; marks: number | null; penalty: number | null }>(`SELECT title, marks, penalty FROM contest_sections`)).rows;
  expect(sections).toEqual([{ title: "", marks: null, penalty: null }]);
  expect((await client.query(`SELECT marks, penalty FROM contests`)).rows).toEqual([{ marks: 1, penalty: 0 }]);
  // Issue 31: a contest that had started before the window existed keeps no window (final at its end).
  expect((await client.query(`SELECT challenge_window_hours FROM contests`)).rows).toEqual([{ challenge_window_hours: 0 }]);
  expect((await client.query(`SELECT correct_options FROM questions ORDER BY position`)).rows).toEqual([{ correct_options: [2] }, { correct_options: [1] }, { correct_options: [3] }]);

  // Scored and finalised again by today's rule: the same rows.
  await client.exec(`UPDATE contests SET finalized_at = NULL; UPDATE contest_results SET rank = NULL, prize_amount = 0, score = -99`);
  const { db } = pgliteConnection(client, true);
  expect(await finalizeContest(db, "10000000-0000-4000-8000-000000000001", new Date("2026-01-02T00:00:00Z"))).toBe("finalized");
  expect(await stored()).toEqual(old);
  const [unanswered] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM user_answers WHERE selected_options IS NULL`));
  expect(unanswered!.n).toBe(1);
  await client.close();
});
