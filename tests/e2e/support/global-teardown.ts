import fs from "node:fs";
import postgres from "postgres";

// Drops the database scripts/e2e-server.js created (if it used Postgres).
export default async function teardown() {
  const admin = process.env.TEST_DATABASE_URL;
  const file = ".data-e2e/database";
  if (!admin || !fs.existsSync(file)) return;
  const name = fs.readFileSync(file, "utf8").trim();
  const sql = postgres(admin, { max: 1, onnotice: () => {} });
  await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await sql.end();
}
