// Route matching, patched against upstream (issue 18): the cost of one matchRoutes call
// on this app's route tree, with the patched @remix-run/router (patches/) and with
// upstream's file rebuilt from it by reversing the patch, interleaved in one run.
//
//   npm run build && node scripts/bench/route-matching.js [--rounds 7]
//
// Two trees, as a server sees them: the same tree each time (the server runtime's and
// the static handler's) and a fresh copy of the same shape per document (RemixServer
// builds its routes anew for every request). No network; bounded loops.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const rounds = Number(args.includes("--rounds") ? args[args.indexOf("--rounds") + 1] : 7);
const require = createRequire(import.meta.url);

// The route manifest the browser gets lists every route's id, parent, path and index.
const buildDir = path.join(root, "public/build");
const manifestFile = fs.existsSync(buildDir) && fs.readdirSync(buildDir).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}
const manifestText = fs.readFileSync(path.join(buildDir, manifestFile), "utf8");
const manifest = JSON.parse(manifestText.slice(manifestText.indexOf("{"), manifestText.lastIndexOf("}") + 1));
const routeList = Object.values(manifest.routes);
/** A tree as server-runtime's createRoutes builds it: a new object per route. */
const tree = (parentId = undefined) =>
  routeList
    .filter((r) => r.parentId === parentId)
    .map((r) => ({ id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: tree(r.id) }));

// Upstream's file: the installed (patched) one with the patch reversed, in a temp dir.
const patchedFile = require.resolve("@remix-run/router");
const patchFile = path.join(root, "patches", fs.readdirSync(path.join(root, "patches")).find((f) => f.startsWith("@remix-run+router+")));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "router-"));
const upstreamFile = path.join(tmp, "router.cjs.js");
fs.copyFileSync(patchedFile, upstreamFile);
execFileSync("patch", ["-R", "-s", "-p1", upstreamFile, patchFile]);
const variants = {
  upstream: require(upstreamFile).matchRoutes,
  patched: require(patchedFile).matchRoutes,
};

const paths = ["/", "/contests", "/contest/1234", "/contest/1234/test", "/store", "/store/listing/42", "/blog/a-post", "/dashboard"];
const documents = 300;
const freshTrees = Array.from({ length: documents }, () => tree());
const stableTree = tree();

function time(matchRoutes, fresh) {
  const started = process.hrtime.bigint();
  let matched = 0;
  for (let d = 0; d < documents; d++) {
    const routes = fresh ? freshTrees[d] : stableTree;
    for (const p of paths) matched += matchRoutes(routes, p) ? 1 : 0;
  }
  if (matched !== documents * paths.length) throw new Error(`a path did not match (${matched})`);
  return Number(process.hrtime.bigint() - started) / 1000 / (documents * paths.length);
}

const samples = { upstream: { stable: [], fresh: [] }, patched: { stable: [], fresh: [] } };
for (const matchRoutes of Object.values(variants)) time(matchRoutes, false); // warm up
for (let round = 0; round < rounds; round++) {
  for (const name of round % 2 ? ["patched", "upstream"] : ["upstream", "patched"]) {
    samples[name].stable.push(time(variants[name], false));
    samples[name].fresh.push(time(variants[name], true));
  }
}
fs.rmSync(tmp, { recursive: true, force: true });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`${routeList.length} routes, ${paths.length} paths × ${documents} documents, ${rounds} interleaved rounds, medians (µs per match):`);
console.log("| tree | upstream | patched | patched / upstream |\n|---|---|---|---|");
for (const kind of ["stable", "fresh"]) {
  const u = median(samples.upstream[kind]);
  const p = median(samples.patched[kind]);
  console.log(`| ${kind === "stable" ? "the same tree" : "a fresh tree per document"} | ${u.toFixed(0)} | ${p.toFixed(0)} | ${(p / u).toFixed(2)}x |`);
}
