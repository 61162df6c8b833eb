// `npm run contests:finalize`: submits the tests left open after their deadline and
// assigns ranks and prizes to every contest that has ended. Idempotent: a contest is
// finalised once, so running it again (or beside the server's own sweep) changes nothing.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildIfStale } from "./build-if-stale.js";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ||= "production";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
buildIfStale(root);

const build = await import(pathToFileURL(path.join(root, "build/index.js")).href);
try {
  const report = await build.finalizeDueContests();
  for (const row of report) console.log(`${row.outcome.padEnd(10)} ${row.title} (${row.id})${row.submitted ? `: ${row.submitted} tests submitted` : ""}`);
  console.log(report.length === 0 ? "Nothing to finalise." : `${report.length} contest(s) handled.`);
} catch (error) {
  console.error(`Finalising failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
