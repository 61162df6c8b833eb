// A database built migration by migration, for tests that load rows as an old version
// stored them and then apply the rest (tests/integration/*-migration.test.ts).
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

const dir = path.resolve("drizzle");
const files = fs.readdirSync(dir).filter((f) => f.endsWith(".sql")).sort();

async function run(client: PGlite, file: string) {
  for (const statement of fs.readFileSync(path.join(dir, file), "utf8").split("--> statement-breakpoint")) {
    if (statement.trim()) await client.exec(statement);
  }
}

/** Applies every migration whose file name sorts before `prefix` (e.g. "0023"). */
export async function migrateBefore(client: PGlite, prefix: string) {
  for (const file of files.filter((f) => f < prefix)) await run(client, file);
}

/** Applies `prefix`'s migration and every later one. */
export async function migrateFrom(client: PGlite, prefix: string) {
  for (const file of files.filter((f) => f >= prefix)) await run(client, file);
}
