import fs from "node:fs";
import { describe, expect, test, vi } from "vitest";
import { isSameSitePath } from "~/models/analytics/events.server";
import { MIN_SECRET_LENGTH, parseEnv } from "~/utils/env.server";
import { createFairLimiter, QueueFull } from "~/utils/fair-queue";
import { searchText, stripControlChars } from "~/utils/text";
import { safeRedirect } from "~/utils/urls";
import { FORM_BODY, JSON_API_BODY, refuseRequest } from "~/utils/request-guard";
import { baseSecurityHeaders, contentSecurityPolicy, cspExtrasFor, isPersonal } from "~/utils/security-headers";

describe("the request guard (the front door, before any route code)", () => {
  const post = (headers: { contentType?: string; contentLength?: string; transferEncoding?: string }, url = "/login") =>
    refuseRequest({ method: "POST", url, ...headers });

  test("serves GET, HEAD and POST only", () => {
    for (const method of ["PUT", "TRACE", "DELETE", "PATCH", "OPTIONS", "CONNECT"]) {
      expect(refuseRequest({ method, url: "/login" })).toMatchObject({ status: 405, headers: { Allow: "GET, HEAD, POST" } });
    }
    for (const method of ["GET", "HEAD"]) expect(refuseRequest({ method, url: "/login" })).toBeNull();
  });

  test("an undecodable path or a legacy ?_data request is a 400", () => {
    expect(refuseRequest({ method: "GET", url: "/%E0%A4%A" })).toMatchObject({ status: 400 });
    expect(refuseRequest({ method: "GET", url: "/login?_data=routes/login" })).toMatchObject({ status: 400 });
    expect(refuseRequest({ method: "GET", url: "/blog/%E0%A4%B9" })).toBeNull();
  });

  test("form routes take URL-encoded bodies up to 64 KB, declared up front", () => {
    const form = "application/x-www-form-urlencoded";
    expect(post({ contentType: `${form};charset=UTF-8`, contentLength: String(FORM_BODY.maxBytes) })).toBeNull();
    expect(post({ contentType: form, contentLength: String(FORM_BODY.maxBytes + 1) })).toMatchObject({ status: 413 });
    expect(post({ contentType: form, contentLength: String(20 * 1024 * 1024) })).toMatchObject({ status: 413 });
    expect(post({ contentType: form, transferEncoding: "chunked" })).toMatchObject({ status: 411 });
    expect(post({ contentType: form, contentLength: "-1" })).toMatchObject({ status: 400 });
    for (const type of ["application/json", "text/plain", "multipart/form-data", "multipart/form-data; boundary=x"]) {
      expect(post({ contentType: type, contentLength: "10" })).toMatchObject({ status: 415 });
    }
    expect(post({ contentLength: "0" })).toBeNull(); // a bodiless POST (sign-out by fetch)
  });

  test("a route that takes small JSON (its policy's body rule) refuses forms and anything past 4 KB", () => {
    const answer = (contentType: string, contentLength: string) => refuseRequest({ method: "POST", url: "/api/contest/c/test", body: JSON_API_BODY, contentType, contentLength });
    expect(answer("application/json", "120")).toBeNull();
    expect(answer("application/json", String(5 * 1024))).toMatchObject({ status: 413 });
    expect(answer("application/x-www-form-urlencoded", "20")).toMatchObject({ status: 415 });
  });
});

describe("environment", () => {
  const long = "s".repeat(MIN_SECRET_LENGTH);

  test("SESSION_SECRET: a comma-separated list for rotation, each long enough", () => {
    expect(parseEnv({ SESSION_SECRET: `${long}a, ${long}b` }).SESSION_SECRET).toEqual([`${long}a`, `${long}b`]);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET: each comma-separated secret must be at least 32/);
    expect(() => parseEnv({ SESSION_SECRET: `${long},tiny` })).toThrow(/SESSION_SECRET/);
    expect(parseEnv({}).SESSION_SECRET).toBeUndefined();
  });

  test("bad values are named; defaults fill the rest", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ APP_URL: "studyarena.in" })).toThrow(/APP_URL/);
    expect(() => parseEnv({ SEED: "everything" })).toThrow(/SEED/);
    expect(parseEnv({})).toMatchObject({ PORT: 3000, SEED: "demo", DATABASE_POOL_SIZE: 10, SUPPORT_EMAIL: "support@studyarena.in" });
  });
});

