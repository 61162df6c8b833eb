// `npm start`: build when the build is missing or older than the sources, then serve.
// (The server itself migrates and seeds; see app/entry.server.tsx.)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfStale } from "./build-if-stale.js";

// Variables already set win over .env.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

// Served in production mode unless told otherwise (React's development build is
// slower and its errors say more than a visitor should read).
process.env.NODE_ENV ||= "production";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
buildIfStale(root);

await import("../server.js");
