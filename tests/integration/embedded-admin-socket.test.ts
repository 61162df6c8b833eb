// The embedded database's psql socket (app/db/admin-socket.server.ts): only the holder of
// the password in DATA_DIR gets in, and nothing a client does can break the site's pages
// or undo what the app acknowledged. The socket exists only over PGlite, so this file
// runs in the embedded pass (scripts/test-integration.js leaves `embedded-*` out of the
// PostgreSQL pass).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterEach, beforeAll, expect, test } from "vitest";
import { sql as drizzleSql } from "drizzle-orm";
import { db, getConnection, rowsOf } from "~/db/client.server";
import { ENDED, openAdminSocket, SERVER_FILE, type AdminSocket, type AdminSocketOptions } from "~/db/admin-socket.server";
import { createSession } from "~/models/accounts/auth.server";
import { createUser } from "~/seed/factories.server";
import * as contestsRoute from "~/routes/contests._index";
import { call, getRequest } from "../support/remix";
import { eventually, manualClock, type ManualClock } from "../support/manual-clock";

let socket: AdminSocket | undefined;
// The socket's timers run on a clock each test moves itself: no bound fires because the machine is slow.
let clock: ManualClock;
const clients: postgres.Sql[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-socket-"));

beforeAll(() => expect(getConnection().kind).toBe("pglite"));
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.end({ timeout: 1 }).catch(() => {})));
  await socket?.close();
  socket = undefined;
});

async function open(options: Partial<AdminSocketOptions> = {}) {
  const connection = getConnection();
  if (connection.kind !== "pglite") throw new Error("embedded only");
  clock = manualClock();
  socket = await openAdminSocket(connection.client, { dataDir, port: 0, clock, ...options });
  return socket.url!;
}

function client(url: string) {
  const c = postgres(url, { max: 1, onnotice: () => {} });
  clients.push(c);
  return c;
}

/**
 * psql reading `lines` on its standard input; a `{ until }` waits for that text in psql's
 * output before the next line, and a function is called (and awaited) in its turn.
 */
function psql(url: string, lines: Array<string | { until: string } | (() => unknown)>) {
  const child = spawn("psql", ["-X", "-w", url], { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, PGPASSWORD: "" } });
  let out = "";
  let err = "";
  let exited = false;
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  // psql gone (its connection ended), lines after are not written: no EPIPE.
  child.stdin.on("error", () => {});
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => ((exited = true), resolve(code))));
  // However long psql takes: the test's own timeout is the only bound.
  const seen = (text: string) => eventually(() => exited || out.includes(text) || err.includes(text));
  const sent = (async () => {
    for (const line of lines) {
      if (typeof line === "function") await line();
      else if (typeof line === "object") await seen(line.until);
      else if (!exited) child.stdin.write(`${line}\n`);
    }
    child.stdin.end();
  })();
  return { seen, done: sent.then(() => exit).then((code) => ({ code, out, err })) };
}

const withoutPassword = (url: string) => url.replace(/:[^:@/]+@/, "@");
const withPassword = (url: string, password: string) => url.replace(/:[^:@/]+@/, `:${password}@`);

test("only a client with the password in DATA_DIR's 0600 file gets in; psql with the documented URL works", async () => {
  const url = await open();
  expect(url).toMatch(/^postgres:\/\/postgres:[A-Za-z0-9_-]{32}@127\.0\.0\.1:\d+\/postgres$/);
  const file = path.join(dataDir, SERVER_FILE);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(JSON.parse(fs.readFileSync(file, "utf8")).url).toBe(url);

  expect((await psql(url, ["SELECT 40 + 2 AS answer;"]).done).out).toMatch(/answer\s*\n-+\n\s*42/);
  const none = await psql(withoutPassword(url), ["SELECT 1;"]).done;
  expect(none.code).not.toBe(0);
  expect(none.err).toMatch(/password/i);
  const wrong = await psql(withPassword(url, "not-the-password"), ["SELECT 1;"]).done;
  expect(wrong.code).not.toBe(0);
  expect(wrong.err).toContain(ENDED.password);
  // postgres.js too: the wrong password is refused before any statement runs.
  await expect(client(withPassword(url, "x".repeat(32)))`SELECT 1`).rejects.toMatchObject({ code: "28P01" });
  await expect(client(url)`SELECT 42 AS answer`).resolves.toEqual([{ answer: 42 }]);
});

test("a failed transaction left open does not break the site: once idle for yieldMs while the site waits, it gives way", async () => {
  const url = await open({ yieldMs: 300 });
  const admin = await client(url).reserve();
  const stillThere = () => expect(admin.unsafe("SELECT 1")).rejects.toThrow(/current transaction is aborted/);
  await admin.unsafe("BEGIN");
  await expect(admin.unsafe("SELECT 1/0")).rejects.toThrow(/division by zero/);
  // Idle past yieldMs while the site is quiet: nothing to give way to, the client keeps its transaction.
  clock.advance(300);
  await stillThere();

  // The site needs the database: it waits while the client has been idle less than yieldMs…
  let answered = false;
  const page = call(contestsRoute.loader, getRequest("/contests")).finally(() => (answered = true));
  await eventually(() => answered || socket!.siteWaiting() > 0);
  clock.advance(299);
  await stillThere();
  expect(answered).toBe(false);
  // …and has it once the client's statement (just now) is yieldMs old.
  clock.advance(300);
  expect((await page).status).toBe(200);
  const health = rowsOf<{ ok: number }>(await db.execute(drizzleSql`SELECT 1 AS ok`));
  expect(health).toEqual([{ ok: 1 }]);
  admin.release();
});