describe("headers", () => {
  test("the CSP admits scripts from our origin and this request's nonce only", () => {
    const csp = contentSecurityPolicy("abc123");
    const scripts = csp.split("; ").find((d) => d.startsWith("script-src"));
    expect(scripts).toBe("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // Room for the pay page's checkout.
    expect(contentSecurityPolicy("n", { script: ["https://checkout.razorpay.com"] })).toContain(
      "script-src 'self' 'nonce-n' https://checkout.razorpay.com",
    );
  });

  test("Razorpay's checkout is admitted only where a route's policy says it takes payments, and only with keys set", async () => {
    const { requestPolicy } = await import("~/routes/contest.$id.pay");
    const onPay = contentSecurityPolicy("n", cspExtrasFor([undefined, requestPolicy], "razorpay"));
    expect(onPay).toContain("script-src 'self' 'nonce-n' https://checkout.razorpay.com");
    expect(onPay).toContain("form-action 'self' https://api.razorpay.com");
    for (const extras of [cspExtrasFor([undefined, requestPolicy], "test"), cspExtrasFor([undefined, {}], "razorpay")]) {
      expect(contentSecurityPolicy("n", extras)).not.toContain("razorpay");
    }
  });

  // Issue 67, point 2: the consent page's first step is answered by a redirect to DigiLocker, which form-action governs.
  test("DigiLocker joins form-action only on the consent page, and only when the real service is set up", async () => {
    const { requestPolicy } = await import("~/routes/consent.$token");
    const origin = "https://digilocker.meripehchaan.gov.in";
    expect(contentSecurityPolicy("n", cspExtrasFor([undefined, requestPolicy], null, origin))).toContain(`form-action 'self' ${origin}`);
    expect(contentSecurityPolicy("n", cspExtrasFor([undefined, requestPolicy], null, null))).not.toContain("digilocker");
    expect(contentSecurityPolicy("n", cspExtrasFor([undefined, {}], "razorpay", origin))).not.toContain("digilocker");
  });

  // Issue 45, point 5: the challenge fee's page rendered Razorpay's hosted form without
  // admitting it, so real keys would have blocked the payment. Every route that renders
  // the hosted form, or opens the checkout in place (itself or through a component it
  // imports), must say so in its policy; and no other route may.
  test("every route that renders a hosted checkout, and only those, lets the browser post to Razorpay", async () => {
    const CHECKOUT = /HostedCheckoutForm|hostedCheckout\(|useInPageCheckout|CheckoutButton/;
    const source = (file: string) => fs.readFileSync(file, "utf8");
    const components = (text: string) => [...text.matchAll(/from "~\/(components\/[^"]+)"/g)].map((m) => `app/${m[1]}`).flatMap((base) => [`${base}.tsx`, `${base}.ts`].filter((f) => fs.existsSync(f)));
    const rendersCheckout = (file: string) => {
      const text = source(file);
      return CHECKOUT.test(text) || components(text).some((c) => CHECKOUT.test(source(c)));
    };
    const routes = fs.readdirSync("app/routes").filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".query.server.ts"));
    const paying = routes.filter((f) => rendersCheckout(`app/routes/${f}`));
    expect(paying.sort()).toEqual(["checkout.tsx", "contest.$id.challenges.$challengeId.pay.tsx", "contest.$id.pay.tsx"]);
    for (const file of routes) {
      const { requestPolicy } = (await import(`../../app/routes/${file}`)) as { requestPolicy?: { hostedCheckout?: true } };
      const csp = contentSecurityPolicy("n", cspExtrasFor([requestPolicy], "razorpay"));
      expect(csp.includes("form-action 'self' https://api.razorpay.com"), file).toBe(paying.includes(file));
    }
  }, 60_000);

  test("HSTS only when the public origin is https", () => {
    expect(baseSecurityHeaders("https://studyarena.in")["Strict-Transport-Security"]).toMatch(/max-age=\d{8}/);
    expect(baseSecurityHeaders("http://localhost:3000")).not.toHaveProperty("Strict-Transport-Security");
  });

  test("a signed-in browser's pages and every POST answer are personal", () => {
    const req = (method: string, cookie?: string) => new Request("http://x/", { method, headers: cookie ? { Cookie: cookie } : {} });
    expect(isPersonal(req("GET", "cookie_consent=1; __session=abc"))).toBe(true);
    expect(isPersonal(req("POST"))).toBe(true);
    expect(isPersonal(req("GET", "cookie_consent=1"))).toBe(false);
    expect(isPersonal(req("HEAD"))).toBe(false);
  });
});

