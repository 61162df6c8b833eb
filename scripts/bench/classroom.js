// `npm run bench:classroom`: a class on the embedded database (issue 65, point 5), the
// attack probe's scenario, measured on loopback.
//
//   npm run bench:classroom -- [--students 50] [--readers 20] [--seconds 20] [--no-build]
//
// Starts the production server on a fresh embedded PGlite (no DATABASE_URL), seeds through
// its psql socket (app/db/admin-socket.server.ts) a running contest with `--students`
// entrants and `--readers` other signed-in students, then for `--seconds`: each entrant
// saves an answer every 2 to 3 s, as the test island does, and each reader loads their
// pages one after another (dashboard, contests, store, account). First the same pages are
// loaded by one reader alone: the baseline the crowd's pages are divided by, measured in
// the same run on the same machine. Afterwards the socket is asked what the instance
// recorded as our outages and the credits it gave. Every loop is bounded; prints one JSON
// document (docs/performance.md, "A class on the embedded database").
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const STUDENTS = option("--students", 50);
const READERS = option("--readers", 20);
const SECONDS = option("--seconds", 20);
const SECRET = "bench-session-secret-bench-session-secret-0";
const TIMEOUT_MS = 30_000;
const port = 4500 + (process.pid % 400);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-classroom-"));
const say = (...parts) => console.error(`[classroom ${new Date().toISOString().slice(11, 19)}]`, ...parts);

if (!args.includes("--no-build")) {
  say("building");
  const built = spawnSync("npm", ["run", "build"], { cwd: repo, stdio: ["ignore", "ignore", "inherit"] });
  if (built.status !== 0) process.exit(1);
}

const server = spawn(process.execPath, ["server.js"], {
  cwd: repo,
  env: { ...process.env, DATABASE_URL: "", DATA_DIR: work, PORT: String(port), HOST: "127.0.0.1", TRUST_PROXY: "1", SEED: "none", SESSION_SECRET: SECRET, NODE_ENV: "production", PAYMENT_GATEWAY: "test", LOG_FILE: path.join(work, "server.log") },
  stdio: ["ignore", "ignore", "inherit"],
});
const stop = () => server.exitCode === null && server.kill("SIGTERM");
process.on("exit", stop);

function request(method, pathname, { cookie, address, body } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: pathname,
        timeout: TIMEOUT_MS,
        headers: {
          "X-Forwarded-For": address ?? "10.9.9.9",
          ...(cookie ? { Cookie: cookie } : {}),
          ...(body !== undefined ? { "Content-Type": "application/json", Origin: `http://127.0.0.1:${port}`, "Content-Length": Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const statuses = (replies) => replies.reduce((count, r) => ({ ...count, [r.status]: (count[r.status] ?? 0) + 1 }), {});
function figures(replies) {
  const ms = replies.map((r) => r.ms).sort((a, b) => a - b);
  const at = (p) => (ms.length ? Math.round(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]) : null);
  return { count: ms.length, statuses: statuses(replies), p50: at(0.5), p95: at(0.95), max: ms.length ? Math.round(ms.at(-1)) : null };
}

// The server is up once /healthz answers (bounded: two minutes).
for (let i = 0; ; i++) {
  if ((await request("GET", "/healthz")).status === 200) break;
  if (i > 240 || server.exitCode !== null) throw new Error("the server did not start");
  await sleep(500);
}

// Seeding through the embedded database's psql socket, with the app's own factories.
process.env.DATABASE_URL = JSON.parse(fs.readFileSync(path.join(work, "db-server.json"), "utf8")).url;
process.env.DATABASE_POOL_SIZE = "1";
const { seedBusyMinute, createUsersWithSessions } = await import("./busy-seed.js");
say(`seeding ${STUDENTS} entrants and ${READERS} readers`);
const world = await seedBusyMinute(postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} }), { students: STUDENTS, payers: 0, secret: SECRET });
const socket = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
const readers = await createUsersWithSessions(socket, { prefix: "bench-reader-", count: READERS, secret: SECRET });
const contestId = world.contest.id;
const api = `/api/contest/${contestId}/test`;
const PAGES = ["/dashboard", "/contests", "/store", "/account"];

// Each entrant presses Start Contest.
const started = await Promise.all(world.students.map((s, i) => request("POST", api, { cookie: s.cookie, address: `10.1.${i >> 8}.${i & 255}`, body: JSON.stringify({ intent: "start", fullscreen: true }) })));

// The baseline: one reader alone, each page five times (the first of each not counted: compiled, warmed).
const alone = [];
for (let round = 0; round < 6; round++) for (const page of PAGES) {
  const reply = await request("GET", page, { cookie: readers[0].cookie, address: "10.2.0.1" });
  if (round > 0) alone.push(reply);
}

say(`${STUDENTS} saving every 2-3 s, ${READERS} reading, for ${SECONDS} s`);
const until = performance.now() + SECONDS * 1000;
const saves = [];
const pages = [];
await Promise.all([
  ...world.students.map(async (s, i) => {
    await sleep(Math.random() * 2500);
    for (let k = 0; performance.now() < until; k++) {
      const next = performance.now() + 2000 + Math.random() * 1000;
      const body = JSON.stringify({ intent: "answer", questionId: world.contest.questions[k % world.contest.questions.length], choice: k % 4 });
      saves.push(await request("POST", api, { cookie: s.cookie, address: `10.1.${i >> 8}.${i & 255}`, body }));
      await sleep(next - performance.now());
    }
  }),
  ...readers.map(async (r, i) => {
    for (let k = i; performance.now() < until; k++) pages.push(await request("GET", PAGES[k % PAGES.length], { cookie: r.cookie, address: `10.2.${i >> 8}.${(i & 255) + 2}` }));
  }),
]);

// What the instance made of it: let the watch tick (every 5 s) twice after the load, then ask.
await sleep(11_000);
const [outages] = await socket`SELECT count(*)::int AS recorded, (SELECT count(*)::int FROM outage_credits) AS credits FROM service_outages`;
await socket.end();
stop();
const aloneFigures = figures(alone);
const pageFigures = figures(pages);
const result = {
  students: STUDENTS,
  readers: READERS,
  seconds: SECONDS,
  starts: statuses(started),
  saves: figures(saves),
  pagesAlone: aloneFigures,
  pages: pageFigures,
  pagesP50Ratio: aloneFigures.p50 ? Math.round((pageFigures.p50 / aloneFigures.p50) * 10) / 10 : null,
  outagesRecorded: outages.recorded,
  outageCredits: outages.credits,
};
console.log(JSON.stringify(result, null, 2));
fs.rmSync(work, { recursive: true, force: true });
process.exit(0);
