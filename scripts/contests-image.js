// `npm run contests:image -- diagram.png`: puts a question's diagram into the image
// store (the database, or S3 when S3_BUCKET is set) through the app's image pipeline,
// and prints the key to write in `questions.image_key` (docs/admin-sql.md). While the
// server runs on the embedded database, it goes through the server's socket, as
// `npm run db:sql` does. The same file always gives the same key.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildIfStale } from "./build-if-stale.js";
import { embeddedServerUrl } from "./ops/embedded.js";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ||= "production";
// Only the key goes to stdout (`$(npm run -s contests:image -- f.png)`); the app's info log would too.
process.env.LOG_LEVEL ||= "warn";

function fail(message) {
  console.error(`contests:image: ${message}`);
  process.exit(1);
}

const file = process.argv[2];
if (!file) fail("usage: npm run contests:image -- diagram.png   (JPEG, PNG or WebP, at most 15 MB)");
let bytes;
try {
  bytes = fs.readFileSync(file);
} catch (error) {
  fail(`cannot read ${file}: ${error.code ?? error.message}`);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = path.resolve(process.env.DATA_DIR?.trim() || path.join(root, ".data"));
const databaseUrl = process.env.DATABASE_URL?.trim() || "";
if (!databaseUrl || databaseUrl.startsWith("pglite:")) {
  const server = embeddedServerUrl(dataDir);
  if (server.error) fail(server.error);
  if (server.url) process.env.DATABASE_URL = server.url;
}
process.chdir(root);
buildIfStale(root);

const build = await import(pathToFileURL(path.join(root, "build/index.js")).href);
try {
  const stored = await build.storeContestDiagram(bytes);
  if (!stored.ok) fail(`${file}: ${stored.error}`);
  console.log(stored.key);
  console.error(`Stored ${stored.width}×${stored.height} px (${stored.bytes} bytes). In SQL: image_key = '${stored.key}', image_alt = 'what the diagram shows'`);
  process.exit(0);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
