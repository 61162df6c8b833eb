// `npm start` as an operator meets it: it says what it is doing, keeps DATA_DIR to itself,
// opens the embedded database to psql only with the password in that directory, and a
// plain `kill` of npm stops the server as SIGTERM does. (The HOST of instances behind
// nginx: tests/e2e/cluster.js.spec.ts.)
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "./support/fixtures";

const run = promisify(execFile);
const STACK = /\n\s+at .+:\d+:\d+/;

function npm(args: string[], env: Record<string, string>) {
  // (Remix's types declare NODE_ENV always set; here it is deliberately empty: production by default.)
  const variables = { ...process.env, NODE_ENV: "", DATABASE_URL: "", SESSION_SECRET: "", PAYMENT_GATEWAY: "", HOST: "", ...env } as unknown as NodeJS.ProcessEnv;
  const child = spawn("npm", args, { env: variables, stdio: ["ignore", "pipe", "pipe"] });
  const started = { child, output: "", exited: new Promise<number | null>((resolve) => child.once("exit", resolve)) };
  child.stdout.on("data", (d) => (started.output += d));
  child.stderr.on("data", (d) => (started.output += d));
  return started;
}

/** Every entry below `dir` (and `dir`) with its permission bits. */
function modes(dir: string): Array<[string, number]> {
  const all: Array<[string, number]> = [];
  const walk = (entry: string) => {
    const stat = fs.lstatSync(entry);
    all.push([entry, stat.mode & 0o777]);
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) walk(path.join(entry, name));
  };
  walk(dir);
  return all;
}

/** The server processes npm started for this test (its children: npm's script shell execs into node), never another test's. */
const serverPidsOf = (npmPid: number) => run("pgrep", ["-P", String(npmPid), "-f", "scripts/start.js"]).then(({ stdout }) => stdout.split("\n").filter(Boolean).map(Number), () => [] as number[]);
const alive = (pids: number[]) =>
  pids.filter((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });

