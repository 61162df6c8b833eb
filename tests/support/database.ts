// Runs before every integration test file: points the app's database client at a
// fresh database of this file's own, before any app module is imported.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, inject } from "vitest";
import { withDatabase } from "./global-setup";

const template = inject("templateDatabase");
const pgliteTemplate = inject("pgliteTemplate");
const admin = process.env.TEST_DATABASE_URL;
let dropName: string | null = null;

process.env.SESSION_SECRET = "integration-test-secret-integration-test-secret";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-it-"));
process.env.APP_URL = "http://localhost:3000";
process.env.RAZORPAY_WEBHOOK_SECRET = "whsec_integration_test_secret";
process.env.RAZORPAYX_WEBHOOK_SECRET = "whsec_integration_payouts_secret";
process.env.SHIPROCKET_WEBHOOK_TOKEN = "integration-shiprocket-webhook-token";
// Chosen explicitly, as on any PostgreSQL server: without it paid enrolment is off there.
process.env.PAYMENT_GATEWAY = "test";
delete (globalThis as { __studyarenaDb?: unknown }).__studyarenaDb;

if (template && admin) {
  dropName = template.replace("tpl", "t") + randomBytes(4).toString("hex");
  const sql = postgres(admin, { max: 1, onnotice: () => {} });
  await sql.unsafe(`CREATE DATABASE ${dropName} TEMPLATE ${template}`);
  await sql.end();
  process.env.DATABASE_URL = withDatabase(admin, dropName);
} else {
  process.env.DATABASE_URL = "pglite:memory://";
  const { PGlite } = await import("@electric-sql/pglite");
  const { pgliteConnection } = await import("~/db/client.server");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(pgliteTemplate!)]), extensions: { pg_trgm } });
  (globalThis as { __studyarenaDb?: unknown }).__studyarenaDb = pgliteConnection(client, true);
}

afterAll(async () => {
  const { settleBackground } = await import("~/services/background.server");
  await settleBackground();
  const { getConnection } = await import("~/db/client.server");
  await getConnection().close();
  fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
  if (dropName && admin) {
    const sql = postgres(admin, { max: 1, onnotice: () => {} });
    await sql.unsafe(`DROP DATABASE IF EXISTS ${dropName} WITH (FORCE)`);
    await sql.end();
  }
});
