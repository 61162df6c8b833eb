// `npm start`: build when the build is missing or older than the sources, then serve.
// (The server itself migrates and seeds; see app/entry.server.tsx.)
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Variables already set win over .env.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

// Served in production mode unless told otherwise (React's development build is
// slower and its errors say more than a visitor should read).
process.env.NODE_ENV ||= "production";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

function newest(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

const built = fs.existsSync("build/index.js") ? fs.statSync("build/index.js").mtimeMs : 0;
const sources = Math.max(newest("app"), newest("remix.config.js"), newest("package.json"));
if (built < sources) {
  console.log("Building the app (sources are newer than the build)…");
  execSync("node node_modules/@remix-run/dev/dist/cli.js build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}

await import("../server.js");
