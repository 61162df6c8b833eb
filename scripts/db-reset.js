// `npm run db:reset`: throws the data away; the next `npm start` migrates and seeds afresh.
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";

const url = process.env.DATABASE_URL;
if (url && !url.startsWith("pglite:")) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await sql.unsafe("DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;");
  await sql.end();
  console.log("Dropped every table in", url.replace(/:[^:@/]*@/, ":***@"));
} else {
  const dir = path.resolve(process.env.DATA_DIR || ".data");
  fs.rmSync(path.join(dir, "pglite"), { recursive: true, force: true });
  fs.rmSync(path.join(dir, "mail"), { recursive: true, force: true });
  console.log("Removed the embedded database in", dir);
}
console.log("Run `npm start` to migrate and seed demo data again.");
