// Backups of either database the app runs on (docs/operations.md):
// - PostgreSQL: pg_dump's custom format, restored by pg_restore into an empty database;
// - the embedded database (PGlite): its data directory as one gzipped tarball
//   (PGlite's own dumpDataDir), restored by opening a new directory from it. The copy
//   is exact, and needs the same PGlite version to open (package-lock pins it).
// Images in the default store are rows, so both include them; the S3 store's bucket is
// backed up by the storage service (versioning or replication).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { postgresBinary } from "./processes.js";

/** Which file a backup of this kind is written to by default. */
export const backupExtension = (kind) => (kind === "postgres" ? "dump" : "tar.gz");

function run(program, args) {
  const result = spawnSync(postgresBinary(program), args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${program} failed: ${(result.stderr || result.stdout || "").trim()}`);
}

/**
 * A backup holds every password hash and payout detail: its file is made 0600 before a
 * byte is written (pg_dump keeps the mode of a file that exists), and a folder made for it
 * 0700. A folder that already exists keeps its mode: db-backup.js makes its default one private.
 */
export function privateBackupFile(file) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, "w", 0o600));
  fs.chmodSync(file, 0o600);
}

/** pg_dump of the database at `url` into `file` (custom format: compressed, restorable table by table), readable by its owner alone. */
export function backupPostgres(url, file) {
  privateBackupFile(file);
  run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", "--file", file, url]);
  fs.chmodSync(file, 0o600);
}

/** pg_restore of `file` into the database at `url`, which must be empty; all or nothing. */
export async function restorePostgres(url, file) {
  await refuseUnlessEmpty(url);
  run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", "--dbname", url, file]);
}

async function refuseUnlessEmpty(url) {
  const { default: postgres } = await import("postgres");
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [{ tables }] = await sql`SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`;
    if (tables > 0) throw new Error("the database to restore into is not empty: restore into a new database (createdb), or empty this one with npm run db:reset");
  } finally {
    await sql.end();
  }
}

/** The embedded database `pg` (an open PGlite) as a gzipped tarball in `file`. */
export async function backupPglite(pg, file) {
  const dump = await pg.dumpDataDir("gzip");
  privateBackupFile(file);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
}

/** A new embedded database in `dir` (which must not exist or be empty) from a tarball; `dir` "memory://" gives one in memory. */
export async function restorePglite(file, dir) {
  if (dir !== "memory://" && fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new Error(`${dir} is not empty: restore into a new directory (set DATA_DIR), or remove it with npm run db:reset`);
  }
  if (dir !== "memory://") fs.mkdirSync(dir, { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const bytes = fs.readFileSync(file);
  return PGlite.create(dir === "memory://" ? undefined : dir, { loadDataDir: new Blob([bytes], { type: "application/x-gzip" }), extensions: { pg_trgm } });
}
