// `npm start`: build when the build is missing or older than the sources, then serve.
// (The server itself migrates and seeds; see app/entry.server.tsx.)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfStale } from "./build-if-stale.js";

// Variables already set win over .env.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

// Served in production mode unless told otherwise (React's development build is
// slower and its errors say more than a visitor should read).
process.env.NODE_ENV ||= "production";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
console.log("Starting StudyArena: checking the build…");
buildIfStale(root);

// Under `npm start` the server lives as long as npm does: npm's shell may die on a plain
// `kill` of npm without passing the signal on (package.json's `exec` avoids that shell),
// and a SIGKILLed npm passes nothing. Left without its parent, the server drains as on
// SIGTERM instead of serving on, unseen.
if (process.env.npm_lifecycle_event === "start") {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, "SIGTERM");
  }, 500);
  watch.unref();
}

await import("../server.js");