test("psql's idle failed transaction is rolled back when the site needs the database, with the reason shown", async () => {
  const url = await open({ yieldMs: 300 });
  const siteNeedsIt = async () => {
    const page = call(contestsRoute.loader, getRequest("/contests"));
    await eventually(() => socket!.siteWaiting() > 0);
    clock.advance(300);
    expect((await page).status).toBe(200);
  };
  const { out, err } = await psql(url, ["BEGIN;", "SELECT 1/0;", { until: "division by zero" }, siteNeedsIt, "SELECT 'still here';"]).done;
  expect(err).toContain("division by zero");
  expect(err).toContain(ENDED.yield);
  expect(out).not.toContain("still here");
});

test("a transaction idle past the bound is ended with a clear message even when the site is quiet", async () => {
  const url = await open({ idleInTransactionMs: 600, yieldMs: 60_000 });
  const { out, err } = await psql(url, [
    "BEGIN;",
    "CREATE TABLE admin_scratch (x int);",
    { until: "CREATE TABLE" },
    () => clock.advance(599),
    "SELECT 'not yet' AS idle;",
    { until: "not yet" },
    () => clock.advance(600),
    "COMMIT;",
  ]).done;
  // Still there 599 ms after a statement; gone 600 ms after the next.
  expect(out).toContain("not yet");
  expect(err).toContain(ENDED.idle(600));
  // Rolled back, not committed by the COMMIT sent after the connection ended.
  expect(rowsOf(await db.execute(drizzleSql`SELECT to_regclass('admin_scratch') AS t`))).toEqual([{ t: null }]);
});

test("a late ROLLBACK undoes only the client's own work: a sign-in the app acknowledged meanwhile stays", async () => {
  const url = await open();
  const userId = await createUser(db, { email: `socket-${Date.now()}@example.in`, passwordHash: "x" });
  const admin = await client(url).reserve();
  await admin.unsafe("BEGIN");
  await admin.unsafe("UPDATE profiles SET full_name = 'Changed by admin' WHERE id = $1", [userId]);

  // The app's write waits for the client's transaction instead of joining it.
  let acknowledged = false;
  const signIn = createSession(db, userId).then(() => (acknowledged = true));
  await eventually(() => acknowledged || socket!.siteWaiting() > 0);
  expect(acknowledged).toBe(false);
  await admin.unsafe("ROLLBACK");
  await signIn;
  admin.release();

  const rows = rowsOf<{ sessions: number; full_name: string | null }>(
    await db.execute(drizzleSql`SELECT (SELECT count(*)::int FROM sessions WHERE user_id = ${userId}) AS sessions, full_name FROM profiles WHERE id = ${userId}`),
  );
  expect(rows).toEqual([{ sessions: 1, full_name: null }]);
});

test("a whole transaction sent at once commits, and settings a client changes do not stay on the site's session", async () => {
  const url = await open();
  const admin = client(url);
  const before = rowsOf(await db.execute(drizzleSql`SELECT current_setting('search_path') AS path`));
  await admin.unsafe("BEGIN; CREATE TABLE admin_made (x int); INSERT INTO admin_made VALUES (7); COMMIT;").simple();
  await admin.unsafe("SET statement_timeout = 1; SET search_path = nowhere").simple();
  // A long message (a big SQL file) arrives in many chunks and is read whole.
  const long = "x".repeat(3 * 1024 * 1024);
  await expect(admin.unsafe(`SELECT length('${long}') AS n`).simple()).resolves.toEqual([{ n: long.length }]);
  const rows = rowsOf(await db.execute(drizzleSql`SELECT x, current_setting('statement_timeout') AS timeout, current_setting('search_path') AS path FROM public.admin_made`));
  expect(rows).toEqual([{ x: 7, timeout: "0", path: (before[0] as { path: string }).path }]);
  await db.execute(drizzleSql`DROP TABLE admin_made`);
});

/** A raw connection: sends `bytes`, answers everything the server sent until it closed. */
function raw(url: string, bytes: Buffer) {
  const { port } = new URL(url);
  return new Promise<string>((resolve) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    let got = "";
    socket.on("data", (d) => (got += d.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => resolve(got));
    socket.on("connect", () => socket.write(bytes));
  });
}

function startupMessage() {
  const params = Buffer.from("user\0postgres\0database\0postgres\0\0");
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + params.length, 0);
  head.writeInt32BE(196_608, 4);
  return Buffer.concat([head, params]);
}

function message(type: string, body: Buffer) {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

test("a stranger's bytes never reach the database: a query instead of the password, or a huge greeting, ends the connection", async () => {
  const url = await open();
  // A query where the password's proof should be: refused, and nothing ran.
  const sneaked = await raw(url, Buffer.concat([startupMessage(), message("Q", Buffer.from("CREATE TABLE sneaked (x int)\0"))]));
  expect(sneaked).toContain(ENDED.password);
  expect(rowsOf(await db.execute(drizzleSql`SELECT to_regclass('sneaked') AS t`))).toEqual([{ t: null }]);
  // A 1 MB message before the password: refused as soon as its length is read.
  const huge = await raw(url, Buffer.concat([startupMessage(), message("p", Buffer.alloc(1024 * 1024, 0x61))]));
  expect(huge).toContain("invalid message length");
  // The socket still serves the password's holder.
  await expect(client(url)`SELECT 1 AS ok`).resolves.toEqual([{ ok: 1 }]);
});
