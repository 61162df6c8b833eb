// The parts `npm run cluster` and `npm run chaos` start and stop: app instances
// (server.js, which starts app/server/ from the build), Debian's nginx with deploy/nginx.conf, and a throwaway PostgreSQL
// cluster (initdb on a free loopback port, never the machine's own server).
import { randomBytes } from "node:crypto";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers `status` (bounded). */
export async function waitFor(url, { status = 200, timeoutMs = 60_000, process: child } = {}) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode}) before it answered`);
    const answered = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.status,
      () => 0,
    );
    if (answered === status) return;
    await sleep(200);
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms`);
}

function which(command, candidates = []) {
  for (const dir of (process.env.PATH ?? "").split(":").concat(candidates)) {
    const file = path.join(dir, command);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

/** Debian's nginx, or a message saying how to install it. */
export function nginxBinary() {
  const found = which("nginx", ["/usr/sbin", "/usr/local/sbin"]);
  if (!found) throw new Error("nginx is not installed. On Debian: apt-get install -y nginx (docs/operations.md).");
  return found;
}

/** A PostgreSQL server program (initdb, postgres, pg_dump …): on PATH, or Debian's versioned folder. */
export function postgresBinary(name) {
  const versioned = fs.existsSync("/usr/lib/postgresql")
    ? fs
        .readdirSync("/usr/lib/postgresql")
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => `/usr/lib/postgresql/${v}/bin`)
    : [];
  const found = which(name, versioned);
  if (!found) throw new Error(`${name} is not installed. On Debian: apt-get install -y postgresql (docs/operations.md).`);
  return found;
}

/** A child process whose output goes to ours (one JSON line per log entry), stoppable and killable. */
function supervised(command, args, options) {
  const child = spawn(command, args, { ...options, stdio: ["ignore", options.output ?? "inherit", options.output ?? "inherit"] });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return {
    child,
    exited,
    /** Sends `signal` and waits for the process to end (SIGKILL after `graceMs`). */
    async stop(signal = "SIGTERM", graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/**
 * One app instance on `port`: the production server.js, behind a proxy (TRUST_PROXY=1),
 * named in its log lines, listening on 127.0.0.1 only: it trusts X-Forwarded-For, so
 * nobody may reach it but nginx on this machine. Resolves once its /healthz answers 200.
 */
export async function startInstance({ port, name, env, output }) {
  const instance = supervised(process.execPath, [path.join(root, "server.js")], {
    cwd: root,
    output,
    env: { NODE_ENV: "production", TRUST_PROXY: "1", DATABASE_SOCKET: "off", ...env, HOST: "127.0.0.1", PORT: String(port), INSTANCE_ID: name },
  });
  await waitFor(`http://127.0.0.1:${port}/healthz`, { process: instance.child });
  return { ...instance, port, name };
}

/**
 * `count` app instances on free loopback ports, each logging to `work/app-N.log` (appended
 * across restarts). `start(i)` starts instance i (again, after a stop); `kill(i)` kills it
 * with SIGKILL, waits a second and starts it again; `stopAll()` stops those running.
 * Nothing is started until `start` is called.
 */
export async function appInstances({ work, env, count = 2 }) {
  const ports = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());
  const logFiles = ports.map((_, i) => path.join(work, `app-${i + 1}.log`));
  const instances = [];
  const start = async (i) => {
    instances[i] = await startInstance({ port: ports[i], name: `app-${i + 1}`, env, output: fs.openSync(logFiles[i], "a") });
  };
  const kill = async (i) => {
    instances[i].child.kill("SIGKILL");
    await instances[i].exited;
    await sleep(1_000);
    await start(i);
  };
  return { ports, logFiles, instances, start, kill, stopAll: () => Promise.all(instances.map((instance) => instance?.stop("SIGTERM"))) };
}

/**
 * nginx with the repo's deploy/nginx.conf, copied as it is into `runDir` beside the two
 * files it includes (the instances and the listening port), in the foreground.
 */
/** A new secret for the key links, for instances (KEY_LINK_SECRET) and nginx alike (deploy/nginx.conf). */
export const newKeyLinkSecret = () => randomBytes(32).toString("base64url");

/** nginx with deploy/nginx.conf; `keyLinkSecret` is the instances' KEY_LINK_SECRET, which nginx checks the key links with. */
export async function startNginx({ runDir, port, upstreamPorts, output, keyLinkSecret }) {
  if (!/^[A-Za-z0-9_-]{32,}$/.test(keyLinkSecret ?? "")) throw new Error("startNginx needs the instances' KEY_LINK_SECRET (32 or more letters, digits, - and _)");
  fs.mkdirSync(path.join(runDir, "tmp"), { recursive: true });
  fs.mkdirSync(path.join(runDir, "logs"), { recursive: true });
  // nginx's workers (nobody) write request bodies and cached files under the prefix.
  fs.chmodSync(runDir, 0o755);
  fs.copyFileSync(path.join(root, "deploy/nginx.conf"), path.join(runDir, "nginx.conf"));
  writeUpstreams(runDir, upstreamPorts);
  fs.writeFileSync(path.join(runDir, "studyarena-listen.conf"), `listen 127.0.0.1:${port};\n`);
  fs.writeFileSync(path.join(runDir, "studyarena-key-link.conf"), `set $key_link_secret "${keyLinkSecret}";\n`, { mode: 0o600 });
  const binary = nginxBinary();
  const args = ["-p", `${runDir}/`, "-c", path.join(runDir, "nginx.conf"), "-e", "stderr"];
  const test = spawnSync(binary, [...args, "-t", "-q"], { encoding: "utf8" });
  if (test.status !== 0) throw new Error(`deploy/nginx.conf is not valid:\n${test.stderr}`);
  const nginx = supervised(binary, [...args, "-g", "daemon off;"], { cwd: runDir, output });
  await waitFor(`http://127.0.0.1:${port}/healthz`, { process: nginx.child });
  return {
    ...nginx,
    port,
    // SIGQUIT: nginx finishes the requests it has, then stops.
    stop: () => nginx.stop("SIGQUIT"),
    /** Points nginx at another set of instances without dropping a request (SIGHUP). */
    reload(ports) {
      writeUpstreams(runDir, ports);
      nginx.child.kill("SIGHUP");
    },
  };
}

/**
 * How long nginx leaves an instance alone after it failed (passive health): a rolling
 * restart waits this long after an instance is back before stopping the next, or nginx
 * would see none alive.
 */
export const FAIL_TIMEOUT_MS = 5_000;

function writeUpstreams(runDir, ports) {
  const lines = ports.map((p) => `server 127.0.0.1:${p} max_fails=2 fail_timeout=${FAIL_TIMEOUT_MS / 1000}s;`);
  fs.writeFileSync(path.join(runDir, "studyarena-upstreams.conf"), `${lines.join("\n")}\n`);
}

// PostgreSQL refuses to run as root: on a machine where we are root, its programs run as
// the `postgres` user, in a folder that user owns.
const asPostgres = (binary, args) => (process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", binary, ...args]] : [binary, args]);

/**
 * A PostgreSQL cluster of our own: initdb into a temporary folder, a free loopback port,
 * trust authentication for the loopback only, run by pg_ctl. `restart()` stops it (fast
 * shutdown: clients are cut, committed work is kept) and starts it on the same port.
 */
export async function startThrowawayPostgres() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-pg-"));
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:", dir]);
  const data = path.join(dir, "data");
  const run = (program, args) => {
    const [command, argv] = asPostgres(postgresBinary(program), args);
    const result = spawnSync(command, argv, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${program} failed: ${(result.stderr || result.stdout).trim()}`);
  };
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--locale=C"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const start = () => run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "-t", "30", "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    async restart() {
      stop();
      start();
    },
    async stop() {
      try {
        stop();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A new, empty database on the server at `adminUrl`, and the URL to reach it. */
export async function createDatabase(adminUrl, name) {
  const { default: postgres } = await import("postgres");
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await sql.unsafe(`CREATE DATABASE ${name}`);
  await sql.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(adminUrl, name) {
  const { default: postgres } = await import("postgres");
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await sql.end();
}

/**
 * The frame of a chaos run (scripts/chaos*.js): a work folder of its own (`mode`, when
 * nginx's workers must pass through it), then `runToExit(run)`: the cleanups undone last
 * first whatever happened, the folder removed after a pass unless `keep` (kept, with its
 * logs, after a failure), and the exit code.
 */
export function chaosFrame(name, { mode } = {}) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `studyarena-${name.replace(":", "-")}-`));
  if (mode) fs.chmodSync(work, mode);
  const cleanups = [];
  async function runToExit(run, { keep = false, stack = false } = {}) {
    let failed = false;
    try {
      await run();
    } catch (error) {
      failed = true;
      console.error(`${name}: ${error instanceof Error ? (stack ? error.stack : error.message) : error}`);
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
      if (!failed && !keep) fs.rmSync(work, { recursive: true, force: true });
      else console.error(`Logs kept in ${work}`);
    }
    process.exit(failed ? 1 : 0);
  }
  return { work, cleanups, runToExit };
}
