// Issue 49, point 5: cash on delivery waits for its buyer's confirmation. A database built to the
// migration before drizzle/0040_cod_confirmation.sql with a cash-on-delivery order and a prepaid
// one, migrated to today: the old cash-on-delivery order counts as confirmed when it was placed
// (the sweep must not cancel it), the prepaid one has no confirmation and may never get one.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { expect, test } from "vitest";
import { migrateBefore, migrateFrom } from "../support/migrations";

test("cash-on-delivery orders placed before confirmation count as confirmed when placed; a prepaid order cannot be confirmed", async () => {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrateBefore(client, "0040");
  await client.exec(`INSERT INTO users (id, email, password_hash) VALUES ('00000000-0000-4000-8000-000000000001', 'b@x.in', 'h')`);
  const address = JSON.stringify({ name: "B", street: "1 Road", city: "Pune", state: "MH", postal_code: "411001", country: "India", phone: "9876543210" });
  for (const [key, method, status] of [["cod", "cod", "completed"], ["upi", "upi", "completed"], ["pending", "upi", "pending"]]) {
    await client.query(
      `INSERT INTO orders (buyer_id, idempotency_key, status, subtotal, shipping, total_amount, buyer_name, buyer_email, payment_method, shipping_address, created_at)
       VALUES ('00000000-0000-4000-8000-000000000001', $1, $2, 100, 50, 150, 'B', 'b@x.in', $3, $4, '2026-11-01T10:00:00Z')`,
      [key, status, method, address],
    );
  }
  await migrateFrom(client, "0040");
  const rows = (await client.query<{ idempotency_key: string; cod_confirmed_at: Date | null }>("SELECT idempotency_key, cod_confirmed_at FROM orders")).rows;
  expect(Object.fromEntries(rows.map((r) => [r.idempotency_key, r.cod_confirmed_at?.toISOString() ?? null]))).toEqual({ cod: "2026-11-01T10:00:00.000Z", upi: null, pending: null });
  await expect(client.exec(`UPDATE orders SET cod_confirmed_at = now() WHERE idempotency_key = 'upi'`)).rejects.toThrow(/orders_cod_confirmed/);
  // And, from drizzle/0041, every old order was shipped, not met in person.
  expect((await client.query<{ delivery: string }>("SELECT DISTINCT delivery FROM orders")).rows).toEqual([{ delivery: "ship" }]);
  await client.close();
});
