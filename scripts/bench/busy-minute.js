// `npm run bench`: the contest's busiest minute (issue 18), measured on loopback.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- [--students 5000]
//     [--instances 2] [--only guest,start,shift,autosave,payments,checkout] [--shift-students 20000]
//     [--shift-seconds 5] [--shift-wait-seconds 60] [--app DIR] [--no-build] [--profile] [--keep]
//
// Builds the app, makes a fresh PostgreSQL database (TEST_DATABASE_URL is the admin
// connection), starts the production server (--instances of it, on ports of their own),
// seeds N students with sessions made in the database, and drives the load from a child
// process (scripts/bench/busy-load.js). Guest pages are compared, rounds interleaved,
// with a minimal Remix app built here and with node:http serving the same bytes; the
// autosave throughput with pgbench's single-row upsert on the same server. Every loop is
// bounded. Prints a table and writes the whole run to bench/results/<time>.json.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { BUYERS, COPIES, OPTIONS, seedBusyMinute, seedShift } from "./busy-seed.js";
import { formatTable } from "./busy-report.js";
import { cpuSeconds } from "./cpu.js";
import { startNginx } from "../ops/processes.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const students = Number(option("--students", 5000));
const instances = Number(option("--instances", 2));
// The saturation's students, each offering 9 saves a second: 2,000 offer 18,000 a second, more
// than the app takes on this machine, so the figure is the app's ceiling, not the offer's
// (1,000 offered 9,000 a second, under 0.4x of a pgbench that measures 24,000).
const SATURATION_STUDENTS = Number(option("--saturation-students", 2000));
// A shift's start (the sealed paper): this many students start within --shift-seconds, after downloading the paper over --shift-wait-seconds.
const SHIFT_STUDENTS = Number(option("--shift-students", 20_000));
const SHIFT_SECONDS = Number(option("--shift-seconds", 5));
const SHIFT_WAIT_SECONDS = Number(option("--shift-wait-seconds", 60));
const appDir = path.resolve(option("--app", repo));
const only = option("--only", "guest,start,shift,autosave,payments,checkout").split(",");
const admin = process.env.TEST_DATABASE_URL;
if (!admin || !Number.isInteger(students) || students < 10 || !Number.isInteger(instances) || instances < 1) {
  console.error(
    admin
      ? "Usage: npm run bench -- [--students N (at least 10)] [--instances K] [--only guest,start,autosave,payments,checkout]"
      : "The benchmark needs a PostgreSQL server it may create a database on. Set TEST_DATABASE_URL to an admin connection,\n" +
          "e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench",
  );
  process.exit(2);
}

const SECRET = "bench-session-secret-bench-session-secret-0";
// The key links' secret, the instances' and nginx's (deploy/nginx.conf): the shift's key is asked through nginx.
const KEY_LINK_SECRET = "bench-key-link-secret-bench-key-link-secret-0";
const WEBHOOK_SECRET = "whsec_bench_secret";
// 4200-4499: no port there is one fetch refuses (4190, sieve, is).
const basePort = 4200 + (process.pid % 30) * 10;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-bench-"));
// nginx's workers (nobody) must pass through to its cache (the shift's key): search, not listing.
fs.chmodSync(work, 0o711);
const children = [];
const stopAll = () => children.forEach((c) => c.exitCode === null && c.kill("SIGTERM"));
process.on("exit", stopAll);
const log = (...parts) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...parts);

function run(command, argv, cwd) {
  const done = spawnSync(command, argv, { cwd, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (done.status !== 0) throw new Error(`${command} ${argv.join(" ")} failed:\n${done.stdout}\n${done.stderr}`);
  return done.stdout;
}

function start(name, script, env) {
  const out = fs.openSync(path.join(work, `${name}.log`), "a");
  // --profile: each instance writes a CPU profile (open it in Chrome's DevTools) when it stops.
  const profile = args.includes("--profile") && name.startsWith("app-") ? ["--cpu-prof", `--cpu-prof-dir=${path.join(work, "profiles")}`] : [];
  const child = spawn(process.execPath, [...profile, script], { env: { ...process.env, ...env }, stdio: ["ignore", out, out] });
  children.push(child);
  return child;
}

async function waitFor(url, child, name) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${name} stopped:\n${fs.readFileSync(path.join(work, `${name}.log`), "utf8").slice(-2000)}`);
    const ok = await new Promise((resolve) => http.get(url, (res) => resolve(res.statusCode === 200) & res.resume()).on("error", () => resolve(false)));
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} did not answer ${url}`);
}

