// `npm run db:sql -- FILE.sql` runs a SQL file against the database the app uses:
//   1. DATABASE_URL (PostgreSQL), when set;
//   2. else the running server's embedded database, through its loopback socket;
//   3. else the embedded directory itself, when no server holds it.
// The file is sent as one message (PostgreSQL's simple protocol), so a BEGIN … COMMIT
// inside it runs as one piece, with no request of the running app in between.
// `npm run db:sql -- --url` prints the URL to give psql instead.
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { embeddedServerUrl } from "./ops/embedded.js";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
const args = process.argv.slice(2);
const dataDir = path.resolve(process.env.DATA_DIR?.trim() || ".data");
const databaseUrl = process.env.DATABASE_URL?.trim() || "";

function fail(message) {
  console.error(`db:sql: ${message}`);
  process.exit(1);
}

function target() {
  if (databaseUrl && !databaseUrl.startsWith("pglite:")) return { kind: "postgres", url: databaseUrl };
  const server = embeddedServerUrl(dataDir);
  if (server.error) fail(server.error);
  if (server.url) return { kind: "postgres", url: server.url };
  return { kind: "pglite", dir: databaseUrl.startsWith("pglite:") ? databaseUrl.slice("pglite:".length) : path.join(dataDir, "pglite") };
}

function report(results) {
  for (const result of results) {
    const rows = result.rows ?? result;
    if (Array.isArray(rows) && rows.length > 0) console.table(rows);
    // postgres.js names the command and its count; PGlite gives rows and affected rows.
    if (result.command) console.log(`${result.command} ${result.count ?? ""}`.trim());
    else if (result.affectedRows) console.log(`${result.affectedRows} rows affected`);
    else console.log(`${Array.isArray(rows) ? rows.length : 0} rows`);
  }
}

const to = target();
if (args[0] === "--url") {
  if (to.kind !== "postgres") fail("no server is running: start it with `npm start` (its socket is on by default), or run a file with `npm run db:sql -- FILE.sql`.");
  console.log(to.url);
  process.exit(0);
}
const file = args[0];
if (!file) fail("usage: npm run db:sql -- FILE.sql   (or --url for psql)");
const text = fs.readFileSync(file, "utf8");

if (to.kind === "postgres") {
  const sql = postgres(to.url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const result = await sql.unsafe(text).simple();
    // One statement gives its rows; several give one result each.
    report(Array.isArray(result[0]) || (result.length > 0 && result.every((r) => Array.isArray(r))) ? result : [result]);
  } catch (error) {
    fail(error.message);
  } finally {
    await sql.end({ timeout: 5 });
  }
} else {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = new PGlite(to.dir, { extensions: { pg_trgm } });
  try {
    report(await db.exec(text));
  } catch (error) {
    fail(error.message);
  } finally {
    await db.close();
  }
}
