// Which route a request is for, before Remix sees it, so the front door can apply that
// route's requestPolicy (app/server/policy.ts). Built once from Remix's own route list;
// the ranking is React Router's (a static segment beats a parameter, which beats a
// splat), so the route found here is the one Remix will render.
import type { RequestPolicy } from "~/server/policy";

export type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean; module: { requestPolicy?: RequestPolicy } };

export type RouteMatch = { id: string; policy: RequestPolicy; params: Record<string, string | undefined> };

type Compiled = { id: string; pattern: RegExp; names: string[]; score: number; order: number; policy: RequestPolicy };

const NO_POLICY: RequestPolicy = Object.freeze({});

function fullPath(routes: Record<string, RouteEntry>, route: RouteEntry): string {
  const parent = route.parentId ? routes[route.parentId] : undefined;
  const own = (route.path ?? "").replace(/^\/+|\/+$/g, "");
  if (!parent) return own;
  return [fullPath(routes, parent), own].filter(Boolean).join("/");
}

/** React Router's score: more segments, static ones above all, and an index, rank higher; a splat lower. */
function scoreOf(path: string, index: boolean) {
  const segments = path.split("/");
  let score = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    score += segment.startsWith(":") ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (segment === "*") {
        names.push("*");
        return "(?:/(.*))?";
      }
      if (segment.startsWith(":")) {
        names.push(segment.slice(1).replace(/\?$/, ""));
        return segment.endsWith("?") ? "(?:/([^/]+))?" : "/([^/]+)";
      }
      return "/" + segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return { pattern: new RegExp(`^${source}/?$`, "i"), names };
}

/** Remix's routes (build.routes) as a table that finds the route a path is for. */
export function createRouteTable(routes: Record<string, RouteEntry>) {
  const compiled: Compiled[] = [];
  let order = 0;
  for (const route of Object.values(routes)) {
    // As in React Router, every route with a path (a parent too) or an index is a candidate; a pathless layout is not.
    if (route.id === "root" || (!route.index && route.path === undefined)) continue;
    const path = fullPath(routes, route);
    compiled.push({ id: route.id, ...compile(path), score: scoreOf(path, Boolean(route.index)), order: order++, policy: route.module.requestPolicy ?? NO_POLICY });
  }
  compiled.sort((a, b) => b.score - a.score || a.order - b.order);

  // The crowd asks for a few paths many times: each is matched once. Bounded, since
  // anyone can send any path (emptied when full; refilling costs a match each).
  const remembered = new Map<string, RouteMatch | null>();
  const REMEMBER = 2_000;

  /** The route for a pathname (a single-fetch `.data` path is its page's), or null when none matches. */
  function match(pathname: string): RouteMatch | null {
    let found = remembered.get(pathname);
    if (found !== undefined) return found;
    found = find(pathname);
    if (remembered.size >= REMEMBER) remembered.clear();
    remembered.set(pathname, found);
    return found;
  }

  function find(pathname: string): RouteMatch | null {
    let path = pathname;
    if (path === "/_root.data") path = "/";
    else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
    let decoded: string;
    try {
      // Segment by segment, an encoded slash staying one, as React Router decodes.
      decoded = path
        .split("/")
        .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
        .join("/");
    } catch {
      return null;
    }
    for (const route of compiled) {
      const found = route.pattern.exec(decoded);
      if (!found) continue;
      const params: Record<string, string | undefined> = {};
      route.names.forEach((name, i) => (params[name] = found[i + 1]));
      return Object.freeze({ id: route.id, policy: route.policy, params: Object.freeze(params) });
    }
    return null;
  }

  return { match };
}

export type RouteTable = ReturnType<typeof createRouteTable>;
