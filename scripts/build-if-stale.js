// Builds the app when the build is missing or older than the sources (for npm start
// and the commands that load the server build).
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

function newest(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

export function buildIfStale(root) {
  // The face check's files are served from public/ (scripts/copy-detector.js): copied every time, in a blink.
  execSync("node scripts/copy-detector.js", { cwd: root, stdio: "inherit" });
  const built = fs.existsSync(path.join(root, "build/index.js")) ? fs.statSync(path.join(root, "build/index.js")).mtimeMs : 0;
  const sources = Math.max(...["app", "remix.config.js", "package.json"].map((p) => newest(path.join(root, p))));
  if (built >= sources) return;
  console.log("Building the app (sources are newer than the build)…");
  execSync("node node_modules/@remix-run/dev/dist/cli.js build", { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}
