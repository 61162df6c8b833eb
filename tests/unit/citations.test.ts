// Every document a comment or a doc cites is in the repository (issue 29): a newcomer can
// follow each citation. The product's own documents live in docs/product/.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const files = execFileSync("git", ["ls-files", "app", "tests", "scripts", "docs", "deploy", "README.md", "server.js", "eslint.config.js", "remix.config.js"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => /\.(ts|tsx|js|md|conf)$/.test(f) && !f.startsWith("docs/product/"));

test("every cited document exists, and the product's are cited by their path in docs/product/", () => {
  const missing: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    // A bare name of one of the product's documents, not its path in the repository.
    for (const m of text.matchAll(/(?<![\w/.-])(DESIGN\.md|STYLE\.md|contests\.md|marketplace\.md)/g)) missing.push(`${file}: ${m[1]} (cite docs/product/${m[1]!.toLowerCase()})`);
    // A path to a document in the repository that is not there.
    for (const m of text.matchAll(/\b((?:docs|tests|app|scripts|deploy)\/[\w./$-]+\.md)\b/g)) if (!fs.existsSync(m[1]!)) missing.push(`${file}: ${m[1]}`);
  }
  expect(missing).toEqual([]);
});

// Issue 45, point 8: a comment that names a source file, a script or a config names one
// that is there (one named a shared-shell module in app/utils long after it had gone).
test("every file a comment or a doc names by its path is in the repository", () => {
  const missing: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?<![\w/.~$-])((?:app|tests|scripts|deploy|drizzle|patches|bench|public)\/[\w./$-]+\.(?:ts|tsx|js|mjs|conf|sql|json|css|png|y4m))(?![\w/-])/g)) {
      // A pattern (a glob or a template) is not a citation, nor a probe file the lint test writes and removes.
      if (/[*{}]|\$\{|zz-probe/.test(m[1]!)) continue;
      if (!fs.existsSync(m[1]!)) missing.push(`${file}: ${m[1]}`);
    }
  }
  expect(missing).toEqual([]);
});

