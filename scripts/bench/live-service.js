// The live-service benchmark (issue 15): one client floods, leaks or stalls; another
// student's autosave and a visitor's home page are timed while it does. Loopback only,
// bounded loops, every figure also given as a ratio to the baseline measured in the
// same run (this machine is shared and noisy).
//
//   npm run build && node scripts/bench/live-service.js [--app DIR] [--only NAME,...]
//
// --app runs another checkout's build (e.g. the commit before a change, for "before"
// figures); it must have scripts/e2e-server.js. With TEST_DATABASE_URL the server gets a
// fresh PostgreSQL database, else an embedded PGlite one. The load itself runs in a
// child process (scripts/bench/load.js), so the timing client here stays responsive.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);

// --compare DIR: the same scenarios against DIR's build ("before"), then this checkout's
// ("after"), one after the other in this run, as one table.
if (option("--compare")) {
  const runOne = (app) =>
    new Promise((resolve, reject) => {
      const rest = option("--only") ? ["--only", option("--only")] : [];
      const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--app", app, ...rest], { stdio: ["ignore", "pipe", "inherit"] });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out).results) : reject(new Error(`benchmark of ${app} failed`))));
    });
  const before = await runOne(path.resolve(option("--compare")));
  const after = await runOne(path.join(here, "../.."));
  const rows = [];
  const cell = (r, probe, p) => (r ? `${r[probe][p]} ms (${r[probe][`${p}_ratio`] ?? 1}×)` : "-");
  for (const [scenario, probe, p] of [
    ["baseline", "autosave", "p99"],
    ["streams", "autosave", "p99"],
    ["streams", "home", "p99"],
    ["flood", "autosave", "p99"],
    ["logins", "autosave", "p95"],
  ]) {
    if (!after[scenario]) continue;
    rows.push(`| ${scenario} | ${probe} ${p} | ${cell(before[scenario], probe, p)} | ${cell(after[scenario], probe, p)} | ${after[scenario][probe].max} ms |`);
  }
  for (const scenario of ["streams", "flood", "logins"]) {
    if (after[scenario]) rows.push(`| ${scenario} | load | ${JSON.stringify(before[scenario]?.load)} | ${JSON.stringify(after[scenario].load)} | |`);
  }
  console.log(["| scenario | probe | before | after | after, max |", "|---|---|---|---|---|", ...rows].join("\n"));
  console.log(JSON.stringify({ before, after }));
  process.exit(0);
}

const appDir = path.resolve(option("--app") ?? path.join(here, "../.."));
const only = option("--only")?.split(",");
const port = 3900 + (process.pid % 50);
const fixturesPort = port + 50;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-bench-"));

// ---- the server under test -------------------------------------------------------

const server = spawn(process.execPath, ["scripts/e2e-server.js"], {
  cwd: appDir,
  env: { ...process.env, E2E_PORT: String(port), E2E_FIXTURES_PORT: String(fixturesPort), E2E_DATA_DIR: dataDir, STUDYARENA_TEST_SYNC_COMMIT: "on" },
  stdio: ["ignore", "pipe", "pipe"],
});
let serverLog = "";
server.stdout.on("data", (d) => (serverLog += d));
server.stderr.on("data", (d) => (serverLog += d));

async function stopServer() {
  server.kill("SIGTERM");
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", resolve)));
  // (An older checkout's e2e server ignores E2E_DATA_DIR and keeps its own .data-e2e.)
  const dbFile = [path.join(dataDir, "database"), path.join(appDir, ".data-e2e/database")].find((f) => fs.existsSync(f));
  if (process.env.TEST_DATABASE_URL && dbFile) {
    const sql = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    await sql.unsafe(`DROP DATABASE IF EXISTS ${fs.readFileSync(dbFile, "utf8").trim()} WITH (FORCE)`);
    await sql.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${serverLog}`);
    try {
      // The fixtures service starts after the app: both must answer.
      if ((await fetch(`${base}/about`)).ok && (await fetch(`http://127.0.0.1:${fixturesPort}/ready`, { method: "POST" })).status === 400) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("server did not start");
}

async function fixture(name, body) {
  const res = await fetch(`http://127.0.0.1:${fixturesPort}/${name}`, { method: "POST", body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${name}: ${await res.text()}`);
  return res.json();
}

// ---- a timing client on its own keep-alive connection ------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function request(method, url, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(url, { method, agent, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text, ms: performance.now() - started }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const PASSWORD = "Bench@12345";

async function signIn(email, address) {
  const res = await request("POST", `${base}/login`, {
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "X-Forwarded-For": address },
    body: new URLSearchParams({ email, password: PASSWORD }).toString(),
  });
  const cookie = [res.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("__session="));
  if (!cookie) throw new Error(`login failed for ${email}: ${res.status}`);
  return cookie.split(";")[0];
}

async function student(name, contestId) {
  const email = `${name}-${Date.now()}@bench.example.in`;
  const { id } = await fixture("student", { email, password: PASSWORD, fullName: name });
  await fixture("entry", { userId: id, contestId });
  return { id, email, cookie: await signIn(email, `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) };
}

/** Times `probe` back to back until `until()` says stop (at most `max` times). */
async function timeWhile(probe, until, max = 5000) {
  const times = [];
  const failures = [];
  while (!until() && times.length < max) {
    const res = await probe();
    times.push(res.ms);
    if (res.status !== 200) failures.push(res.status);
  }
  return { times, failures };
}

const pct = (times, p) => {
  if (times.length === 0) return NaN;
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (n) => (Number.isFinite(n) ? Math.round(n * 10) / 10 : n);
const summary = (times) => ({ n: times.length, p50: round(pct(times, 50)), p95: round(pct(times, 95)), p99: round(pct(times, 99)), max: round(Math.max(...times)) });

/** Runs scripts/bench/load.js with a task; resolves with what it printed as JSON. */
function load(task) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, "load.js"), JSON.stringify({ base, ...task })], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out || "{}")) : reject(new Error(`load ${task.kind} exited ${code}`))));
  });
}

