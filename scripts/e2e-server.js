// The server the browser tests run against: the real production server on a fresh,
// empty database (a new Postgres database when TEST_DATABASE_URL is set, else a new
// embedded PGlite), mail dropped into .data-e2e/mail. Beside it, on a loopback port
// of its own, the fixtures service: tests ask it to create exactly the rows their
// scenario needs, in the app's own database, through the app's own factories.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import postgres from "postgres";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
// A benchmark runs its own copy beside the browser tests: E2E_DATA_DIR keeps them apart.
const dataDir = path.resolve(process.env.E2E_DATA_DIR || path.join(root, ".data-e2e"));
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const port = process.env.E2E_PORT || "3100";
Object.assign(process.env, {
  DATA_DIR: dataDir,
  PORT: port,
  APP_URL: `http://localhost:${port}`,
  // No demo data: every test creates its own world.
  SEED: "none",
  SESSION_SECRET: "e2e-session-secret-e2e-session-secret-e2e",
  NODE_ENV: "production",
  // The built-in test gateway, chosen explicitly (on PostgreSQL it is never on by default).
  PAYMENT_GATEWAY: "test",
  // The DigiLocker stand-in, chosen explicitly too (a parent verifies through it before consenting).
  DIGILOCKER_STAND_IN: "on",
  // Cash on delivery's deposit on dear orders only (tests/e2e/buying.spec.ts): every other cash-on-delivery order is as before.
  COD_DEPOSIT: "30",
  COD_DEPOSIT_ABOVE: "4000",
  // The tests give each browser context its own client address, as a proxy would.
  TRUST_PROXY: "1",
  // The log, as production writes it, where tests/e2e/logs.js.spec.ts reads it.
  LOG_FILE: path.join(dataDir, "server.log"),
});
delete process.env.RESEND_API_KEY;

const admin = process.env.TEST_DATABASE_URL;
if (admin) {
  const name = `studyarena_e2e_${process.pid}`;
  const sql = postgres(admin, { max: 1, onnotice: () => {} });
  await sql.unsafe(`CREATE DATABASE ${name}`);
  // As for the integration tests (tests/support/database.ts): a commit need not wait for the
  // disk, since nothing of a browser test outlives a crash of the server. A benchmark that
  // runs this server measures production's commits (scripts/bench/live-service.js sets it on).
  if (process.env.STUDYARENA_TEST_SYNC_COMMIT !== "on") await sql.unsafe(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  await sql.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  fs.writeFileSync(path.join(dataDir, "database"), name);
} else {
  delete process.env.DATABASE_URL;
}

await import("../server.js");
// The same module instance as server.js's (the same URL).
const server = await import(pathToFileURL(path.join(root, "build/index.js")).href);

// The fixtures are no part of the production bundle: they are loaded from source here,
// and share the server's database connection through the process-wide handle in
// app/db/client.server.ts.
const { tsImport } = await import("tsx/esm/api");
const { e2eFixtures: fixtures } = await tsImport("../app/seed/e2e-fixtures.server.ts", import.meta.url);
const fixturesPort = Number(process.env.E2E_FIXTURES_PORT || Number(port) + 1);
http
  .createServer(async (req, res) => {
    const name = (req.url ?? "").slice(1);
    let body = "";
    for await (const chunk of req) body += chunk;
    try {
      if (req.method !== "POST" || !Object.hasOwn(fixtures, name)) throw new Error(`no fixture named ${name}`);
      const result = await fixtures[name](JSON.parse(body || "{}"));
      // The rows are new: guests' pages kept in memory for a second are rendered again, as after a form post.
      server.forgetCachedPages();
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(result));
    } catch (error) {
      res.writeHead(400, { "Content-Type": "text/plain" }).end(String(error?.stack ?? error));
    }
  })
  .listen(fixturesPort, "127.0.0.1");
