import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, test } from "vitest";

// The server loads @remix-run/router's CommonJS build, the one patches/ changes (the
// browser's build is left as it is): load that same file here.
const require = createRequire(import.meta.url);
const routerFile = require.resolve("@remix-run/router");
type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { route: Route; params: Record<string, string | undefined> };
const { matchRoutes } = require(routerFile) as { matchRoutes: (routes: Route[], path: string) => Match[] | null };

/** A tree shaped like Remix's: a root layout, a pathless layout, index, static, dynamic, optional and splat paths. */
function routeTree(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", index: true },
        { id: "contests", path: "contests" },
        { id: "contest", path: "contest/:id" },
        { id: "contest-test", path: "contest/:id/test" },
        { id: "contest-new", path: "contest/new" },
        { id: "store", path: "store/:category?" },
        { id: "faq", path: "FAQ", caseSensitive: true },
        { id: "layout", children: [{ id: "account", path: "account" }] },
        { id: "blog", path: "blog", children: [{ id: "blog-index", index: true }, { id: "post", path: ":slug" }] },
        { id: "catch-all", path: "*" },
      ],
    },
  ];
}

/** The matched route ids, the last with the params (every match shares one params object). */
const ids = (tree: Route[], path: string) => {
  const matches = matchRoutes(tree, path);
  return matches?.map((m, i) => (i === matches.length - 1 ? `${m.route.id}${JSON.stringify(m.params)}` : m.route.id)) ?? null;
};

describe("route matching (patched to rank each tree shape once)", () => {
  test("the patch is applied on install", () => {
    expect(fs.readFileSync(routerFile, "utf8")).toContain("Patched by StudyArena");
  });

  // The patch's expiry (docs/decisions/platform-busiest-minute.md, "@remix-run/router is patched"): it is made for
  // exactly the installed versions. An upgrade fails here, so whoever upgrades either
  // re-makes each patch for the new version or drops it (React Router 7's matcher needs none).
  test("each patch names the version installed, so an upgrade must decide its fate", () => {
    const patched = fs.readdirSync("patches").map((f) => /^(.+)\+(\d+\.\d+\.\d+)\.patch$/.exec(f)!).map(([, name, version]) => [name!.replace("+", "/"), version]);
    expect(patched.length).toBeGreaterThan(0);
    for (const [name, version] of patched) expect(`${name}@${(require(`${name}/package.json`) as { version: string }).version}`).toBe(`${name}@${version}`);
  });

  test("routes are ranked as upstream ranks them: static before dynamic, index, optional, case, splat last", () => {
    const tree = routeTree();
    // Twice each: the second answer comes from the kept ranking.
    for (let round = 0; round < 2; round++) {
      expect(ids(tree, "/")).toEqual(['root', 'home{}']);
      expect(ids(tree, "/contests")).toEqual(['root', 'contests{}']);
      expect(ids(tree, "/contest/new")).toEqual(['root', 'contest-new{}']);
      expect(ids(tree, "/contest/42")).toEqual(['root', 'contest{"id":"42"}']);
      expect(ids(tree, "/contest/42/test")).toEqual(['root', 'contest-test{"id":"42"}']);
      expect(ids(tree, "/store")).toEqual(['root', 'store{}']);
      expect(ids(tree, "/store/books")).toEqual(['root', 'store{"category":"books"}']);
      expect(ids(tree, "/FAQ")).toEqual(['root', 'faq{}']);
      expect(ids(tree, "/faq")).toEqual(['root', 'catch-all{"*":"faq"}']);
      expect(ids(tree, "/account")).toEqual(['root', 'layout', 'account{}']);
      expect(ids(tree, "/blog")).toEqual(['root', 'blog', 'blog-index{}']);
      expect(ids(tree, "/blog/why-mocks")).toEqual(['root', 'blog', 'post{"slug":"why-mocks"}']);
      expect(ids(tree, "/no/such/page")).toEqual(['root', 'catch-all{"*":"no/such/page"}']);
    }
  });

  test("a tree of a known shape gets matches that point at its own routes, not at the tree first ranked", () => {
    const first = routeTree();
    const second = routeTree();
    matchRoutes(first, "/blog/a");
    const matches = matchRoutes(second, "/blog/a")!;
    expect(matches.map((m) => m.route)).toEqual([second[0], second[0]!.children![8], second[0]!.children![8]!.children![1]]);
    expect(matches.every((m, i) => m.route !== matchRoutes(first, "/blog/a")![i]!.route)).toBe(true);
  });

  test("a tree changed in place (as patchRoutesOnNavigation does) is ranked again", () => {
    const tree = routeTree();
    expect(ids(tree, "/contest/42/results")).toEqual(['root', 'catch-all{"*":"contest/42/results"}']);
    tree[0]!.children!.push({ id: "results", path: "contest/:id/results" });
    expect(ids(tree, "/contest/42/results")).toEqual(['root', 'results{"id":"42"}']);
    tree[0]!.children![1]!.path = "olympiads";
    expect(ids(tree, "/olympiads")).toEqual(['root', 'contests{}']);
    expect(ids(tree, "/contests")).toEqual(['root', 'catch-all{"*":"contests"}']);
  });
});
