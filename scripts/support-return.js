// `npm run support:return -- LINE_ID`: support confirms an open return on its seller's behalf,
// after checking that the book went back (docs/admin-sql.md, "Return disputes"). The buyer is
// refunded (from the seller's share held at the gateway, if it is), and both are mailed.
// Idempotent: a line whose return is already confirmed is left as it is.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildIfStale } from "./build-if-stale.js";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ||= "production";

const itemId = process.argv[2];
if (!itemId) {
  console.error("Usage: npm run support:return -- LINE_ID   (the order line's id, from the disputes query in docs/admin-sql.md)");
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
buildIfStale(root);

const build = await import(pathToFileURL(path.join(root, "build/index.js")).href);
try {
  const outcome = await build.confirmReturnForSeller(itemId);
  if (outcome === "not-a-line") throw new Error(`${itemId} is not an order line's id.`);
  if (outcome === "no-open-return") throw new Error("That line has no open return to confirm (never asked for, or confirmed already).");
  console.log(`Return confirmed for the seller; ${outcome.refunded > 0 ? `₹${outcome.refunded} is refunded to the buyer` : "cash on delivery: nothing to refund online"}. Both are mailed.`);
} catch (error) {
  console.error(`Confirming the return failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
