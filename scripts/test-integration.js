// `npm run test:integration`: the integration tests on the embedded database (PGlite),
// then, when TEST_DATABASE_URL names a PostgreSQL server, on that server too, so both
// drivers the app supports are proven on every run.
import { spawnSync } from "node:child_process";

// Two files at a time: vitest's default on two cores is one, which leaves a core idle
// while a file waits on its database (docs/performance.md, "CI under 15 minutes").
const vitest = ["node_modules/vitest/vitest.mjs", "run", "--project", "integration", "--maxWorkers", "2", ...process.argv.slice(2)];
const runs = [["embedded PGlite", { ...process.env, TEST_DATABASE_URL: "" }, []]];
// `embedded-*` files test what exists only over PGlite (its psql socket).
if (process.env.TEST_DATABASE_URL)
  runs.push([`PostgreSQL (${process.env.TEST_DATABASE_URL.replace(/:[^:@/]*@/, ":***@")})`, process.env, ["--exclude", "tests/integration/embedded-*"]]);

for (const [name, env, extra] of runs) {
  console.log(`\nIntegration tests on ${name}`);
  const { status } = spawnSync(process.execPath, [...vitest, ...extra], { stdio: "inherit", env });
  if (status !== 0) process.exit(status ?? 1);
}
console.log(`\nIntegration tests passed on: ${runs.map(([name]) => name).join(" and ")}${runs.length === 1 ? " ONLY (set TEST_DATABASE_URL for PostgreSQL, which alone proves the row locks)" : ""}`);
