// Issue 46, point 1: the contests there are get their kind from their fee and prizes
// (drizzle/0025_lawful_contest_kinds.sql), so none is refused by the new constraints;
// point 3: practice tests already finalised get their certificates (0026).
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { expect, test } from "vitest";
import { migrateBefore, migrateFrom } from "../support/migrations";

test("no fee is free (the platform's prizes), a fee with prizes is paid-prize, a fee without is practice; finalised practice tests get certificates", async () => {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrateBefore(client, "0025");
  await client.exec(`
    INSERT INTO contests (id, title, subject, entry_fee, duration_minutes, start_time, end_time, prize_pool, finalized_at) VALUES
      (gen_random_uuid(), 'Free Plain', 'GK', 0, 30, '2026-01-01 10:00Z', '2026-01-01 11:00Z', '{}', NULL),
      (gen_random_uuid(), 'Free Prized', 'GK', 0, 30, '2026-01-01 10:00Z', '2026-01-01 11:00Z', '{"first": 100}', NULL),
      (gen_random_uuid(), 'Paid Prized', 'GK', 49, 30, '2026-01-01 10:00Z', '2026-01-01 11:00Z', '{"first": 100, "bonus": "Certificate"}', NULL),
      ('10000000-0000-4000-8000-000000000001', 'Paid Plain', 'GK', 19, 30, '2026-01-01 10:00Z', '2026-01-01 11:00Z', '{}', '2026-01-01 11:05Z');
    INSERT INTO users (id, email, password_hash) VALUES ('00000000-0000-4000-8000-000000000001', 'a@x.in', 'h'), ('00000000-0000-4000-8000-000000000002', 'b@x.in', 'h');
    INSERT INTO user_contest_entries (user_id, contest_id, status, started_at, has_submitted, submitted_at, submit_reason)
      SELECT id, '10000000-0000-4000-8000-000000000001', true, '2026-01-01 10:00Z', true, '2026-01-01 10:20Z', 'Manual submission' FROM users;
    INSERT INTO contest_results (contest_id, user_id, score, answered, rank, response_time) VALUES
      ('10000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001', 2, 2, 1, 1200000),
      ('10000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', 0, 0, NULL, 1200000);`);
  await migrateFrom(client, "0025");
  const rows = (await client.query<{ title: string; kind: string; sponsor: string | null }>(`SELECT title, kind, sponsor FROM contests ORDER BY title`)).rows;
  expect(rows).toEqual([
    { title: "Free Plain", kind: "free", sponsor: null },
    { title: "Free Prized", kind: "free", sponsor: "StudyArena" },
    { title: "Paid Plain", kind: "practice", sponsor: null },
    { title: "Paid Prized", kind: "paid_prize", sponsor: null },
  ]);
  // A practice test finalised before certificates existed gets them for its ranked results (drizzle/0026_certificates.sql).
  const issued = (await client.query<{ user_id: string; code: string; issued_at: Date }>(`SELECT user_id, code, issued_at FROM certificates`)).rows;
  expect(issued.map((c) => c.user_id)).toEqual(["00000000-0000-4000-8000-000000000001"]);
  expect(issued[0]!.code).toMatch(/^[0-9A-F]{12}$/);
  expect(new Date(issued[0]!.issued_at).toISOString()).toBe("2026-01-01T11:05:00.000Z");
  await client.close();
});