describe("odd input", () => {
  test("control characters go, tabs and line breaks stay", () => {
    expect(stripControlChars("a\u0000b\u0007c\td\ne\r\u007f")).toBe("abc\td\ne\r");
    expect(searchText(new URLSearchParams("q=%00 maths%0A  physics "))).toBe("maths physics");
  });

  test("a redirect target above U+00FF is encoded, a lone surrogate falls back", () => {
    expect(safeRedirect("/blog/हिंदी?x=ā b")).toBe("/blog/%E0%A4%B9%E0%A4%BF%E0%A4%82%E0%A4%A6%E0%A5%80?x=%C4%81%20b");
    expect(safeRedirect("/a\uD800", "/")).toBe("/");
    expect(safeRedirect("/a\u007f", "/")).toBe("/");
  });

  test("analytics paths are same-site and printable", () => {
    expect(isSameSitePath("/contest/abc?x=1")).toBe(true);
    expect(isSameSitePath("")).toBe(true);
    for (const bad of ["//evil.example", "/\\evil", "https://evil.example/", "/a b", "/ā", `/${"a".repeat(300)}`]) {
      expect(isSameSitePath(bad)).toBe(false);
    }
  });
});

describe("the fair hashing queue", () => {
  test("a flood of one kind does not hold back another", async () => {
    const limiter = createFairLimiter({ concurrency: 2, kinds: ["reset", "login"] as const, maxWaitingPerKind: 500 });
    const order: string[] = [];
    const gates: Array<() => void> = [];
    const job = (name: string) => () => new Promise<void>((resolve) => gates.push(() => (order.push(name), resolve())));
    const runs = Array.from({ length: 100 }, (_, i) => limiter.run("reset", job(`reset-${i}`)));
    const login = limiter.run("login", job("login"));
    // Let jobs finish one at a time, the way hashes do.
    for (let tick = 0; tick < 1000 && order.length < 101; tick++) {
      await new Promise((r) => setTimeout(r, 0));
      gates.shift()?.();
    }
    await Promise.all([...runs, login]);
    // The two running resets finish, then the login takes the next slot.
    expect(order.indexOf("login")).toBeLessThanOrEqual(3);
    expect(limiter.stats()).toMatchObject({ login: 1, reset: 100, running: 0 });
  });

  test("past its queue's limit a kind is refused at once", async () => {
    const limiter = createFairLimiter({ concurrency: 1, kinds: ["reset"] as const, maxWaitingPerKind: 2 });
    let release!: () => void;
    const first = limiter.run("reset", () => new Promise<void>((r) => (release = r)));
    const waiting = [limiter.run("reset", async () => {}), limiter.run("reset", async () => {})];
    await expect(limiter.run("reset", async () => {})).rejects.toBeInstanceOf(QueueFull);
    release();
    await Promise.all([first, ...waiting]);
  });
});

test("the preference cookies are Secure under an https APP_URL, and not over plain http (local tests)", async () => {
  const { consentCookie, guideSeenCookie } = await import("~/utils/consent.server");
  for (const cookie of [guideSeenCookie, consentCookie]) {
    expect(await cookie("https://studyarena.in").serialize("1")).toMatch(/; Secure/);
    expect(await cookie("http://localhost:3000").serialize("1")).not.toMatch(/Secure/);
  }
});

test("an expected refusal (the 429 of a like) is one line of log; a real error is logged whole", async () => {
  const { handleError } = await import("~/entry.server");
  const { log } = await import("~/services/log.server");
  const request = new Request("http://localhost:3000/blog/some-post", { method: "POST" });
  const warn = vi.spyOn(log(), "warn").mockImplementation(() => {});
  const error = vi.spyOn(log(), "error").mockImplementation(() => {});
  try {
    handleError({ status: 429, statusText: "", internal: false, data: "Too many likes and bookmarks in the last hour." }, { request });
    const boom = new Error("boom");
    handleError(boom, { request });
    expect(warn.mock.calls).toEqual([[{ event: "refused", method: "POST", path: "/blog/some-post", status: 429 }, "Too many likes and bookmarks in the last hour."]]);
    expect(error.mock.calls).toEqual([[{ err: boom, method: "POST", path: "/blog/some-post" }, "route failed"]]);
  } finally {
    warn.mockRestore();
    error.mockRestore();
  }
});
