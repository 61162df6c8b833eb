// `npm run db:sql -- FILE.sql` runs a SQL file against the database the app uses:
//   1. DATABASE_URL (PostgreSQL), when set;
//   2. else the running server's embedded database, through its loopback socket;
//   3. else the embedded directory itself, when no server holds it.
// The file is sent as one message (PostgreSQL's simple protocol), so a BEGIN … COMMIT
// inside it runs as one piece, with no request of the running app in between.
// Times are shown in India time and values whole (arrays and JSON are never cut).
//
// `npm run db:sql` alone opens psql on the same database, and `npm run db:sql -- ARGS`
// (ARGS starting with "-", e.g. `-c "SELECT …"`) passes ARGS to it. The password goes to
// psql in its environment (PGPASSWORD), never on a command line, where every local user
// can read it from /proc. `--url` prints the URL without its password.
import { spawnSync } from "node:child_process";
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

/** India time, as the site shows it (an admin reads 21:00, not 15:30Z). */
const IST = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
function shown(value) {
  if (value instanceof Date) return `${IST.format(value).replace(", ", " ")} IST`;
  if (value !== null && typeof value === "object") return JSON.stringify(value);
  return value;
}

function report(results) {
  for (const result of results) {
    const rows = result.rows ?? result;
    if (Array.isArray(rows) && rows.length > 0) console.table(rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, shown(v)]))));
    // postgres.js names the command and its count; PGlite gives rows and affected rows.
    if (result.command) console.log(`${result.command} ${result.count ?? ""}`.trim());
    else if (result.affectedRows) console.log(`${result.affectedRows} rows affected`);
    else console.log(`${Array.isArray(rows) ? rows.length : 0} rows`);
  }
}

/** The URL without its password, and the password apart (for the environment). */
function withoutPassword(url) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), password };
}

const to = target();
const noServer = "no server is running: start it with `npm start` (its socket is on by default), or run a file with `npm run db:sql -- FILE.sql`.";
if (args[0] === "--url") {
  if (to.kind !== "postgres") fail(noServer);
  console.log(withoutPassword(to.url).url);
  console.error("db:sql: the password is not printed: `npm run db:sql` opens psql with it in psql's environment.");
  process.exit(0);
}
if (args.length === 0 || args[0].startsWith("-")) {
  if (to.kind !== "postgres") fail(noServer);
  const { url, password } = withoutPassword(to.url);
  const parsed = new URL(url);
  const env = {
    ...process.env,
    PGHOST: parsed.hostname,
    PGPORT: parsed.port || "5432",
    PGUSER: decodeURIComponent(parsed.username),
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)),
    PGTZ: "Asia/Kolkata",
    ...(password ? { PGPASSWORD: password } : {}),
  };
  for (const [name, value] of parsed.searchParams) if (name === "sslmode") env.PGSSLMODE = value;
  const psql = spawnSync("psql", args, { stdio: "inherit", env });
  if (psql.error) fail(psql.error.code === "ENOENT" ? "psql is not installed (Debian: apt-get install postgresql-client)." : psql.error.message);
  process.exit(psql.status ?? 1);
}
const file = args[0];
const text = fs.readFileSync(file, "utf8");

if (to.kind === "postgres") {
  const sql = postgres(to.url, { max: 1, onnotice: () => {}, connect_timeout: 10, connection: { TimeZone: "Asia/Kolkata" } });
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
