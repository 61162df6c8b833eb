import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db, getConnection, rowsOf } from "~/db/client.server";
import { DEMO_STUDENT } from "~/seed/demo-content";
import { prepareDatabase } from "~/seed/setup.server";
import { attemptLogin } from "~/models/accounts/account.server";

const n = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number | string }>(await db.execute(query))[0]!.n);

describe("demo data", () => {
  test("start-up seeds an empty database once, with times relative to now", async () => {
    // Two instances starting at once, then a third later: seeded once.
    await Promise.all([prepareDatabase(getConnection(), "demo"), prepareDatabase(getConnection(), "demo")]);
    await prepareDatabase(getConnection(), "demo");
    expect(await n(sql`SELECT count(*) AS n FROM users WHERE email = ${DEMO_STUDENT.email}`)).toBe(1);

    expect(await n(sql`SELECT count(*) AS n FROM contests WHERE start_time > now()`)).toBeGreaterThanOrEqual(3);
    expect(await n(sql`SELECT count(*) AS n FROM contests WHERE start_time <= now() AND end_time > now()`)).toBe(1);
    expect(await n(sql`SELECT count(*) AS n FROM contests WHERE end_time <= now() AND finalized_at IS NOT NULL`)).toBe(2);
    expect(await n(sql`SELECT min(c) AS n FROM (SELECT count(*) AS c FROM questions GROUP BY contest_id) q`)).toBeGreaterThanOrEqual(10);
    // Ended contests have results from several students, prizes paid to the top places.
    expect(await n(sql`SELECT min(c) AS n FROM (SELECT count(*) AS c FROM contest_results GROUP BY contest_id) r`)).toBeGreaterThanOrEqual(5);
    expect(await n(sql`SELECT count(*) AS n FROM contest_results WHERE prize_amount > 0`)).toBeGreaterThanOrEqual(3);
    // The lawful kinds only (issue 46): free contests with sponsored prizes, paid practice tests, one free practice test;
    // nothing a student pays for has a prize.
    expect(await n(sql`SELECT count(*) AS n FROM contests WHERE kind = 'free' AND prize_pool <> '{}'::jsonb AND sponsor IS NOT NULL`)).toBeGreaterThanOrEqual(2);
    expect(await n(sql`SELECT count(*) AS n FROM contests WHERE kind = 'practice' AND entry_fee > 0`)).toBeGreaterThanOrEqual(2);
    expect(await n(sql`SELECT count(*) AS n FROM contests WHERE kind = 'practice' AND entry_fee = 0`)).toBe(1);
    expect(await n(sql`SELECT count(*) AS n FROM contests WHERE kind = 'paid_prize'`)).toBe(0);
    expect(await n(sql`SELECT count(*) AS n FROM contest_results r JOIN contests c ON c.id = r.contest_id WHERE c.entry_fee > 0 AND r.prize_amount > 0`)).toBe(0);

    expect(await n(sql`SELECT count(*) AS n FROM marketplace_products WHERE is_active`)).toBeGreaterThan(24); // three store pages of 12
    expect(await n(sql`SELECT count(DISTINCT category_id) AS n FROM marketplace_products`)).toBeGreaterThanOrEqual(6);
    expect(await n(sql`SELECT count(DISTINCT seller_id) AS n FROM marketplace_products`)).toBeGreaterThanOrEqual(3);
    // Every demo book has its own generated cover, stored like an upload (display and thumbnail).
    expect(await n(sql`SELECT count(*) AS n FROM marketplace_products WHERE image_url IS NULL OR thumbnail_url IS NULL OR image_width IS NULL`)).toBe(0);
    expect(await n(sql`SELECT count(DISTINCT image_url) AS n FROM marketplace_products`)).toBe(await n(sql`SELECT count(*) AS n FROM marketplace_products`));
    expect(await n(sql`SELECT count(*) AS n FROM marketplace_products p WHERE NOT EXISTS (SELECT 1 FROM images i WHERE '/media/' || i.key = p.thumbnail_url AND i.content_type = 'image/webp' AND octet_length(i.bytes) <= 30720)`)).toBe(0);
    expect(await n(sql`SELECT count(*) AS n FROM blog_posts`)).toBeGreaterThanOrEqual(6);
    // The blog's demo covers several categories and has exactly one featured post.
    expect(await n(sql`SELECT count(DISTINCT category_id) AS n FROM blog_posts`)).toBeGreaterThanOrEqual(3);
    expect(await n(sql`SELECT count(*) AS n FROM blog_posts WHERE featured`)).toBe(1);

    const login = await attemptLogin(db, { email: DEMO_STUDENT.email, password: DEMO_STUDENT.password, ip: "127.0.0.1", now: new Date() });
    expect(login.ok).toBe(true);
  });

  test("SEED=none leaves an empty database empty", async () => {
    await db.execute(sql`TRUNCATE users CASCADE`);
    await prepareDatabase(getConnection(), "none");
    expect(await n(sql`SELECT count(*) AS n FROM users`)).toBe(0);
  });
});