test("npm start says what it does, keeps DATA_DIR private, opens psql only with its password, and stops when npm is killed", async () => {
  test.setTimeout(150_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-npmstart-"));
  // Left open by an earlier tool: the server closes it.
  fs.chmodSync(dataDir, 0o755);
  fs.mkdirSync(path.join(dataDir, "mail"), { mode: 0o755 });
  fs.writeFileSync(path.join(dataDir, "mail", "old.eml"), "reset link", { mode: 0o644 });
  fs.chmodSync(path.join(dataDir, "mail", "old.eml"), 0o644);
  const port = String(21_000 + (process.pid % 20_000));
  const server = npm(["start"], { DATA_DIR: dataDir, PORT: port, SEED: "demo", LOG_LEVEL: "info" });
  let pids: number[] = [];
  try {
    await expect.poll(() => server.output, { timeout: 120_000 }).toContain("StudyArena ready");
    // Each step is named as it starts, and timed when done.
    const said = server.output;
    for (const step of ["checking the build", "opening the embedded database", "database ready in", "seeding demo data", "demo data seeded in"]) expect(said).toContain(step);
    expect(said.indexOf("opening the embedded database")).toBeLessThan(said.indexOf("seeding demo data"));
    // What the embedded database can carry is said at start (issue 44, point 7).
    expect(said).toContain("embedded database (PGlite): one query at a time");
    // The lawful default (issue 46): paid-prize contests are off, and start-up says how many it keeps dark (the demo has none).
    expect(said).toContain("paid-prize contests are off (PAID_PRIZE_CONTESTS=off): keeping 0 dark");

    // DATA_DIR is the server's alone, old files and PGlite's new ones alike.
    const open = modes(dataDir).filter(([, mode]) => mode & 0o077);
    expect(open).toEqual([]);
    expect(modes(dataDir)[0]![1]).toBe(0o700);

    // `npm run db:sql` opens psql itself, its password in psql's environment and never on a
    // command line (issue 44, point 4: every local user reads /proc/PID/cmdline); `--url`
    // prints the URL without it, and that URL alone does not get in.
    const password = new URL(JSON.parse(fs.readFileSync(path.join(dataDir, "db-server.json"), "utf8")).url).password;
    expect(password).toMatch(/^[\w-]{32}$/);
    expect(said).not.toContain(password);
    const sqlEnv = { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } };
    const { stdout: url } = await run("npm", ["run", "-s", "db:sql", "--", "--url"], sqlEnv);
    expect(url.trim()).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
    const slow = run("npm", ["run", "-s", "db:sql", "--", "-X", "-At", "-c", "SELECT pg_sleep(1.5)", "-c", "SELECT count(*) > 0 FROM contests", "-c", "SHOW timezone"], sqlEnv);
    // Every process of that command (npm, node, Debian's psql wrapper, psql itself), as any local user sees it in /proc.
    const commandLines = () =>
      fs
        .readdirSync("/proc")
        .filter((p) => /^\d+$/.test(p))
        .flatMap((pid) => {
          try {
            const argv = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
            return argv.some((a) => a.includes("pg_sleep(1.5)")) ? [{ argv, environ: fs.readFileSync(`/proc/${pid}/environ`, "utf8") }] : [];
          } catch {
            return [];
          }
        });
    const isPsql = (argv: string[]) => argv.slice(0, 2).some((a) => /(^|\/)psql$/.test(a));
    await expect.poll(() => commandLines().some((p) => isPsql(p.argv)), { timeout: 10_000, intervals: [50] }).toBe(true);
    const seen = commandLines();
    for (const p of seen) expect(p.argv.join(" ")).not.toContain(password);
    expect(seen.find((p) => isPsql(p.argv))!.environ).toContain(`PGPASSWORD=${password}`);
    expect((await slow).stdout.trim().split("\n").slice(-2)).toEqual(["t", "Asia/Kolkata"]);
    await expect(run("psql", ["-X", "-w", url.trim(), "-c", "SELECT 1"], { env: { ...process.env, PGPASSWORD: "" } })).rejects.toThrow(/password/);

    // HOST unset: every interface, as before, and start-up says in one line what that risks (issue 65, point 1).
    expect(said).toContain('"HOST is unset: this instance listens on every interface with no proxy in front, where clients sending many slow requests at once can take it down; in production put nginx in front (deploy/nginx.conf) and start the instance with HOST=127.0.0.1 and TRUST_PROXY=1."');
    expect((await fetch(`http://127.0.0.2:${port}/healthz`)).status).toBe(200);

    // A plain kill of npm (SIGTERM to npm alone): the server drains and exits too.
    pids = await serverPidsOf(server.child.pid!);
    expect(pids).toHaveLength(1);
    process.kill(server.child.pid!, "SIGTERM");
    await server.exited;
    await expect.poll(() => alive(pids), { timeout: 15_000 }).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    expect(server.output).toContain('"draining"');
    expect(server.output).toContain('"stopped"');
    expect(fs.existsSync(path.join(dataDir, "db-server.json"))).toBe(false);
  } finally {
    server.child.kill("SIGKILL");
    for (const pid of alive(pids)) process.kill(pid, "SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  expect(server.output).not.toMatch(STACK);
});

test("a DATA_DIR the server cannot make its own stops start-up with a message that says what to do", async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-notadir-")), "data");
  fs.writeFileSync(file, "not a directory");
  const server = npm(["start"], { DATA_DIR: file, PORT: "1", SEED: "none" });
  expect(await server.exited).not.toBe(0);
  expect(server.output).toContain(`The data directory ${file} could not be created`);
  expect(server.output).toContain("set DATA_DIR to a directory the server may write");
  expect(server.output).not.toMatch(STACK);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

test("a port already in use is said in words, not a stack trace", async () => {
  // npm, the build's check and the embedded database open before the port is tried: 24 s of
  // the default 30 on a loaded two-core machine (issue 66), as long as the other start-ups here.
  test.setTimeout(60_000);
  const port = String(23_000 + (process.pid % 20_000));
  const blocker = (await import("node:net")).createServer().listen(Number(port));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-busyport-"));
  try {
    const server = npm(["start"], { DATA_DIR: dataDir, PORT: port, SEED: "none", DATABASE_SOCKET: "off" });
    expect(await server.exited).toBe(1);
    expect(server.output).toContain(`port ${port} is already in use`);
    expect(server.output).not.toMatch(STACK);
  } finally {
    blocker.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

// From tests/e2e/hardening.js.spec.ts, which speaks to the shared e2e server: these two
// start a server of their own. What an answer or a start-up must not show: a stack frame, a
// module path, a file on this machine.
const LEAK = /\bat \S+ \(|node_modules|\/work\/|file:\/\//;

/** `npm start` in a process of its own, with what it prints collected. */
function startServer(env: Record<string, string | undefined>) {
  // (Remix's types declare NODE_ENV always set; a test may leave it deliberately empty.)
  const child = spawn(process.execPath, ["scripts/start.js"], { env: env as unknown as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  const server = {
    output: "",
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
  child.stdout.on("data", (d) => (server.output += d));
  child.stderr.on("data", (d) => (server.output += d));
  return server;
}

test("`npm start` serves in production mode unless told otherwise", async () => {
  test.setTimeout(90_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-start-"));
  const port = String(20_000 + (process.pid % 20_000));
  // NODE_ENV empty counts as unset; no database URL (embedded) and no secret (generated).
  const env: Record<string, string | undefined> = { ...process.env, NODE_ENV: "", DATABASE_URL: "", SESSION_SECRET: "", PAYMENT_GATEWAY: "", DATA_DIR: dataDir, PORT: port, SEED: "none" };
  const server = startServer(env);
  const output = () => server.output;
  try {
    await expect.poll(output, { timeout: 60_000 }).toContain("StudyArena ready");
    expect(output()).toContain("(production mode)");
    // The embedded demo database takes payments through the test gateway, and says so.
    expect(output()).toContain("payment gateway: the built-in test gateway (test payment: no money moves)");
    const res = await fetch(`http://localhost:${port}/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(await res.text()).not.toMatch(LEAK);
    // The embedded default needs no SESSION_SECRET: a generated one is shared through the database.
    expect((await fetch(`http://localhost:${port}/login`)).status).toBe(200);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  expect(output()).not.toMatch(LEAK);
});

test("on PostgreSQL without Razorpay keys the test gateway is not silently live: start-up says paid enrolment is off", async () => {
  test.setTimeout(60_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-nogw-"));
  // Nothing listens on port 1: the server prints its gateway, then cannot reach the database and stops.
  const server = startServer({ ...process.env, NODE_ENV: "production", DATABASE_URL: "postgres://postgres@127.0.0.1:1/none", PAYMENT_GATEWAY: "", RAZORPAY_KEY_ID: "", RAZORPAY_KEY_SECRET: "", SESSION_SECRET: "x".repeat(40), DATA_DIR: dataDir, PORT: "1", SEED: "none" });
  try {
    await expect.poll(() => server.output, { timeout: 45_000 }).toContain("payment gateway: none: paid enrolment is off");
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