// ---- the scenarios -----------------------------------------------------------------

async function main() {
  await waitForServer();
  const contest = await fixture("contest", { title: "Bench Cup", startsInMinutes: -1, endsInMinutes: 120, durationMinutes: 100, entryFee: 0 });
  // Five timed students, each saving at most five answers a second (a fast real one),
  // so their own allowance never refuses them.
  const timed = [];
  for (let i = 0; i < 5; i++) timed.push(await student(`timed${i}`, contest.id));
  const me = timed[0];
  const flooder = await student("flooder", contest.id);
  const paper = JSON.parse((await request("GET", `${base}/api/contest/${contest.id}/test`, { headers: { Cookie: me.cookie, Accept: "application/json" } })).text);
  const questionIds = paper.questions.map((q) => q.id);
  const slug = `bench-${Date.now()}`;
  await fixture("post", { slug, title: "Bench post", category: "Study Tips" });

  let k = 0;
  const lastSave = timed.map(() => 0);
  const autosave = async () => {
    const who = k++ % timed.length;
    const wait = lastSave[who] + 200 - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lastSave[who] = performance.now();
    return request("POST", `${base}/api/contest/${contest.id}/test`, {
      headers: { "Content-Type": "application/json", Cookie: timed[who].cookie, Origin: base },
      body: JSON.stringify({ intent: "answer", questionId: questionIds[k % questionIds.length], choice: k % 2 }),
    });
  };
  const home = () => request("GET", `${base}/`, { headers: { "X-Forwarded-For": "10.8.0.1" } });

  // Warm up, then the baseline: the same probes with nothing else going on.
  for (let i = 0; i < 30; i++) await autosave();
  for (let i = 0; i < 5; i++) await home();
  const baseline = { autosave: [], home: [] };
  for (let i = 0; i < 200; i++) baseline.autosave.push((await autosave()).ms);
  for (let i = 0; i < 30; i++) baseline.home.push((await home()).ms);
  const results = { baseline: { autosave: summary(baseline.autosave), home: summary(baseline.home) } };
  const ratio = (times, p, of = baseline.autosave) => round(pct(times, p) / pct(of, p));

  const run = (name) => !only || only.includes(name);

  if (run("streams")) {
    // 2,000 live-count streams opened at once (250 addresses x 8), held 2 s, then cut.
    let done = false;
    const loading = load({ kind: "streams", slug, count: 2000, perAddress: 8, holdMs: 2000 }).finally(() => (done = true));
    const [saves, pages] = await Promise.all([timeWhile(autosave, () => done), timeWhile(home, () => done)]);
    const outcome = await loading;
    results.streams = { load: outcome, autosave: { ...summary(saves.times), failures: saves.failures.length, p99_ratio: ratio(saves.times, 99) }, home: { ...summary(pages.times), failures: pages.failures.length, p99_ratio: ratio(pages.times, 99, baseline.home) } };
  }

  if (run("flood")) {
    // One student sends 10,000 autosaves with 256 in flight.
    let done = false;
    const loading = load({ kind: "flood", path: `/api/contest/${contest.id}/test`, cookie: flooder.cookie, questionIds, count: 10_000, inFlight: 256 }).finally(() => (done = true));
    const saves = await timeWhile(autosave, () => done);
    const outcome = await loading;
    results.flood = { load: outcome, autosave: { ...summary(saves.times), failures: saves.failures.length, p99_ratio: ratio(saves.times, 99) } };
  }

  if (run("logins")) {
    // 300 students sign in at once (each a password hash), from 300 addresses.
    const accounts = [];
    for (let i = 0; i < 300; i++) {
      const email = `login${i}-${Date.now()}@bench.example.in`;
      await fixture("student", { email, password: PASSWORD });
      accounts.push(email);
    }
    let done = false;
    const loading = load({ kind: "logins", emails: accounts, password: PASSWORD }).finally(() => (done = true));
    const saves = await timeWhile(autosave, () => done);
    const outcome = await loading;
    results.logins = { load: outcome, autosave: { ...summary(saves.times), failures: saves.failures.length, p95_ratio: ratio(saves.times, 95) } };
  }

  return results;
}

try {
  const results = await main();
  console.log(JSON.stringify({ app: appDir, database: process.env.TEST_DATABASE_URL ? "postgres" : "pglite", cpus: os.cpus().length, results }, null, 2));
} catch (error) {
  console.error(error);
  console.error(serverLog.slice(-4000));
  process.exitCode = 1;
} finally {
  agent.destroy();
  await stopServer();
}