// Issue 45, point 8: the README's layout names every top-level folder of app/ as it is.
test("the README's layout block names every folder of app/, and no folder that is not there", () => {
  const layout = /## Layout[\s\S]*?```\n([\s\S]*?)```/.exec(fs.readFileSync("README.md", "utf8"))![1]!;
  const named = [...layout.matchAll(/^app\/(\w+)\//gm)].map((m) => m[1]).sort();
  const folders = fs.readdirSync("app", { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  expect(named).toEqual(folders);
});

// Issue 45, point 8: docs/architecture.md's URL table lists every route file with the URL
// Remix gives it, so a newcomer finds the file behind any address.
test("the architecture's URL table lists every route file, each with the URL its name makes", () => {
  const doc = fs.readFileSync("docs/architecture.md", "utf8");
  const rows = [...doc.matchAll(/^\| `([^`]+)` \| `([^`]+\.tsx?)` \|/gm)].map((m) => [m[2]!, m[1]!]);
  const urlOf = (file: string) =>
    "/" +
    file
      .replace(/\.tsx?$/, "")
      // `[.]` is a dot in the URL, not a segment's end (`account_.data[.]json.tsx` serves /account/data.json).
      .replaceAll("[.]", "\u0000")
      .split(".")
      .filter((s) => s !== "_index")
      .map((s) => (s === "$" ? "*" : s.replace(/_$/, "").replace(/^\$(.+)$/, "{$1}")).replaceAll("\u0000", "."))
      .join("/");
  // A route's loader reads (`*.query.server.ts`) sit beside it and are not routes (remix.config.js).
  const files = fs.readdirSync("app/routes").filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".query.server.ts")).sort();
  expect(rows.map(([file]) => file).sort()).toEqual(files);
  for (const [file, url] of rows) expect(url, file).toBe(urlOf(file!));
});

// Issue 45, point 8: the decisions are one record per area, each found from the index by its topic.
test("every decision record is listed in docs/decisions/README.md, and every link between them resolves", () => {
  const dir = "docs/decisions";
  const records = fs.readdirSync(dir).filter((f) => f.endsWith(".md") && f !== "README.md");
  const index = fs.readFileSync(`${dir}/README.md`, "utf8");
  expect(records.length).toBeGreaterThan(30);
  expect(records.filter((r) => !index.includes(`](${r})`))).toEqual([]);
  const broken: string[] = [];
  for (const file of ["README.md", ...records]) {
    const text = fs.readFileSync(`${dir}/${file}`, "utf8");
    if (file !== "README.md") expect(text, file).toMatch(/^# .+\n\nDate: .+\n\nStatus: .+\n\nTopic: \w+/);
    for (const m of text.matchAll(/\]\(([\w.-]+\.md)\)/g)) if (!fs.existsSync(`${dir}/${m[1]}`)) broken.push(`${file}: ${m[1]}`);
  }
  expect(broken).toEqual([]);
  // The old single log is gone, so nothing can cite it.
  expect(fs.existsSync(path.join("docs", "decisions" + ".md"))).toBe(false);
});

// Issue 45, point 3: a domain has rooms, so a rule is found from its name; no folder becomes a corridor again.
test("no folder of app/models/ or app/components/ holds more than 12 modules; contests and the store are all rooms", () => {
  const crowded: string[] = [];
  const walk = (dir: string) => {
    const entries = fs.readdirSync(dir, { withFileTypes: true });
    const modules = entries.filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.startsWith("zz-probe"));
    if (modules.length > 12) crowded.push(`${dir}: ${modules.length}`);
    for (const e of entries) if (e.isDirectory()) walk(path.join(dir, e.name));
  };
  walk(path.join("app", "models"));
  walk(path.join("app", "components"));
  expect(crowded).toEqual([]);
  for (const domain of ["contests", "store"]) {
    expect(fs.readdirSync(path.join("app", "models", domain), { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name)).toEqual([]);
  }
});

// Issue 45, point 6: a loader that composes more than two reads has them in a `*.query.server.ts`
// beside its route, so the route reads like its screen and the reads are found in one place.
test("no route's loader makes more than two model calls on the database itself", () => {
  const routes = fs.readdirSync("app/routes").filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".query.server.ts"));
  const busy: string[] = [];
  for (const file of routes) {
    const source = fs.readFileSync(path.join("app", "routes", file), "utf8");
    const loader = /export async function loader\b[\s\S]*?\n}\n/.exec(source)?.[0] ?? "";
    const ownQueries = /import \{([^}]*)\} from "\.\/[^"]+\.query\.server";/.exec(source)?.[1]?.split(",").map((n) => n.trim()) ?? [];
    // Guards (require…) decide who may see the page; they are not the page's reads, nor are the route's own query module's.
    const reads = new Set([...loader.matchAll(/\b(\w+)\(db\b/g)].map((m) => m[1]!).filter((name) => !name.startsWith("require") && !ownQueries.includes(name)));
    if (reads.size > 2) busy.push(`${file}: ${[...reads].join(", ")}`);
  }
  expect(busy).toEqual([]);
  expect(fs.readdirSync("app/routes").filter((f) => f.endsWith(".query.server.ts")).length).toBeGreaterThanOrEqual(7);
});

// Found trying hostile posts (issue 45): an action's error on a route without its own
// boundary rendered the root's boundary with no loader data, so every word was a bare id.
test("every page route with an action has its own ErrorBoundary", () => {
  const bare = fs
    .readdirSync("app/routes")
    .filter((f) => f.endsWith(".tsx"))
    .filter((f) => {
      const source = fs.readFileSync(path.join("app", "routes", f), "utf8");
      return /export (async )?function action\b|export const action\b/.test(source) && /^export default /m.test(source) && !/export (const|function) ErrorBoundary\b/.test(source);
    });
  expect(bare).toEqual([]);
});
