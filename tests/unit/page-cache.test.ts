import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { EMBEDDED_SHEDDING, SHEDDING, createLoadShedder } from "~/utils/load-shedding.server";
import { createPageCache, GUEST_PAGE_MS, inlineScriptHashes, isShareable, pageCacheKey, SHARED_SHELL_MS, withoutNonce } from "~/utils/page-cache.server";

const guest = new Set(["/contests", "/store", "/"]);
// The page kind is what the route's requestPolicy declares (tests/unit/front-door.test.ts checks the routes).
const get = (path: string, cookie?: string, search = "", locale = "en") =>
  pageCacheKey({ method: "GET", path, search, cookie, page: path.endsWith("/test") ? "shared" : guest.has(path) ? "guest" : undefined, locale });

describe("pageCacheKey: what may come from memory", () => {
  test("the shared test document, whoever asks, for a minute", () => {
    const shell = get("/contest/4f0c2b1e-0000-4000-8000-000000000000/test", "__session=abc");
    expect(shell).toEqual({ key: "shell en /contest/4f0c2b1e-0000-4000-8000-000000000000/test", ttlMs: SHARED_SHELL_MS });
  });

  test("every page is kept once per language (issue 33): the shell and a guest's page in Hindi are other entries", () => {
    expect(get("/contest/4f0c2b1e-0000-4000-8000-000000000000/test", undefined, "", "hi")?.key).toBe("shell hi /contest/4f0c2b1e-0000-4000-8000-000000000000/test");
    expect(get("/contests", "lang=hi", "", "hi")?.key).toBe("guest hi /contests lang=hi");
    expect(get("/contests", undefined, "", "hi")?.key).not.toBe(get("/contests")?.key);
  });

  test("a guest's public page for a second, keyed by its query and the known cookies", () => {
    expect(get("/contests")).toEqual({ key: "guest en /contests ", ttlMs: GUEST_PAGE_MS });
    expect(get("/store", undefined, "?q=physics")?.key).toBe("guest en /store?q=physics ");
    expect(get("/", "guide_seen=1; cookie_consent=true")?.key).toBe("guest en / cookie_consent=true; guide_seen=1");
  });

  test("never a signed-in visitor, a flash message, an unknown cookie, a POST or a private page", () => {
    expect(get("/contests", "__session=abc")).toBeNull();
    expect(get("/contests", "cookie_consent=true; __flash=xyz")).toBeNull();
    expect(get("/contests", "other=1")).toBeNull();
    expect(pageCacheKey({ method: "POST", path: "/contests", search: "", cookie: undefined, page: "guest", locale: "en" })).toBeNull();
    expect(get("/dashboard")).toBeNull();
    expect(get("/cart")).toBeNull();
    expect(get("/store", undefined, `?q=${"x".repeat(2000)}`)).toBeNull();
  });
});

describe("isShareable", () => {
  test("a 200 that sets no cookie, or only a guest cookie everyone gets, is shared; anything personal is not", () => {
    expect(isShareable(200, new Headers({ "Content-Type": "text/html" }))).toBe(true);
    expect(isShareable(200, new Headers({ "Set-Cookie": "guide_seen=1; Path=/" }))).toBe(true);
    expect(isShareable(200, new Headers({ "Set-Cookie": "__session=; Max-Age=0" }))).toBe(false);
    expect(isShareable(200, new Headers({ "Cache-Control": "private, no-store" }))).toBe(false);
    expect(isShareable(404, new Headers())).toBe(false);
  });
});

