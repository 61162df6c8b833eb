// With TEST_DATABASE_URL (an admin connection to a real Postgres), migrate a template
// database once; each test worker's database is a copy of it (CREATE DATABASE … TEMPLATE),
// made again for each file (tests/support/database.ts), so runs and files never see each
// other's data. Without it, an in-memory PGlite is
// migrated once and its data directory written to a file; every test file opens its
// own PGlite from that copy (about 1 s, against 5 s to create and migrate one).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { withDatabase } from "./database-url";

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string | null;
    pgliteTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    project.provide("templateDatabase", null);
    const pg = await PGlite.create({ extensions: { pg_trgm } });
    await migratePglite(drizzlePglite(pg), { migrationsFolder: "drizzle" });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-pglite-tpl-")), "migrated.tar");
    fs.writeFileSync(file, Buffer.from(await (await pg.dumpDataDir("none")).arrayBuffer()));
    await pg.close();
    project.provide("pgliteTemplate", file);
    return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  project.provide("pgliteTemplate", null);
  const name = `studyarena_tpl_${randomBytes(4).toString("hex")}`;
  const sql = postgres(admin, { max: 1, onnotice: () => {} });
  await sql.unsafe(`CREATE DATABASE ${name}`);
  const tpl = postgres(withDatabase(admin, name), { max: 1, onnotice: () => {} });
  await migrate(drizzle(tpl), { migrationsFolder: "drizzle" });
  await tpl.end();
  project.provide("templateDatabase", name);

  return async () => {
    // The workers' databases (one may be left by a killed file), then the template.
    const leftovers = await sql<{ datname: string }[]>`
      SELECT datname FROM pg_database WHERE datname LIKE ${`${name.replace("tpl", "w")}%`}`;
    for (const { datname } of leftovers) await sql.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await sql.end();
  };
}
