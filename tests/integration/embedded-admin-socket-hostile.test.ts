// Issue 44, point 3: nothing an admin (or a stranger) does on the embedded database's
// psql socket can hang, break or quietly change the site. The probe's cases, each ending
// with the site's own session and pages checked: a malformed message of every kind,
// COPY both ways, SET ROLE and SET SESSION AUTHORIZATION, temp tables named like ours,
// strangers' greetings, a fifth admin, and a long statement against /healthz.
// Runs over PGlite only (the socket exists only there).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { sql as drizzleSql } from "drizzle-orm";
import { afterEach, beforeAll, expect, test } from "vitest";
import { db, getConnection, rowsOf } from "~/db/client.server";
import { AUTHENTICATION_TIMEOUT_MS, ENDED, MAX_GREETINGS, MAX_SESSIONS, openAdminSocket, type AdminSocket } from "~/db/admin-socket.server";
import { createSession } from "~/models/accounts/auth.server";
import * as contestsRoute from "~/routes/contests._index";
import * as healthz from "~/routes/healthz";
import { HEALTH_DEADLINE_MS } from "~/db/health.server";
import { createUser } from "~/seed/factories.server";
import { eventually, manualClock, type ManualClock } from "../support/manual-clock";
import { message, query, rawClient, startupMessage, type RawClient } from "../support/pg-raw";
import { call, getRequest } from "../support/remix";

