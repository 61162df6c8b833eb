// Issue 46, point 1: the contests there are get their kind from their fee and prizes
// (drizzle/0025_lawful_contest_kinds.sql), so none is refused by the new constraints.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { expect, test } from "vitest";
import { migrateBefore, migrateFrom } from "../support/migrations";

test("no fee is free (the platform's prizes), a fee with prizes is paid-prize, a fee without is practice", async () => {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrateBefore(client, "0025");
  await client.exec(`
    INSERT INTO contests (title, subject, entry_fee, duration_minutes, start_time, end_time, prize_pool) VALUES
      ('Free Plain', 'GK', 0, 30, '2026-01-01 10:00Z', '2026-01-01 11:00Z', '{}'),
      ('Free Prized', 'GK', 0, 30, '2026-01-01 10:00Z', '2026-01-01 11:00Z', '{"first": 100}'),
      ('Paid Prized', 'GK', 49, 30, '2026-01-01 10:00Z', '2026-01-01 11:00Z', '{"first": 100, "bonus": "Certificate"}'),
      ('Paid Plain', 'GK', 19, 30, '2026-01-01 10:00Z', '2026-01-01 11:00Z', '{}');`);
  await migrateFrom(client, "0025");
  const rows = (await client.query<{ title: string; kind: string; sponsor: string | null }>(`SELECT title, kind, sponsor FROM contests ORDER BY title`)).rows;
  expect(rows).toEqual([
    { title: "Free Plain", kind: "free", sponsor: null },
    { title: "Free Prized", kind: "free", sponsor: "StudyArena" },
    { title: "Paid Plain", kind: "practice", sponsor: null },
    { title: "Paid Prized", kind: "paid_prize", sponsor: null },
  ]);
  await client.close();
});
