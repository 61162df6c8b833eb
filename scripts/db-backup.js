// `npm run db:backup [-- FILE]` and `npm run db:restore -- FILE` (docs/operations.md):
// the database the app is configured for (DATABASE_URL, else the embedded one in
// DATA_DIR). A restore goes into an empty database only.
import fs from "node:fs";
import path from "node:path";
import { backupExtension, backupPglite, backupPostgres, restorePglite, restorePostgres } from "./ops/backup.js";
import { runningServer } from "./ops/embedded.js";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
const [mode, file] = process.argv.slice(2);
const dataDir = path.resolve(process.env.DATA_DIR?.trim() || ".data");
const databaseUrl = process.env.DATABASE_URL?.trim() || "";
const kind = databaseUrl && !databaseUrl.startsWith("pglite:") ? "postgres" : "pglite";
const pgliteDir = databaseUrl.startsWith("pglite:") ? databaseUrl.slice("pglite:".length) : path.join(dataDir, "pglite");

function fail(message) {
  console.error(`db:${mode}: ${message}`);
  process.exit(1);
}

try {
  if (kind === "pglite" && runningServer(dataDir)) fail("a running server holds the embedded database: stop it first (one PGlite directory is never opened by two processes).");
  if (mode === "backup") {
    const out = path.resolve(file ?? path.join("backups", `studyarena-${new Date().toISOString().replace(/[:.]/g, "-")}.${backupExtension(kind)}`));
    // Our own folder is private even when an older version made it 0755; a folder the admin names keeps its mode.
    if (!file) {
      fs.mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });
      fs.chmodSync(path.dirname(out), 0o700);
    }
    if (kind === "postgres") backupPostgres(databaseUrl, out);
    else {
      if (!fs.existsSync(pgliteDir)) fail(`no embedded database in ${pgliteDir}`);
      const { PGlite } = await import("@electric-sql/pglite");
      const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
      const pg = await PGlite.create(pgliteDir, { extensions: { pg_trgm } });
      await backupPglite(pg, out);
      await pg.close();
    }
    console.log(`Backed up to ${out} (${(fs.statSync(out).size / 1024).toFixed(0)} KB)`);
  } else if (mode === "restore") {
    if (!file || !fs.existsSync(file)) fail("name the backup file: npm run db:restore -- FILE");
    if (kind === "postgres") await restorePostgres(databaseUrl, path.resolve(file));
    else await (await restorePglite(path.resolve(file), pgliteDir)).close();
    console.log(`Restored ${file} into ${kind === "postgres" ? databaseUrl.replace(/:[^:@/]*@/, ":***@") : pgliteDir}`);
  } else {
    fail("use npm run db:backup or npm run db:restore");
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
