// Issue 33, "a test renders every route in Hindi": each route with a page has a Hindi
// scan (tests/e2e/support/hindi-routes.ts), whose test exists and visits that page.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { HINDI_ROUTES } from "../e2e/support/hindi-routes";

const ROUTES = path.resolve("app/routes");

/** A route renders a page when it has a default export (the rest are resources, redirects and APIs). */
const pageRoutes = () => fs.readdirSync(ROUTES).filter((file) => /\.tsx$/.test(file) && /^export default /m.test(fs.readFileSync(path.join(ROUTES, file), "utf8")));

test("every route with a page has a Hindi scan, and nothing else claims one", () => {
  expect(Object.keys(HINDI_ROUTES).sort()).toEqual(pageRoutes().sort());
});

test("each route's scan is a test that exists, scans with latinWords and visits the route's page", () => {
  const shared = fs.readFileSync(path.resolve("tests/e2e/support/hindi-routes.ts"), "utf8");
  for (const [route, scan] of Object.entries(HINDI_ROUTES)) {
    const source = fs.readFileSync(path.resolve("tests/e2e", scan.spec), "utf8");
    const start = source.indexOf(`test(${JSON.stringify(scan.test)}`);
    expect(start, `${route}: no test "${scan.test}" in ${scan.spec}`).toBeGreaterThan(-1);
    const next = source.slice(start + 1).search(/\n\s*test\(/);
    const body = source.slice(start, next === -1 ? undefined : start + 1 + next);
    expect(body, route).toContain("latinWords(");
    // The path is in the test itself, or in a list of pages (const NAME = [...], there or in
    // ./support/hindi-routes.ts) that the test walks.
    const lists = [...`${source}\n${shared}`.matchAll(/^(?:export )?const (\w+) = \[(.*)\];$/gm)].filter(([, name, items]) => body.includes(`of ${name})`) && items!.includes(scan.path));
    expect(body.includes(scan.path) || lists.length > 0, `${route}: ${scan.test} does not visit ${scan.path}`).toBe(true);
  }
});
