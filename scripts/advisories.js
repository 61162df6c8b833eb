// npm run advisories: the framework packages we pin against the advisories known for them
// (docs/advisories.json). Fails when an installed version differs from the one reviewed or the
// list is past its review-by date, so an upgrade or a month cannot pass without someone looking.
import fs from "node:fs";
import { createRequire } from "node:module";
import { advisoryProblems, openAdvisories } from "./ops/advisories.js";

const require = createRequire(import.meta.url);
const list = JSON.parse(fs.readFileSync(new URL("../docs/advisories.json", import.meta.url), "utf8"));
const installed = (name) => {
  try {
    return require(`${name}/package.json`).version;
  } catch {
    return null;
  }
};
const today = new Date().toISOString().slice(0, 10);

for (const a of list.advisories) console.log(`${a.id} (${a.package}): ${a.stance}`);
for (const a of openAdvisories(list)) console.log(`still open: ${a.id}, ${a.title}`);
const problems = advisoryProblems(list, installed, today);
for (const p of problems) console.error(p);
console.log(problems.length ? `advisories: ${problems.length} to look at` : `advisories: reviewed ${list.reviewed}, next by ${list.reviewBy}`);
process.exit(problems.length ? 1 : 0);
