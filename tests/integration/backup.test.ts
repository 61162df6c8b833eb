// npm run db:backup / db:restore (issue 19, point 5): a database with contests, answers,
// payments, orders and images, backed up, restored into an empty one, and compared
// table by table. On PGlite through its tarball, on PostgreSQL through pg_dump.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { expect, test } from "vitest";
import { db, getConnection } from "~/db/client.server";
import { startContestPayment } from "~/models/contests/catalogue/enrolment.server";
import { settlePayment } from "~/models/fulfilments.server";
import { checkoutSignature, paymentGateway } from "~/models/payments/gateway.server";
import { databaseImageStore } from "~/models/media/storage.server";
import { putInCart } from "~/models/store/cart/cart.server";
import { placeOrder } from "~/models/store/checkout/orders.server";
import { createContest, createProduct, createUser } from "~/seed/factories.server";
import { backupPglite, backupPostgres, restorePglite, restorePostgres } from "../../scripts/ops/backup.js";
import { contestWithResults } from "../support/scenarios";
import { withDatabase } from "../support/database-url";

/** Every table's row count and a digest of its rows in a stable order. */
async function fingerprint(query: (text: string) => Promise<Array<Record<string, unknown>>>) {
  const tables = (await query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")).map((r) => String(r.tablename));
  const result: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await query(`SELECT count(*)::int AS n, coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS digest FROM "${table}" t`);
    result[table] = `${row!.n} ${row!.digest}`;
  }
  return result;
}

/** Issue 44, point 5: a backup holds password hashes and payout details; nobody but its owner reads it. */
function expectPrivate(file: string) {
  expect((fs.statSync(file).mode & 0o777).toString(8)).toBe("600");
  expect((fs.statSync(path.dirname(file)).mode & 0o777).toString(8)).toBe("700");
}

async function worldWithEverything() {
  const now = new Date();
  await contestWithResults({ start: new Date(now.getTime() - 3 * 3600_000), end: new Date(now.getTime() - 3600_000), students: [{ correct: 3, minutes: 10 }, { correct: 2, minutes: 12 }], recordResults: true });
  const gateway = paymentGateway()!;
  const payer = await createUser(db, { email: "backup-payer@example.in", passwordHash: "x" });
  const paid = await createContest(db, { title: "Backup Paid Cup", subject: "Maths", entry_fee: 49, start_time: new Date(now.getTime() + 3600_000), end_time: new Date(now.getTime() + 7200_000) });
  const order = await startContestPayment(db, gateway, { userId: payer, contestId: paid.id, now });
  if (order.kind !== "order") throw new Error(order.kind);
  await settlePayment(db, { orderId: order.orderId, paymentId: "pay_backup_1", signature: checkoutSignature(gateway, order.orderId, "pay_backup_1"), now });
  const seller = await createUser(db, { email: "backup-seller@example.in", passwordHash: "x" });
  const book = await createProduct(db, { sellerId: seller, title: "Backup Book", price: 300, category: "Textbooks", stock: 3 });
  await putInCart(db, { userId: payer, productId: book, quantity: "1" });
  const shipping = { name: "Asha Rao", email: "asha@example.in", phone: "9876543210", address: "12 MG Road", city: "Pune", state: "Maharashtra", zip: "411001" };
  expect((await placeOrder(db, gateway, { userId: payer, shipping, method: "cod", key: "backup-order-1", now })).kind).not.toBe("empty");
  await databaseImageStore(db).put({ bytes: Buffer.from([0, 1, 2, 250, 251, 252]), contentType: "image/webp", width: 2, height: 3 });
}

test("a backup restored into an empty database holds the same rows, table by table", async () => {
  await worldWithEverything();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-backup-"));
  const connection = getConnection();
  try {
    if (connection.kind === "pglite") {
      const pg = connection.client as PGlite;
      const before = await fingerprint(async (text) => (await pg.query<Record<string, unknown>>(text)).rows);
      for (const table of ["contests", "user_answers", "contest_results", "payments", "orders", "order_items", "images"]) expect(before[table], table).not.toMatch(/^0 /);
      const file = path.join(dir, "private", "backup.tar.gz");
      await backupPglite(pg, file);
      expectPrivate(file);
      const restored = await restorePglite(file, path.join(dir, "restored"));
      expect(await fingerprint(async (text) => (await restored.query<Record<string, unknown>>(text)).rows)).toEqual(before);
      await restored.close();
      // A restore never overwrites a database.
      await expect(restorePglite(file, path.join(dir, "restored"))).rejects.toThrow(/not empty/);
    } else {
      const url = process.env.DATABASE_URL!;
      const source = postgres(url, { max: 1, onnotice: () => {} });
      const before = await fingerprint((text) => source.unsafe(text));
      for (const table of ["contests", "user_answers", "contest_results", "payments", "orders", "order_items", "images"]) expect(before[table], table).not.toMatch(/^0 /);
      const file = path.join(dir, "private", "backup.dump");
      backupPostgres(url, file);
      expectPrivate(file);
      const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
      const name = `${new URL(url).pathname.slice(1)}_restored`;
      await admin.unsafe(`CREATE DATABASE ${name}`);
      const target = withDatabase(process.env.TEST_DATABASE_URL!, name);
      try {
        await restorePostgres(target, file);
        const restored = postgres(target, { max: 1, onnotice: () => {} });
        expect(await fingerprint((text) => restored.unsafe(text))).toEqual(before);
        await restored.end();
        await expect(restorePostgres(target, file)).rejects.toThrow(/not empty/);
      } finally {
        await source.end();
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
