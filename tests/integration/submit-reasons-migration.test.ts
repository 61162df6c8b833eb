// Issue 66, point 3: the reasons stored as English sentences before drizzle/0054_submit_reason_codes.sql
// become codes, and their ' (with errors)' the flag. A database is built to the migration
// before, with an entry of each sentence the old code wrote (with and without errors), one
// of text no code wrote, one submitted without a reason and one not submitted with one, migrated to today.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { expect, test } from "vitest";
import { migrateBefore, migrateFrom } from "../support/migrations";

test("each old sentence becomes its code and ' (with errors)' the flag; other text is a manual submission, no reason stays none", async () => {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrateBefore(client, "0054");
  const old: Array<[string | null, { submit_reason: string | null; submitted_with_errors: boolean }]> = [
    ["Manual submission", { submit_reason: "manual", submitted_with_errors: false }],
    ["Manual submission (with errors)", { submit_reason: "manual", submitted_with_errors: true }],
    ["Time's up", { submit_reason: "time_up", submitted_with_errors: false }],
    ["Time's up (with errors)", { submit_reason: "time_up", submitted_with_errors: true }],
    ["User exited fullscreen or switched tabs", { submit_reason: "left", submitted_with_errors: false }],
    ["User exited fullscreen or switched tabs (with errors)", { submit_reason: "left", submitted_with_errors: true }],
    ["closed by the admin script", { submit_reason: "manual", submitted_with_errors: false }],
    ["closed by the admin script (with errors)", { submit_reason: "manual", submitted_with_errors: true }],
    [null, { submit_reason: null, submitted_with_errors: false }],
  ];
  await client.exec(`
    INSERT INTO contests (id, title, subject, entry_fee, duration_minutes, start_time, end_time, prize_pool, kind)
      VALUES ('10000000-0000-4000-8000-000000000001', 'Old Cup', 'GK', 0, 30, '2026-01-01 10:00Z', '2026-01-01 11:00Z', '{}', 'free')`);
  for (const [i, [reason]] of old.entries()) {
    const user = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
    await client.query(`INSERT INTO users (id, email, password_hash) VALUES ($1, $2, 'h')`, [user, `u${i}@x.in`]);
    await client.query(
      `INSERT INTO user_contest_entries (user_id, contest_id, status, started_at, has_submitted, submitted_at, submit_reason)
         VALUES ($1, '10000000-0000-4000-8000-000000000001', true, '2026-01-01 10:00Z', true, '2026-01-01 10:20Z', $2)`,
      [user, reason],
    );
  }
  // A reason on an entry not submitted (no code wrote one) is dropped: the constraint allows none.
  await client.exec(`
    INSERT INTO users (id, email, password_hash) VALUES ('00000000-0000-4000-8000-000000000099', 'open@x.in', 'h');
    INSERT INTO user_contest_entries (user_id, contest_id, submit_reason) VALUES ('00000000-0000-4000-8000-000000000099', '10000000-0000-4000-8000-000000000001', 'Manual submission');`);
  await migrateFrom(client, "0054");
  const rows = (await client.query<{ user_id: string; submit_reason: string | null; submitted_with_errors: boolean }>("SELECT user_id, submit_reason, submitted_with_errors FROM user_contest_entries ORDER BY user_id")).rows;
  expect(rows.map(({ submit_reason, submitted_with_errors }) => ({ submit_reason, submitted_with_errors }))).toEqual([...old.map(([, now]) => now), { submit_reason: null, submitted_with_errors: false }]);
  await client.close();
});