describe("createPageCache", () => {
  const page = (nonce: string, headers: Record<string, string> = {}) =>
    new Response(`<script nonce="${nonce}">go()</script><script nonce="${nonce}" src="/build/a.js"></script><p>hello</p>`, {
      headers: { "Content-Security-Policy": `default-src 'self'; script-src 'self' 'nonce-${nonce}'`, ...headers },
    });

  test("renders once for a crowd; the shared copy has no nonce and its policy names the inline scripts by hash", async () => {
    let t = 0;
    const cache = createPageCache({ now: () => t });
    let renders = 0;
    const render = async (nonce: string) => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return page(nonce);
    };
    const lookup = { key: "guest /contests ", ttlMs: 1000 };
    const crowd = await Promise.all(Array.from({ length: 50 }, () => cache.get(lookup, render)));
    expect(renders).toBe(1);
    const shared = crowd[0]!;
    expect(shared.body.toString()).toBe('<script>go()</script><script src="/build/a.js"></script><p>hello</p>');
    expect(gunzipSync(shared.gzip).toString()).toBe(shared.body.toString());
    const hash = createHash("sha256").update("go()").digest("base64");
    expect(Object.fromEntries(shared.headers)["content-security-policy"]).toBe(`default-src 'self'; script-src 'self' 'sha256-${hash}'`);
    expect(JSON.stringify(shared)).not.toContain(cache.placeholder);

    t = 999;
    await cache.get(lookup, render);
    expect(renders).toBe(1);
    t = 1000;
    await cache.get(lookup, render);
    expect(renders).toBe(2);
  });

  test("a render that is not shareable, or that shows the placeholder anywhere but a nonce attribute, is not stored", async () => {
    const cache = createPageCache();
    const lookup = { key: "guest / ", ttlMs: 1000 };
    expect(await cache.get(lookup, async (nonce) => page(nonce, { "Set-Cookie": "__flash=x" }))).toBeNull();
    expect(await cache.get(lookup, async (nonce) => new Response(`<p data-n="${nonce}">leak</p>`))).toBeNull();
    expect(cache.size()).toBe(0);
  });
});

describe("inlineScriptHashes and withoutNonce", () => {
  test("every inline script is hashed once, external ones are not", () => {
    const html = '<script>a()</script><script type="module">a()</script><script src="/x.js"></script><script>b()</script>';
    const sha = (t: string) => `'sha256-${createHash("sha256").update(t).digest("base64")}'`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha("b()")]);
    expect(withoutNonce('<script nonce="P">x</script>', [["content-security-policy", "script-src 'nonce-P'"], ["content-length", "9"]], "P")).toEqual({
      body: "<script>x</script>",
      headers: [["content-security-policy", `script-src ${sha("x")}`]],
    });
  });
});

describe("createLoadShedder", () => {
  test("refuses past the requests in flight, and takes again once they leave", () => {
    const shedder = createLoadShedder({ maxInFlight: 2, maxLagMs: 500 }, { sample: false });
    const a = shedder.enter();
    const b = shedder.enter();
    expect(a.ok && b.ok).toBe(true);
    expect(shedder.enter()).toEqual({ ok: false, retryAfterS: 2, cause: "load" });
    if (a.ok) {
      a.leave();
      a.leave(); // twice gives back one place only
    }
    expect(shedder.inFlight()).toBe(1);
    expect(shedder.enter().ok).toBe(true);
  });

  test("one slow moment of the event loop is not overload; a loop that keeps running late is", () => {
    const shedder = createLoadShedder({ maxInFlight: 100, maxLagMs: 500 }, { sample: false });
    shedder.observe(1_200); // a long pause, once
    expect(shedder.enter().ok).toBe(true);
    for (let tick = 0; tick < 20; tick++) shedder.observe(0);
    for (let tick = 0; tick < 3; tick++) shedder.observe(700);
    expect(shedder.enter().ok).toBe(true);
    for (let tick = 0; tick < 3; tick++) shedder.observe(700);
    expect(shedder.enter().ok).toBe(false);
    for (let tick = 0; tick < 5; tick++) shedder.observe(0);
    expect(shedder.enter().ok).toBe(true);
  });

  // Issue 65, point 5: the embedded database works on the server's own thread, so its loop runs late under a class's
  // saves; shedding for that turned 55% of them away. There a save waits for its group commit instead.
  test("on the embedded database a late loop sheds nothing; the places still count", () => {
    const embedded = createLoadShedder({ ...EMBEDDED_SHEDDING, maxInFlight: 2 }, { sample: false });
    const server = createLoadShedder({ ...SHEDDING, maxInFlight: 2 }, { sample: false });
    for (let tick = 0; tick < 10; tick++) [embedded, server].forEach((s) => s.observe(5_000));
    expect(server.enter()).toEqual({ ok: false, retryAfterS: 2, cause: "load" });
    expect([embedded.enter().ok, embedded.enter().ok]).toEqual([true, true]);
    expect(embedded.enter()).toEqual({ ok: false, retryAfterS: 2, cause: "load" });
  });
});