// Where the CPU goes, per scenario: the app instances, PostgreSQL (every postgres
// process on the machine; ours is the only busy one) and the load generator.
const postgresPids = () => spawnSync("pgrep", ["-u", "postgres"], { encoding: "utf8" }).stdout.split("\n").filter(Boolean).map(Number);
const appPids = () => children.filter((c) => c.exitCode === null && c.spawnargs.some((a) => a.endsWith(path.join(appDir, "server.js")))).map((c) => c.pid);
// nginx's master and workers, when the shift runs it (their parent is its master, our child).
let nginx = null;
const nginxPids = () => (nginx ? [nginx.child.pid, ...spawnSync("pgrep", ["-P", String(nginx.child.pid)], { encoding: "utf8" }).stdout.split("\n").filter(Boolean).map(Number)] : []);
const cpu = {};

function load(scenario, extra = {}) {
  const configPath = path.join(work, `${scenario}.json`);
  const resultPath = path.join(work, `${scenario}.result.json`);
  // The pids, for a scenario that counts the CPU of one of its own phases (the autosave's submissions).
  const pids = { app: appPids(), postgres: postgresPids() };
  fs.writeFileSync(configPath, JSON.stringify({ scenario, ports, world, sessionSecret: SECRET, webhookSecret: WEBHOOK_SECRET, pids, ...extra }));
  const before = { app: cpuSeconds(appPids()), postgres: cpuSeconds(postgresPids()), nginx: cpuSeconds(nginxPids()), at: Date.now() };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, "busy-load.js"), configPath, resultPath], { stdio: ["ignore", "inherit", "inherit"] });
    let loadCpu = 0;
    const watch = setInterval(() => (loadCpu = cpuSeconds([child.pid]) || loadCpu), 200);
    child.on("exit", (code) => {
      clearInterval(watch);
      cpu[scenario] = {
        wallSeconds: (Date.now() - before.at) / 1000,
        appSeconds: Math.round((cpuSeconds(appPids()) - before.app) * 100) / 100,
        postgresSeconds: Math.round((cpuSeconds(postgresPids()) - before.postgres) * 100) / 100,
        ...(nginx ? { nginxSeconds: Math.round((cpuSeconds(nginxPids()) - before.nginx) * 100) / 100 } : {}),
        loadSeconds: loadCpu,
      };
      if (code === 0) resolve(JSON.parse(fs.readFileSync(resultPath, "utf8")));
      else reject(new Error(`load ${scenario} failed (${code})`));
    });
  });
}

function pgbenchUpsert(url) {
  const script = path.join(work, "upsert.sql");
  fs.writeFileSync(
    script,
    "\\set u random(1, 5000)\n\\set q random(1, 20)\n" +
      "INSERT INTO bench_upsert (user_id, question, choice, answered_at) VALUES (:u, :q, :q % 4, now()) " +
      "ON CONFLICT (user_id, question) DO UPDATE SET choice = EXCLUDED.choice, answered_at = EXCLUDED.answered_at;\n",
  );
  const out = run("pgbench", ["-n", "-c", "16", "-j", "2", "-T", "8", "-M", "prepared", "-f", script, url], work);
  return Number(/tps = ([\d.]+)/.exec(out)?.[1]);
}

// ------------------------------------------------------------------ set up
const dbName = `studyarena_bench_${process.pid}`;
const adminSql = postgres(admin, { max: 1, onnotice: () => {} });
const dbUrl = Object.assign(new URL(admin), { pathname: `/${dbName}` }).toString();
const ports = Array.from({ length: instances }, (_, i) => basePort + i);
let world;
const results = { started: new Date().toISOString(), students, instances, app: path.relative(repo, appDir) || ".", machine: machine(), loadBefore: os.loadavg() };

function machine() {
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: appDir, encoding: "utf8" }).stdout.trim();
  return { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, commit };
}

