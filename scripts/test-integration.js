// `npm run test:integration`: every integration file on PostgreSQL when TEST_DATABASE_URL
// names a server (production's database, where the row locks are proven), and on the
// embedded PGlite the conformance subset named in tests/integration/proven-where.json
// (what npm start's default database must prove for itself). Without a server, every
// file runs on PGlite. Files named on the command line run on both, as named.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const proven = JSON.parse(fs.readFileSync(new URL("../tests/integration/proven-where.json", import.meta.url), "utf8"));
const named = process.argv.slice(2);
const subset = named.length > 0 ? named : Object.keys(proven.pglite).map((f) => `tests/integration/${f}`);

// Two files at a time: vitest's default on two cores is one, which leaves a core idle
// while a file waits on its database (docs/performance.md, "CI under 15 minutes").
const vitest = ["node_modules/vitest/vitest.mjs", "run", "--project", "integration", "--maxWorkers", "2"];
const server = process.env.TEST_DATABASE_URL;
const runs = server
  ? [
      [`embedded PGlite, the conformance subset (${named.length > 0 ? "as named" : `${subset.length} files`})`, { ...process.env, TEST_DATABASE_URL: "" }, subset],
      // `embedded-*` files test what exists only over PGlite (its psql socket).
      [`PostgreSQL (${server.replace(/:[^:@/]*@/, ":***@")}), every file`, process.env, [...named, "--exclude", "tests/integration/embedded-*"]],
    ]
  : [["embedded PGlite, every file", { ...process.env, TEST_DATABASE_URL: "" }, named]];

for (const [name, env, extra] of runs) {
  console.log(`\nIntegration tests on ${name}`);
  const { status } = spawnSync(process.execPath, [...vitest, ...extra], { stdio: "inherit", env });
  if (status !== 0) process.exit(status ?? 1);
}
console.log(`\nIntegration tests passed on: ${runs.map(([name]) => name).join(" and ")}${server ? "" : " ONLY (set TEST_DATABASE_URL for PostgreSQL, which alone proves the row locks)"}`);
