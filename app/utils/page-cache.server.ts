// Pages served from memory (issue 18; docs/decisions/platform-busiest-minute.md, "Pages from memory"): the
// shared test document, which is the same for every student (app/routes/contest.$id.test.tsx, `page: "shared"`),
// and a one-second micro-cache of the public pages a guest sees. A page is rendered once
// per key and lifetime, concurrent misses wait for that one render, and its gzip is made
// once: the crowd at a contest's start costs one render and one compression, not five
// thousand.
//
// A shared page carries no nonce: it is rendered with a placeholder (random per
// process), the placeholder is taken out, and its Content-Security-Policy lists the
// SHA-256 of each of its inline scripts instead (CSP's hash sources, as strict as a
// nonce for a page whose scripts are known). A signed-in page is never cached: only
// requests whose cookies are all in the short list below (consent and the home page's
// guide, the same for everyone who holds them) are, and a response that sets any other
// cookie is not stored.
import { createHash, randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";

/** What a route declares of its page (its requestPolicy): one document for everyone, or a guest's view. */
export type PageKind = "shared" | "guest";

/** Cookies that change a guest page the same way for everyone who has them. */
const GUEST_COOKIES = new Set(["cookie_consent", "guide_seen", "lang"]);

export const GUEST_PAGE_MS = 1_000;
export const SHARED_SHELL_MS = 60_000;
const MAX_ENTRIES = 500;
const MAX_KEY_CHARS = 1_024;

export type CachedPage = { status: number; headers: Array<[string, string]>; body: Buffer; gzip: Buffer; etag: string; expires: number };

type Lookup = { key: string; ttlMs: number };

/**
 * Which cache entry a request may be served from, and for how long; null when it must be
 * rendered for this visitor. `page` is what the route declares (its requestPolicy).
 */
export function pageCacheKey(request: {
  method: string;
  path: string;
  search: string;
  cookie: string | undefined;
  page: PageKind | undefined;
  /** The request's language (the front door's resolveLocale): every page is kept once per language. */
  locale: string;
}): Lookup | null {
  if (request.method !== "GET" || !request.page) return null;
  // The shell reads no cookie but the language (the root loader returns early for it).
  if (request.page === "shared") return { key: `shell ${request.locale} ${request.path}`, ttlMs: SHARED_SHELL_MS };
  const cookies = (request.cookie ?? "")
    .split(";")
    .map((c) => c.trim())
    .filter(Boolean)
    .sort();
  if (!cookies.every((c) => GUEST_COOKIES.has(c.slice(0, c.indexOf("="))))) return null;
  const key = `guest ${request.locale} ${request.path}${request.search} ${cookies.join("; ")}`;
  return key.length <= MAX_KEY_CHARS ? { key, ttlMs: GUEST_PAGE_MS } : null;
}

/** Whether a rendered response is the same for everyone with this key: a 200 that sets no cookie of its own. */
export function isShareable(status: number, headers: Headers) {
  if (status !== 200) return false;
  if (/private|no-store/.test(headers.get("Cache-Control") ?? "")) return false;
  return headers.getSetCookie().every((cookie) => GUEST_COOKIES.has(cookie.slice(0, cookie.indexOf("="))));
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/** CSP hash sources for every inline script of a page (external ones are allowed by 'self'). */
export function inlineScriptHashes(html: string) {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text!).digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * A rendered page as everyone may receive it: the placeholder nonce taken out of the
 * markup and the policy, which names the inline scripts by hash. Null when the
 * placeholder appears anywhere else (it never should; then the page is not shared).
 */
export function withoutNonce(html: string, headers: Array<[string, string]>, placeholder: string) {
  const body = html.split(` nonce="${placeholder}"`).join("");
  if (body.includes(placeholder)) return null;
  const hashes = inlineScriptHashes(body).join(" ");
  const shared = headers
    .filter(([name]) => name !== "content-length")
    .map(([name, value]): [string, string] => [name, name === "content-security-policy" ? value.split(`'nonce-${placeholder}'`).join(hashes) : value]);
  return { body, headers: shared };
}

// Every cache of this process, so a write can empty them (see forgetCachedPages).
const caches = new Set<{ clear: () => void }>();

/**
 * Empties the pages in memory: the front door calls it after every successful form post or
 * API write of this instance (whoever just changed something sees it at once, and the
 * browser tests' fixtures call it after writing their rows); other instances catch up
 * within a second.
 */
export function forgetCachedPages() {
  caches.forEach((cache) => cache.clear());
}

export function createPageCache(options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  /** Rendered into every cached page instead of a nonce, then taken out; random per process. */
  const placeholder = randomBytes(16).toString("base64");
  const entries = new Map<string, CachedPage>();
  const rendering = new Map<string, Promise<CachedPage | null>>();

  async function renderOnce(lookup: Lookup, render: (nonce: string) => Promise<Response>) {
    const response = await render(placeholder);
    const html = await response.text();
    if (!isShareable(response.status, response.headers)) return null;
    const shared = withoutNonce(html, [...response.headers], placeholder);
    if (!shared) return null;
    const body = Buffer.from(shared.body);
    const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
    const page: CachedPage = { status: response.status, headers: shared.headers, body, gzip: gzipSync(body, { level: 9 }), etag, expires: now() + lookup.ttlMs };
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(lookup.key, page);
    return page;
  }

  /**
   * The cached page for this key, rendering it (once, however many wait) when missing or
   * stale; null when the render is not shareable (the caller then renders for the visitor).
   */
  async function get(lookup: Lookup, render: (nonce: string) => Promise<Response>): Promise<CachedPage | null> {
    const hit = entries.get(lookup.key);
    if (hit && hit.expires > now()) return hit;
    let pending = rendering.get(lookup.key);
    if (!pending) {
      pending = renderOnce(lookup, render).finally(() => rendering.delete(lookup.key));
      rendering.set(lookup.key, pending);
    }
    return pending;
  }

  /** The page for this key if it is in memory and fresh; never renders. */
  function peek(key: string): CachedPage | null {
    const hit = entries.get(key);
    return hit && hit.expires > now() ? hit : null;
  }

  const cache = { get, peek, placeholder, size: () => entries.size, clear: () => entries.clear() };
  caches.add(cache);
  return cache;
}

export type PageCache = ReturnType<typeof createPageCache>;
