// `npm run cluster [-- --instances N --port P]`: N app instances on loopback ports and
// Debian's nginx in front of them (deploy/nginx.conf), on the PostgreSQL at
// DATABASE_URL. Ctrl-C stops nginx, then drains the instances (docs/operations.md).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildIfStale } from "./build-if-stale.js";
import { freePort, newKeyLinkSecret, root, startInstance, startNginx } from "./ops/processes.js";

if (fs.existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));

const { values } = parseArgs({ options: { instances: { type: "string", default: "2" }, port: { type: "string", default: process.env.CLUSTER_PORT || "8080" } } });
const count = Number(values.instances);
const port = Number(values.port);
if (!Number.isInteger(count) || count < 1 || count > 16) fail("--instances must be a whole number from 1 to 16.");
if (!Number.isInteger(port) || port < 1 || port > 65_535) fail("--port must be a port number.");
if (!/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "")) {
  fail("npm run cluster needs DATABASE_URL naming a PostgreSQL database (the embedded database belongs to one process), e.g.\n  DATABASE_URL=postgres://postgres@127.0.0.1:5432/studyarena npm run cluster");
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

buildIfStale(root);
// nginx checks the key links with the instances' secret (deploy/nginx.conf).
const env = { ...process.env, APP_URL: process.env.APP_URL || `http://localhost:${port}`, KEY_LINK_SECRET: process.env.KEY_LINK_SECRET || newKeyLinkSecret() };
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-nginx-"));
const instances = [];
let nginx;

async function stopAll() {
  await nginx?.stop();
  await Promise.all(instances.map((i) => i.stop("SIGTERM")));
  fs.rmSync(runDir, { recursive: true, force: true });
}

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error("Stopping: nginx first, then the instances drain…");
    stopAll().then(() => process.exit(0));
  });
}

try {
  // The first instance migrates and seeds alone; the others find the work done.
  for (let i = 0; i < count; i++) {
    const instancePort = await freePort();
    instances.push(await startInstance({ port: instancePort, name: `app-${i + 1}`, env }));
  }
  nginx = await startNginx({ runDir, port, upstreamPorts: instances.map((i) => i.port), keyLinkSecret: env.KEY_LINK_SECRET });
  console.error(`\nStudyArena cluster ready on ${env.APP_URL}: nginx (deploy/nginx.conf) in front of ${instances.map((i) => `${i.name} on :${i.port}`).join(", ")}. Ctrl-C stops it.\nnginx's access log: ${path.join(runDir, "logs/access.json")}\n`);
  const first = await Promise.race([...instances.map((i) => i.exited.then(() => i.name)), nginx.exited.then(() => "nginx")]);
  if (!stopping) {
    console.error(`${first} stopped unexpectedly; stopping the cluster.`);
    await stopAll();
    process.exit(1);
  }
} catch (error) {
  console.error(`The cluster could not start: ${error instanceof Error ? error.message : error}`);
  await stopAll();
  process.exit(1);
}
