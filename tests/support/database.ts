// Runs before every integration test file: points the app's database client at a
// fresh database, before any app module is imported. On PostgreSQL each test worker has
// one database (named by VITEST_POOL_ID, as the Epic Stack names its database files
// in its test set-up), made again from the migrated template at the start of each file:
// files never see each other's rows, and a killed file leaves only its worker's copy,
// which the next file there, or the global teardown, drops. On PGlite each file opens an
// in-memory copy of the migrated template (tests/support/global-setup.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, inject } from "vitest";
import { withDatabase } from "./database-url";

const template = inject("templateDatabase");
const pgliteTemplate = inject("pgliteTemplate");
const admin = process.env.TEST_DATABASE_URL;

process.env.SESSION_SECRET = "integration-test-secret-integration-test-secret";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-it-"));
process.env.APP_URL = "http://localhost:3000";
process.env.RAZORPAY_WEBHOOK_SECRET = "whsec_integration_test_secret";
process.env.RAZORPAYX_WEBHOOK_SECRET = "whsec_integration_payouts_secret";
process.env.SHIPROCKET_WEBHOOK_TOKEN = "integration-shiprocket-webhook-token";
// Chosen explicitly, as on any PostgreSQL server: without it paid enrolment is off there.
process.env.PAYMENT_GATEWAY = "test";
// The DigiLocker stand-in too (models/accounts/parents/digilocker.server.ts): on PostgreSQL it is never on by default.
process.env.DIGILOCKER_STAND_IN = "on";
delete (globalThis as { __studyarenaDb?: unknown }).__studyarenaDb;

if (template && admin) {
  const workerDb = `${template.replace("tpl", "w")}_${Number(process.env.VITEST_POOL_ID ?? 0)}`;
  const sql = postgres(admin, { max: 1, onnotice: () => {} });
  // The reset between files: a copy of the template takes PostgreSQL about 0.15 s.
  await sql.unsafe(`DROP DATABASE IF EXISTS ${workerDb} WITH (FORCE)`);
  await sql.unsafe(`CREATE DATABASE ${workerDb} TEMPLATE ${template}`);
  // A commit need not wait for its WAL to reach the disk here: nothing of a test outlives a
  // crash of the server, and the locks, their order and what each transaction sees are the
  // same (docs/performance.md, "Tests' commits").
  if (process.env.STUDYARENA_TEST_SYNC_COMMIT !== "on") await sql.unsafe(`ALTER DATABASE ${workerDb} SET synchronous_commit = off`);
  await sql.end();
  process.env.DATABASE_URL = withDatabase(admin, workerDb);
} else {
  process.env.DATABASE_URL = "pglite:memory://";
  const { PGlite } = await import("@electric-sql/pglite");
  const { pgliteConnection } = await import("~/db/client.server");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(pgliteTemplate!)]), extensions: { pg_trgm } });
  (globalThis as { __studyarenaDb?: unknown }).__studyarenaDb = pgliteConnection(client, true);
}

// As start-up does (app/server/lifecycle.server.ts): every domain's person data, for any erasure a test causes.
await import("~/models/person-data.server");

afterAll(async () => {
  const { settleBackground } = await import("~/services/background.server");
  await settleBackground();
  const { getConnection } = await import("~/db/client.server");
  await getConnection().close();
  // The worker's database stays for the next file to reset (the global teardown drops it).
  fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
});