try {
  if (!args.includes("--no-build")) {
    log("building the app");
    run("npx", ["remix", "build"], appDir);
  }
  // Built once per checkout of node_modules (it never changes otherwise).
  const minimal = path.join(repo, "node_modules/.cache/studyarena-bench-minimal");
  if (!fs.existsSync(path.join(minimal, "build/index.js"))) {
    log("building the minimal Remix app");
    fs.rmSync(minimal, { recursive: true, force: true });
    fs.cpSync(path.join(here, "minimal-remix"), minimal, { recursive: true });
    fs.symlinkSync(path.join(repo, "node_modules"), path.join(minimal, "node_modules"));
    run("npx", ["remix", "build"], minimal);
  }

  await adminSql.unsafe(`CREATE DATABASE ${dbName}`);
  results.postgres = (await adminSql`SHOW server_version`)[0].server_version;
  const env = (port) => ({
    NODE_ENV: "production",
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${ports[0]}`,
    DATABASE_URL: dbUrl,
    DATA_DIR: path.join(work, `data-${port}`),
    SEED: "none",
    SESSION_SECRET: SECRET,
    KEY_LINK_SECRET,
    PAYMENT_GATEWAY: "test",
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    TRUST_PROXY: "1",
    RESEND_API_KEY: "",
  });
  // The first instance migrates; the others start once it has.
  for (const [i, port] of ports.entries()) {
    log(`starting instance ${i + 1} on ${port}`);
    const child = start(`app-${port}`, path.join(appDir, "server.js"), env(port));
    await waitFor(`http://127.0.0.1:${port}/healthz`, child, `app-${port}`);
  }
  const minimalPort = basePort + 8;
  await waitFor(`http://127.0.0.1:${minimalPort}/`, start("minimal", path.join(minimal, "server.js"), { PORT: String(minimalPort), NODE_ENV: "production" }), "minimal");

  log(`seeding ${students} students`);
  const sql = postgres(dbUrl, { max: 4, onnotice: () => {} });
  process.env.DATABASE_URL = dbUrl;
  process.env.SESSION_SECRET = SECRET;
  world = await seedBusyMinute(sql, { students, payers: Math.min(students, 1000), secret: SECRET });

  log("warming up (not timed)");
  await load("warmUp");

  if (only.includes("guest")) {
    // The same bytes as the app's /contests, from memory, by node:http: what the machine can do at all.
    const bytes = await fetch(`http://127.0.0.1:${ports[0]}/contests`).then((r) => r.arrayBuffer());
    const raw = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(Buffer.from(bytes)));
    const rawPort = basePort + 9;
    await new Promise((r) => raw.listen(rawPort, "127.0.0.1", r));
    const app = (p) => `http://127.0.0.1:${ports[0]}${p}`;
    log("guest pages");
    results.guest = await load("guestPages", {
      rounds: 3,
      seconds: 4,
      connections: 32,
      targets: [
        { name: "/", url: app("/") },
        { name: "/contests", url: app("/contests") },
        // A cookie the guest cache does not know: the page rendered as if no cache were there.
        { name: "/contests (no cache)", url: app("/contests"), headers: { Cookie: "bench_uncached=1" } },
        // A signed-in student's /contests: rendered for them on each request (issue 29, point 6).
        { name: "/contests (signed in)", url: app("/contests"), headers: { Cookie: world.students[0].cookie } },
        { name: "/store", url: app("/store") },
        { name: "/blog", url: app("/blog") },
        { name: "minimal Remix", url: `http://127.0.0.1:${minimalPort}/` },
        { name: "node:http bytes", url: `http://127.0.0.1:${rawPort}/` },
      ],
    });
    raw.close();
  }
  if (only.includes("start")) {
    log(`contest start: ${students} students within 5 s`);
    results.start = await load("contestStart");
  }
  if (only.includes("shift")) {
    log(`a shift's start: ${SHIFT_STUDENTS} students download the sealed paper over ${SHIFT_WAIT_SECONDS} s, then start within ${SHIFT_SECONDS} s`);
    const shift = await seedShift(sql, { students: SHIFT_STUDENTS, secret: SECRET, startsInMs: (SHIFT_WAIT_SECONDS + 15) * 1000 });
    world.shift = { ...shift, spreadMs: SHIFT_WAIT_SECONDS * 1000, startSpreadMs: SHIFT_SECONDS * 1000 };
    // nginx (deploy/nginx.conf as it is) in front of the instances for the key, as in production: it checks each link and keeps the one reply.
    nginx = await startNginx({ runDir: path.join(work, "nginx"), port: basePort + 7, upstreamPorts: ports, output: fs.openSync(path.join(work, "nginx.log"), "a"), keyLinkSecret: KEY_LINK_SECRET });
    const { held, ...waiting } = await load("shiftWaiting");
    // The CPU of the start is counted from a second before it, not over the wait.
    await new Promise((r) => setTimeout(r, Math.max(0, shift.startsAt - Date.now() - 1000)));
    const start = await load("shiftStart", { held, nginxPort: nginx.port });
    // Start Contest pressed over the next 15 s (fullscreen, the camera's prompt): the starts' group commit.
    world.shift.pressSpreadMs = 15_000;
    const press = await load("shiftPress");
    const [row] = await sql`
      SELECT count(*) FILTER (WHERE started_at IS NOT NULL)::int AS started,
             count(*) FILTER (WHERE started_at BETWEEN ${new Date(shift.startsAt)} AND ${new Date(shift.startsAt + (SHIFT_SECONDS + 60) * 1000)})::int AS on_time
        FROM user_contest_entries WHERE contest_id = ${shift.id}`;
    results.shift = { ...start, start: press.start, pressRetried: press.retried, waiting, started: row.started, startedInTheMinute: row.on_time, ok: row.started === SHIFT_STUDENTS && row.on_time === SHIFT_STUDENTS && start.key.errors === 0 && press.start.errors === 0 && start.stale === 0 && start.opened === shift.questions };
    delete world.shift;
    await nginx.stop();
    nginx = null;
  }
  if (only.includes("autosave")) {
    log("autosave throughput: pgbench's upsert, then the app");
    await sql`CREATE TABLE bench_upsert (user_id int, question int, choice int, answered_at timestamptz, PRIMARY KEY (user_id, question))`;
    results.pgbenchUpsertTps = pgbenchUpsert(dbUrl);
    const saturation = { saturationStudents: Math.min(students, SATURATION_STUDENTS), saturationSeconds: 5 };
    // The same offer through node:http first, for comparison: what the load generator's own CPU costs the figure.
    results.saturationNodeHttp = await load("saturationNodeHttp", { ...saturation, scenario: "saturation", saturationClient: "node" });
    results.saturationNodeHttp.ratioToPgbench = Math.round((results.saturationNodeHttp.perSecond / results.pgbenchUpsertTps) * 1000) / 1000;
    results.saturation = await load("saturation", saturation);
    results.saturation.ratioToPgbench = Math.round((results.saturation.perSecond / results.pgbenchUpsertTps) * 1000) / 1000;
    log(`autosave: ${students} students × 20 answers over 60 s, then the submissions within 10 s`);
    const { finalChoice, ...autosave } = await load("autosave");
    const stored = await sql`SELECT user_id, question_id, selected_answer FROM user_answers WHERE contest_id = ${world.contest.id}`;
    const storedBy = new Map(stored.map((r) => [`${r.user_id}:${r.question_id}`, r.selected_answer]));
    const expected = Object.entries(finalChoice);
    autosave.check = {
      acknowledgedAnswers: expected.length,
      storedAnswers: storedBy.size,
      differentChoice: expected.filter(([key, choice]) => storedBy.get(key) !== OPTIONS[choice]).length,
      submitted: (await sql`SELECT count(*)::int AS n FROM user_contest_entries WHERE contest_id = ${world.contest.id} AND has_submitted`)[0].n,
      results: (await sql`SELECT count(*)::int AS n FROM contest_results WHERE contest_id = ${world.contest.id}`)[0].n,
    };
    autosave.check.ok = autosave.check.acknowledgedAnswers === autosave.check.storedAnswers && autosave.check.differentChoice === 0;
    results.autosave = autosave;
  }
  if (only.includes("payments")) {
    log(`payments: ${world.payers.length} payments, webhook ×3 and verify, shuffled`);
    results.payments = await load("payments");
    const [row] = await sql`
      SELECT (SELECT count(*)::int FROM user_contest_entries WHERE contest_id = ${world.paidContest}) AS entries,
             (SELECT count(*)::int FROM payments WHERE contest_id = ${world.paidContest} AND status = 'paid') AS paid`;
    results.payments.fulfilled = row.entries;
    results.payments.paidRows = row.paid;
    results.payments.ok = row.entries === world.payers.length && row.paid === world.payers.length;
  }
  if (only.includes("checkout")) {
    log(`checkout: ${BUYERS} buyers racing for ${COPIES} copies`);
    results.checkout = await load("checkout");
    const [row] = await sql`SELECT count(DISTINCT order_id)::int AS orders, coalesce(sum(quantity), 0)::int AS copies FROM order_items WHERE product_id = ${world.product}`;
    results.checkout.orders = row.orders;
    results.checkout.ok = row.orders === COPIES && row.copies === COPIES;
  }
  await sql.end();
  results.loadAfter = os.loadavg();
  results.cpu = cpu;

  fs.mkdirSync(path.join(repo, "bench/results"), { recursive: true });
  const file = path.join(repo, "bench/results", `${results.started.replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, JSON.stringify(results, null, 2) + "\n");
  console.log(formatTable(results));
  console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
} finally {
  stopAll();
  await new Promise((r) => setTimeout(r, args.includes("--profile") ? 5000 : 1500));
  await adminSql.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((error) => log(`could not drop ${dbName}: ${error.message}`));
  await adminSql.end();
  if (!args.includes("--keep")) fs.rmSync(work, { recursive: true, force: true });
  else log(`logs kept in ${work}`);
}
