// Issue 49, point 6: a listing's one image becomes its first photo. A database is built to the
// migration before drizzle/0042_listing_photos.sql with a listing that has an image and
// one that has none, migrated to today.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { expect, test } from "vitest";
import { migrateBefore, migrateFrom } from "../support/migrations";

test("a listing's image becomes its photo at position 0 with its size; a listing without one has no photos", async () => {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrateBefore(client, "0042");
  await client.exec(`INSERT INTO users (id, email, password_hash) VALUES ('00000000-0000-4000-8000-000000000001', 's@x.in', 'h')`);
  await client.exec(`INSERT INTO product_categories (id, name) VALUES (1, 'Textbooks') ON CONFLICT DO NOTHING`);
  await client.exec(`INSERT INTO marketplace_products (seller_id, category_id, title, description, price, image_url, thumbnail_url, image_width, image_height)
    VALUES ('00000000-0000-4000-8000-000000000001', 1, 'With', '', 100, '/media/${"a".repeat(64)}.webp', '/media/${"b".repeat(64)}.webp', 960, 720),
           ('00000000-0000-4000-8000-000000000001', 1, 'Without', '', 100, NULL, NULL, NULL, NULL)`);
  await migrateFrom(client, "0042");
  const rows = (await client.query(`SELECT p.title, f.position, f.image_url, f.thumbnail_url, f.width, f.height FROM marketplace_products p LEFT JOIN listing_photos f ON f.product_id = p.id ORDER BY p.title`)).rows;
  expect(rows).toEqual([
    { title: "With", position: 0, image_url: `/media/${"a".repeat(64)}.webp`, thumbnail_url: `/media/${"b".repeat(64)}.webp`, width: 960, height: 720 },
    { title: "Without", position: null, image_url: null, thumbnail_url: null, width: null, height: null },
  ]);
  await client.close();
});