let socket: AdminSocket | undefined;
// The socket's timers and /healthz's deadline run on a clock each test moves itself: none
// fires because the machine is slow.
let clock: ManualClock;
const raws: RawClient[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-hostile-socket-"));

beforeAll(() => expect(getConnection().kind).toBe("pglite"));
afterEach(async () => {
  for (const r of raws.splice(0)) r.socket.destroy();
  await socket?.close();
  socket = undefined;
});

async function open(yieldMs?: number) {
  const connection = getConnection();
  if (connection.kind !== "pglite") throw new Error("embedded only");
  clock = manualClock();
  socket = await openAdminSocket(connection.client, { dataDir, port: 0, clock, yieldMs });
  return socket.url!;
}

async function admin(url: string, options?: Parameters<typeof rawClient>[1]) {
  const r = await rawClient(url, options);
  raws.push(r);
  return r;
}

/** The site as it must be after any client: its own session, its tables, its pages. */
async function expectSiteIntact() {
  const [me] = rowsOf<{ current_user: string; session_user: string; path: string; temps: number }>(
    await db.execute(
      drizzleSql`SELECT current_user, session_user, current_setting('search_path') AS path, (SELECT count(*)::int FROM pg_class WHERE relpersistence = 't') AS temps`,
    ),
  );
  expect(me).toEqual({ current_user: "postgres", session_user: "postgres", path: "public, pg_temp", temps: 0 });
  expect((await call(contestsRoute.loader, getRequest("/contests"))).status).toBe(200);
  expect((await call(healthz.loader as never, getRequest("/healthz"), { clock })).status).toBe(200);
}

/** psql with the password in its environment, reading `input` on its standard input. */
function psql(url: string, input: string) {
  const { port, password } = new URL(url);
  const child = spawn("psql", ["-X", "-h", "127.0.0.1", "-p", port, "-U", "postgres", "postgres"], { env: { ...process.env, PGPASSWORD: password }, stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  child.stdin.end(input);
  return new Promise<string>((resolve) => child.on("exit", () => resolve(out)));
}

test("a message no client may send here (every such type) ends that client with an error and never reaches the database", async () => {
  const url = await open();
  // CopyData, CopyDone, CopyFail outside a COPY, a function call, a server's own types, and bytes that are no type at all.
  for (const type of ["d", "c", "f", "F", "Z", "R", "T", "A", "!", "\u0000", "\u00ff"]) {
    const client = await admin(url);
    client.send(message(type, Buffer.from("x\0")));
    expect(await client.until("invalid frontend message type"), `type ${JSON.stringify(type)}`).toBe(true);
    await client.closed;
  }
  await expectSiteIntact();
  // The socket still serves the password's holder.
  const after = await admin(url);
  after.send(query("SELECT 'still serving' AS s"));
  expect(await after.until("still serving")).toBe(true);
});

test("COPY FROM STDIN (psql's \\copy from a file) is refused with a clear message; COPY TO STDOUT works; the site never stops", async () => {
  const url = await open();
  const file = path.join(dataDir, "rows.csv");
  fs.writeFileSync(file, "1\n2\n");
  const copied = await psql(url, `CREATE TABLE copy_target (x int);\n\\copy copy_target from '${file}'\n\\copy (SELECT 40 + 2) to stdout\nSELECT count(*) AS copied FROM copy_target;\nDROP TABLE copy_target;\n`);
  expect(copied).toContain("cannot reach the embedded database");
  expect(copied).toContain("42");
  expect(copied).toMatch(/copied\s*\n-+\n\s*0/);
  // The same through a raw Query, with a comment and odd spacing, and inside a transaction: refused, the transaction failed as PostgreSQL would.
  const client = await admin(url);
  client.send(query("BEGIN"));
  expect(await client.until("Z\0\0\0\u0005T")).toBe(true);
  client.send(query("/* a comment */ COPY\n  contests FROM\tSTDIN"));
  expect(await client.until("cannot reach the embedded database")).toBe(true);
  expect(await client.until("Z\0\0\0\u0005E")).toBe(true);
  client.send(query("ROLLBACK"));
  expect(await client.until("Z\0\0\0\u0005I")).toBe(true);
  // Text that only mentions it is not refused.
  client.send(query("SELECT 'copy x from stdin' AS words"));
  expect(await client.until("copy x from stdin")).toBe(true);
  await expectSiteIntact();
});

test("SET ROLE and SET SESSION AUTHORIZATION to another role last one message: every page still answers as the app's role", async () => {
  const url = await open();
  const client = await admin(url);
  client.send(query("CREATE ROLE socket_stranger; SET SESSION AUTHORIZATION socket_stranger"));
  expect(await client.until("Z\0\0\0\u0005I")).toBe(true);
  await expectSiteIntact();
  client.send(query("SET ROLE socket_stranger; SELECT current_user AS who"));
  expect(await client.until("socket_stranger")).toBe(true);
  await expectSiteIntact();
  client.send(query("SELECT set_config('role', 'socket_stranger', false)"));
  expect(await client.until("Z\0\0\0\u0005I")).toBe(true);
  await expectSiteIntact();
  await db.execute(drizzleSql`DROP ROLE socket_stranger`);
});

test("a temp table named like ours never hides the real one, and a sign-in the app acknowledged is never lost with it", async () => {
  const url = await open();
  const userId = await createUser(db, { email: `temp-${Date.now()}@example.in`, passwordHash: "x" });
  const client = await admin(url);
  client.send(query("CREATE TEMP TABLE sessions (LIKE public.sessions); CREATE TEMP TABLE contests (id int)"));
  expect(await client.until("Z\0\0\0\u0005I")).toBe(true);
  await createSession(db, userId);
  await expectSiteIntact();
  client.send(query("DROP TABLE IF EXISTS pg_temp.sessions"));
  expect(await client.until("Z\0\0\0\u0005I")).toBe(true);
  expect(rowsOf(await db.execute(drizzleSql`SELECT count(*)::int AS n FROM public.sessions WHERE user_id = ${userId}`))).toEqual([{ n: 1 }]);
});

test("strangers' idle greetings have their own places: ten of them never lock the admin out, and each is closed after its short timeout", async () => {
  const url = await open();
  expect(MAX_GREETINGS).toBeLessThan(10);
  const strangers = [];
  for (let i = 0; i < 10; i++) strangers.push(await admin(url, { authenticate: false }));
  // The admin, who knows the password, gets in with no time passing: no greeting had to time out first.
  const owner = await admin(url);
  owner.send(query("SELECT 'admitted' AS a"));
  expect(await owner.until("admitted")).toBe(true);
  // Past the cap, the oldest greetings were dropped (the admin's own arrival dropped one more).
  const dropped = strangers.slice(0, 10 - MAX_GREETINGS + 1);
  const kept = strangers.slice(dropped.length);
  await Promise.all(dropped.map((s) => s.closed));
  // The rest still answer a moment before their time is up…
  clock.advance(AUTHENTICATION_TIMEOUT_MS - 1);
  for (const s of kept) s.send(startupMessage());
  for (const s of kept) expect(await s.until("SCRAM-SHA-256")).toBe(true);
  // …and are closed, saying why, when it is.
  clock.advance(1);
  for (const s of kept) expect(await s.until(ENDED.authenticationTimeout)).toBe(true);
  await Promise.all(kept.map((s) => s.closed));
  owner.send(query("SELECT 'still admitted' AS a"));
  expect(await owner.until("still admitted")).toBe(true);
});

test("SCRAM's checks hold: a final message with another nonce (a replay) or a wrong proof is refused, though it carries the right password's keys", async () => {
  const url = await open();
  await expect(admin(url, { tamper: "nonce" })).rejects.toThrow(/password authentication failed/);
  await expect(admin(url, { tamper: "proof" })).rejects.toThrow(/password authentication failed/);
  const owner = await admin(url);
  owner.send(query("SELECT 'in' AS a"));
  expect(await owner.until("in")).toBe(true);
});

test("the admin's own places: a fifth authenticated session is told there are too many, the four keep working", async () => {
  const url = await open();
  const four = [];
  for (let i = 0; i < MAX_SESSIONS; i++) four.push(await admin(url));
  await expect(admin(url)).rejects.toThrow(/too many clients/);
  four[0]!.send(query("SELECT 'first still here' AS a"));
  expect(await four[0]!.until("first still here")).toBe(true);
});

test("an admin's transaction holding a table: /healthz says 503 within its deadline instead of waiting, and 200 once it ends", async () => {
  const url = await open(10_000);
  const client = await admin(url);
  client.send(query("BEGIN; LOCK TABLE contests IN ACCESS EXCLUSIVE MODE"));
  expect(await client.until("Z\0\0\0\u0005T")).toBe(true);
  let answered = false;
  const health = call(healthz.loader as never, getRequest("/healthz"), { clock }).finally(() => (answered = true));
  // Not before its deadline (the check waits for the lock)…
  await eventually(() => answered || socket!.siteWaiting() > 0);
  clock.advance(HEALTH_DEADLINE_MS - 1);
  client.send(query("SELECT 'transaction still open' AS a"));
  expect(await client.until("transaction still open")).toBe(true);
  expect(answered).toBe(false);
  // …and at it, while the lock is still held.
  clock.advance(1);
  expect((await health).status).toBe(503);
  client.send(query("ROLLBACK"));
  expect(await client.until("Z\0\0\0\u0005I")).toBe(true);
  await expectSiteIntact();
});

test("psql's own startup settings (PGTZ) hold for each of its messages, and never for the site's session", async () => {
  const url = await open();
  const { port, password } = new URL(url);
  const child = spawn("psql", ["-X", "-At", "-h", "127.0.0.1", "-p", port, "-U", "postgres", "postgres", "-c", "SHOW timezone", "-c", "SELECT 1", "-c", "SHOW timezone"], {
    env: { ...process.env, PGPASSWORD: password, PGTZ: "Asia/Kolkata" },
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  await new Promise((resolve) => child.on("exit", resolve));
  expect(out.trim().split("\n")).toEqual(["Asia/Kolkata", "1", "Asia/Kolkata"]);
  expect(rowsOf(await db.execute(drizzleSql`SELECT current_setting('TimeZone') AS tz`))).not.toEqual([{ tz: "Asia/Kolkata" }]);
  await expectSiteIntact();
});
