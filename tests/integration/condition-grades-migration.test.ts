// Issue 49, point 6: a used book's grade is one of Like New / Very Good / Good / Acceptable. A
// database is built to the migration before drizzle/0039_condition_grades.sql with a listing
// in each old condition, migrated to today: each moves to the grade it promised at least,
// and an old condition can no longer be written.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { expect, test } from "vitest";
import { migrateBefore, migrateFrom } from "../support/migrations";
import { PRODUCT_CONDITIONS } from "~/utils/enums";

test("New becomes Like New, Like New Very Good, Good stays, Fair and Poor become Acceptable; only the four grades can be written after", async () => {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrateBefore(client, "0039");
  await client.exec(`INSERT INTO users (id, email, password_hash) VALUES ('00000000-0000-4000-8000-000000000001', 's@x.in', 'h')`);
  await client.exec(`INSERT INTO product_categories (id, name) VALUES (1, 'Textbooks') ON CONFLICT DO NOTHING`);
  const old = ["New", "Like New", "Good", "Fair", "Poor"];
  for (const condition of old) {
    await client.query(`INSERT INTO marketplace_products (seller_id, category_id, title, description, price, condition) VALUES ('00000000-0000-4000-8000-000000000001', 1, $1, '', 100, $1)`, [condition]);
  }
  await migrateFrom(client, "0039");
  const rows = (await client.query<{ title: string; condition: string }>("SELECT title, condition FROM marketplace_products")).rows;
  expect(Object.fromEntries(rows.map((r) => [r.title, r.condition]))).toEqual({ New: "Like New", "Like New": "Very Good", Good: "Good", Fair: "Acceptable", Poor: "Acceptable" });
  await expect(client.query(`INSERT INTO marketplace_products (seller_id, category_id, title, description, price, condition) VALUES ('00000000-0000-4000-8000-000000000001', 1, 'x', '', 1, 'Poor')`)).rejects.toThrow(/marketplace_products_condition/);
  for (const grade of PRODUCT_CONDITIONS) {
    await client.query(`INSERT INTO marketplace_products (seller_id, category_id, title, description, price, condition) VALUES ('00000000-0000-4000-8000-000000000001', 1, $1, '', 1, $2)`, [`new ${grade}`, grade]);
  }
  await client.close();
});
