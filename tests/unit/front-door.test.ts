// The front door (app/server/front-door.server.ts): every kind of route, whoever answers
// it (a lean handler, a stream, a page in memory, Remix, a public file, the health
// check), refuses the same hostile requests the same way, before its own code runs.
// Over real HTTP on loopback, with stand-ins for what answers behind the door.
import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import { beforeAll, describe, expect, test } from "vitest";
import { CROSS_SITE, clientAddress, createFrontDoor, type ReplyReport } from "~/server/front-door.server";
import type { RequestPolicy } from "~/server/policy";
import { createRouteTable, type RouteEntry } from "~/server/route-table";
import { createLoadShedder } from "~/utils/load-shedding.server";
import { createPageCache } from "~/utils/page-cache.server";
import { IMAGE_FORM_BODY, JSON_API_BODY, WEBHOOK_BODY } from "~/utils/request-guard";
import { listening } from "../support/listening";

const APP_URL = "http://app.test";
const called: string[] = [];

// One route of each kind the door knows, as Remix's build lists them.
const route = (id: string, routePath: string, requestPolicy?: RequestPolicy): RouteEntry => ({ id, parentId: "root", path: routePath, module: { requestPolicy } });
const ROUTES: Record<string, RouteEntry> = {
  root: { id: "root", path: "", module: {} },
  lean: route("lean", "lean/:id", {
    body: JSON_API_BODY,
    keepsPages: true,
    lean: {
      GET: async ({ params }) => (called.push(`lean GET ${params.id}`), { status: 200, body: { door: "lean" }, headers: {}, gzipped: () => gzipSync(JSON.stringify({ door: "lean", made: "once" })) }),
      POST: async ({ readBody }) => (called.push("lean POST"), { status: 200, body: { door: "lean", got: await readBody() }, headers: {} }),
    },
  }),
  stream: route("stream", "stream/:slug", {
    stream: async (_req, res, { params }) => void (called.push(`stream ${params.slug}`), res.end("stream")),
  }),
  shared: route("shared", "shared", { page: "shared" }),
  guest: route("guest", "guest", { page: "guest" }),
  form: route("form", "form"),
  image: route("image", "image", { body: IMAGE_FORM_BODY }),
  signed: route("signed", "signed", { body: WEBHOOK_BODY, crossSite: "signed" }),
  health: route("health", "health", { healthCheck: true }),
  splat: route("splat", "*"),
};

let draining = false;
let refuseLoad = false;
/** Each reply's status as the door reports it (for the watch on an instance's errors). */
const replies: number[] = [];
const reports: ReplyReport[] = [];
const shedder = createLoadShedder({ maxInFlight: 1_000, maxLagMs: 500 }, { sample: false });
const door = createFrontDoor({
  routes: createRouteTable(ROUTES),
  appUrl: APP_URL,
  securityHeaders: { "X-Frame-Options": "DENY" },
  trustedProxies: 0,
  publicFiles: new Set(["/favicon.svg"]),
  pages: createPageCache(),
  shedder: { ...shedder, enter: () => (refuseLoad ? { ok: false as const, retryAfterS: 2, cause: "load" as const } : shedder.enter()) },
  renderForCache: async (request, context) => {
    called.push(`render for memory ${new URL(request.url).pathname}`);
    return new Response(`<p>${context.policy.page}</p>`, { headers: { "Content-Type": "text/html" } });
  },
  renderer: (req, res, context) => {
    called.push(`${context.file ? "file" : "remix"} ${req.url}`);
    req.resume();
    req.on("end", () => res.end(context.file ? "file" : "remix"));
  },
  forgetCachedPages: () => called.push("forget pages"),
  isDraining: () => draining,
  onReply: (reply) => (replies.push(reply.status), reports.push(reply)),
});

const served = listening(door);

type Sent = { status: number; headers: IncomingHttpHeaders; body: string };
function send(method: string, url: string, headers: Record<string, string> = {}, body?: string | Buffer, chunked = false): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: served.port(), method, path: url, headers: { Host: "app.test", ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    if (chunked) req.setHeader("Transfer-Encoding", "chunked");
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** A GET whose body is kept as bytes (a gzip). */
function sendRaw(url: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: served.port(), method: "GET", path: url, headers: { Host: "app.test", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const DOORS = ["/lean/1", "/stream/a", "/shared", "/guest", "/form", "/image", "/signed", "/health", "/anything/else", "/favicon.svg"];
const json = { "Content-Type": "application/json" };

// Issue 45, point 1: a refusal is a message id, said in the request's language: a student
// reading in Hindi whose photo is past 64 MB, or whose browser sent a form we cannot read.
test("the door's refusals are said in the visitor's language", async () => {
  const big = { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(66 * 1024 * 1024) };
  const inHindi = await send("POST", "/image", { ...big, Cookie: "lang=hi" });
  expect(inHindi.status).toBe(413);
  expect(inHindi.body).toBe("फ़ोटो 15MB से छोटी होनी चाहिए। कृपया वापस जाकर छोटी फ़ोटो चुनें।");
  expect((await send("POST", "/image?lang=hi", big)).body).toMatch(/[\u0900-\u097F]/);
  expect((await send("POST", "/image", big)).body).toBe("Image must be less than 15MB. Please go back and choose a smaller image.");
  expect((await send("PUT", "/form", { "Accept-Language": "hi-IN,hi;q=0.9" })).body).toBe("यहाँ यह तरीका नहीं चलता।");
});

describe("every door refuses the same hostile requests the same way", () => {
  const HOSTILE: Array<{ name: string; send: (url: string) => Promise<Sent>; status: number; body: RegExp }> = [
    { name: "an odd method", send: (url) => send("PUT", url), status: 405, body: /not allowed/ },
    { name: "a legacy ?_data request", send: (url) => send("GET", `${url}?_data=routes%2Fx`), status: 400, body: /could not be read/ },
    { name: "an undecodable path", send: (url) => send("GET", `${url}%E0%A4%A`), status: 400, body: /could not be read/ },
    { name: "a body without a length", send: (url) => send("POST", url, json, "{}", true), status: 411, body: /length/ },
    // Past what any proxy lets through too (deploy/nginx.conf: 65m at most), so it is not waited for.
    { name: "a body larger than any route takes", send: (url) => send("POST", url, { ...json, "Content-Length": String(66 * 1024 * 1024) }), status: 413, body: /more than|Image must be/ },
    { name: "a body of no type any route takes", send: (url) => send("POST", url, { "Content-Type": "text/xml" }, "<x/>"), status: 415, body: /kind of content/ },
  ];
  for (const hostile of HOSTILE) {
    test(hostile.name, async () => {
      called.length = 0;
      for (const url of DOORS) {
        const answer = await hostile.send(url);
        expect({ url, status: answer.status, body: answer.body }).toMatchObject({ url, status: hostile.status, body: expect.stringMatching(hostile.body) });
        // The same headers on every refusal, whoever would have answered.
        expect(answer.headers).toMatchObject({ "x-frame-options": "DENY", "cache-control": expect.any(String), "x-request-id": expect.any(String) });
      }
      // Nothing behind the door ran.
      expect(called.filter((c) => c !== "forget pages")).toEqual([]);
    });
  }

  test("a post from another site's page, on every route but the gateway's signed ones", async () => {
    called.length = 0;
    const crossSite = { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" };
    for (const [url, headers, body] of [
      ["/lean/1", json, "{}"],
      ["/stream/a", { "Content-Type": "application/x-www-form-urlencoded" }, "a=1"],
      ["/shared", { "Content-Type": "application/x-www-form-urlencoded" }, "a=1"],
      ["/guest", { "Content-Type": "application/x-www-form-urlencoded" }, "a=1"],
      ["/form", { "Content-Type": "application/x-www-form-urlencoded" }, "a=1"],
      ["/health", { "Content-Type": "application/x-www-form-urlencoded" }, "a=1"],
    ] as const) {
      const answer = await send("POST", url, { ...headers, ...crossSite }, body);
      expect({ url, status: answer.status, body: answer.body }).toEqual({ url, status: 403, body: CROSS_SITE });
    }
    expect(called).toEqual([]);
    expect((await send("POST", "/signed", { ...json, ...crossSite }, "{}")).body).toBe("remix");
  });

  test("load shedding turns away lean, Remix and stream-less routes alike, never the health check, a file or a page in memory", async () => {
    await send("GET", "/guest"); // now in memory
    refuseLoad = true;
    try {
      called.length = 0;
      replies.length = 0;
      reports.length = 0;
      for (const url of ["/lean/1", "/form", "/anything/else"]) {
        const answer = await send("GET", url);
        expect({ url, status: answer.status, retry: answer.headers["retry-after"] }).toEqual({ url, status: 503, retry: "2" });
      }
      expect(called).toEqual([]);
      // Each refusal is reported as the reply it was, and as the instance's being full, so a crowd turned away counts as errors.
      await expect.poll(() => replies).toEqual([503, 503, 503]);
      expect(reports.map((r) => [r.refused, r.address])).toEqual(Array(3).fill(["load", "127.0.0.1"]));
      expect((await send("GET", "/health")).status).toBe(200);
      expect((await send("GET", "/favicon.svg")).body).toBe("file");
      expect((await send("GET", "/guest")).body).toBe("<p>guest</p>");
      expect((await send("GET", "/stream/a")).body).toBe("stream");
    } finally {
      refuseLoad = false;
    }
  });
});

describe("each route's policy is applied", () => {
  test("a lean route is answered by its own handler, with its body rule, and keeps the pages in memory", async () => {
    called.length = 0;
    expect(JSON.parse((await send("GET", "/lean/7")).body)).toEqual({ door: "lean" });
    // A client that takes gzip gets the handler's own gzip of its reply (a paper's, made cheaper), as gzip.
    const zipped = await sendRaw("/lean/7", { "Accept-Encoding": "gzip, br" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(zipped.body).toString("utf8"))).toEqual({ door: "lean", made: "once" });
    const posted = await send("POST", "/lean/7", json, JSON.stringify({ answer: 2 }));
    expect(JSON.parse(posted.body)).toEqual({ door: "lean", got: { answer: 2 } });
    expect(posted.headers["cache-control"]).toBe("private, no-store");
    expect((await send("POST", "/lean/7", json, JSON.stringify({ pad: "x".repeat(5_000) }))).status).toBe(413);
    expect(called).toEqual(["lean GET 7", "lean GET 7", "lean POST"]);
  });

  test("a form post's answer is never stored, and the pages in memory are rendered again after it", async () => {
    called.length = 0;
    const posted = await send("POST", "/form", { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" }, "a=1");
    expect(posted.headers["cache-control"]).toBe("private, no-store");
    expect(called).toEqual(["remix /form", "forget pages"]);
  });

  test("the image route takes its multipart body; an ordinary form route does not", async () => {
    const multipart = { "Content-Type": "multipart/form-data; boundary=x" };
    expect((await send("POST", "/image", multipart, "--x--")).body).toBe("remix");
    expect((await send("POST", "/form", multipart, "--x--")).status).toBe(415);
    expect((await send("POST", "/image", { ...multipart, "Content-Length": String(66 * 1024 * 1024) })).body).toMatch(/Image must be less than 15MB/);
  });

  test("a photo just past the image forms' limit, which a proxy lets through, is read to its end before the answer (no reset, so no 502)", async () => {
    const photo = Buffer.alloc(64.5 * 1024 * 1024, 97);
    // Whether the whole photo had left the client when the answer came: it had, only if the door read it.
    const reply = await new Promise<{ status: number; body: string; sentFirst: boolean }>((resolve, reject) => {
      let sent = false;
      const req = http.request(
        { host: "127.0.0.1", port: served.port(), method: "POST", path: "/image", headers: { Host: "app.test", "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(photo.length) } },
        (res) => {
          const sentFirst = sent;
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, body, sentFirst }));
        },
      );
      req.on("finish", () => (sent = true));
      req.on("error", reject);
      req.end(photo);
    });
    expect(reply.status).toBe(413);
    expect(reply.body).toMatch(/Image must be less than 15MB/);
    expect(reply.sentFirst).toBe(true);
  }, 30_000);

  test("a shared page is rendered once for everyone, without the visitor's cookie; a guest page not for a signed-in visitor", async () => {
    called.length = 0;
    const first = await send("GET", "/shared", { Cookie: "__session=abc" });
    const second = await send("GET", "/shared");
    expect([first.body, second.body]).toEqual(["<p>shared</p>", "<p>shared</p>"]);
    expect(called).toEqual(["render for memory /shared"]);
    called.length = 0;
    expect((await send("GET", "/guest", { Cookie: "__session=abc" })).body).toBe("remix");
  });

  test("while draining, the health check fails and every answer closes its connection", async () => {
    draining = true;
    try {
      const health = await send("GET", "/health");
      expect([health.status, health.body, health.headers.connection]).toEqual([503, JSON.stringify({ status: "draining" }), "close"]);
      expect((await send("GET", "/form")).headers.connection).toBe("close");
    } finally {
      draining = false;
    }
  });
});

describe("the app's own routes declare their policies", () => {
  let table: ReturnType<typeof createRouteTable>;
  beforeAll(async () => {
    const appDirectory = path.resolve("app");
    const manifest = flatRoutes(appDirectory, ["**/.*"]);
    const routes: Record<string, RouteEntry> = { root: { id: "root", path: "", module: {} } };
    for (const entry of Object.values(manifest)) {
      const module = (await import(/* @vite-ignore */ path.join(appDirectory, entry.file))) as RouteEntry["module"];
      routes[entry.id] = { id: entry.id, parentId: entry.parentId, path: entry.path, index: entry.index, module };
    }
    table = createRouteTable(routes);
  }, 60_000);

  const uuid = "6f1c0c4e-0000-4000-8000-000000000000";
  const policyOf = (pathname: string) => table.match(pathname)?.policy ?? {};

  test("the test API is lean, takes small JSON, and keeps pages; a longer path is not it", () => {
    const policy = policyOf(`/api/contest/${uuid}/test`);
    expect(Object.keys(policy.lean ?? {})).toEqual(["GET", "POST"]);
    expect([policy.body, policy.keepsPages]).toEqual([JSON_API_BODY, true]);
    expect(table.match(`/api/contest/${uuid}/test`)?.params.id).toBe(uuid);
    expect(policyOf(`/api/contest/x/test/more`).lean).toBeUndefined();
  });

  test("the test page is one shared document, its data request too; the contest's other pages are not", () => {
    expect(policyOf(`/contest/${uuid}/test`).page).toBe("shared");
    expect(policyOf(`/contest/${uuid}/test.data`).page).toBe("shared");
    expect(policyOf(`/contest/${uuid}/start`).page).toBeUndefined();
  });

  test("guests' public pages come from memory; personal pages never", () => {
    for (const page of ["/", "/contests", "/store", "/blog", "/about", "/faq", "/terms", "/privacy", "/refund-policy"]) expect([page, policyOf(page).page]).toEqual([page, "guest"]);
    for (const page of ["/dashboard", "/cart", "/account", "/login", `/blog/some-post`, `/store/${uuid}/productdetails`]) expect([page, policyOf(page).page]).toEqual([page, undefined]);
  });

  test("the product form's routes take an image; deleting takes an ordinary form", () => {
    for (const page of ["/store/new", `/store/${uuid}/edit`, `/store/${uuid}/image`, `/store/new.data`]) expect([page, policyOf(page).body]).toEqual([page, IMAGE_FORM_BODY]);
    expect(policyOf(`/store/${uuid}/delete`).body).toBeUndefined();
    expect(policyOf("/login.data").body).toBeUndefined();
  });

  test("the payment API takes JSON; only the gateway's callback and webhook skip the cross-site check", () => {
    for (const name of ["create-order", "verify", "send-email", "test-checkout", "marketplace-create-order", "marketplace-verify"]) {
      expect([name, policyOf(`/api/payment/${name}`).body, policyOf(`/api/payment/${name}`).crossSite]).toEqual([name, JSON_API_BODY, undefined]);
    }
    expect(policyOf("/api/payment/webhook")).toMatchObject({ body: WEBHOOK_BODY, crossSite: "signed" });
    expect(policyOf("/api/payment/callback")).toMatchObject({ crossSite: "signed" });
    expect(policyOf("/api/payment/callback").body).toBeUndefined();
    expect(policyOf("/api/payouts/webhook")).toMatchObject({ body: WEBHOOK_BODY, crossSite: "signed" });
  });

  test("the health check and the blog's live counts", () => {
    expect(policyOf("/healthz").healthCheck).toBe(true);
    expect(typeof policyOf("/blog/some-post/events").stream).toBe("function");
    expect(table.match("/blog/some-post/events")?.params.slug).toBe("some-post");
    expect(policyOf("/blog/some-post").stream).toBeUndefined();
  });
});

test("the client's address: the peer's, or the one the trusted proxies were sent by", () => {
  const req = (peer: string, forwarded?: string) => ({ socket: { remoteAddress: peer }, headers: forwarded ? { "x-forwarded-for": forwarded } : {} }) as unknown as http.IncomingMessage;
  expect(clientAddress(req("10.0.0.1", "1.2.3.4"), 0)).toBe("10.0.0.1");
  expect(clientAddress(req("10.0.0.1", "9.9.9.9, 1.2.3.4"), 1)).toBe("1.2.3.4");
  expect(clientAddress(req("10.0.0.1", "9.9.9.9, 1.2.3.4"), 2)).toBe("9.9.9.9");
  expect(clientAddress(req("10.0.0.1"), 1)).toBe("10.0.0.1");
});

// Issue 65, point 1: a stranger announced 60 KB bodies and sent 6 bytes, 820 times, and held
// every place of a lone instance's shedder; the test API's students got 503s, which counted
// as our outage. One client now holds at most its share; its own refusals are its own.
describe("one client's slow bodies hold its own share of the door, never everybody's", () => {
  const shares = createLoadShedder({ maxInFlight: 10, maxLagMs: 500, maxPerClient: 3 }, { sample: false });
  const seen: ReplyReport[] = [];
  const slowDoor = createFrontDoor({
    routes: createRouteTable(ROUTES),
    appUrl: APP_URL,
    securityHeaders: {},
    trustedProxies: 1,
    publicFiles: new Set(),
    pages: createPageCache(),
    shedder: shares,
    renderForCache: async () => new Response("page"),
    renderer: (req, res) => {
      req.resume();
      req.on("end", () => res.end("remix"));
    },
    forgetCachedPages: () => {},
    isDraining: () => false,
    onReply: (reply) => seen.push(reply),
  });

  test("a flood of slow bodies from one address is refused past its share, as the client's; another address is served", async () => {
    const slowServer = http.createServer(slowDoor);
    await new Promise<void>((resolve) => slowServer.listen(0, "127.0.0.1", resolve));
    const slowPort = (slowServer.address() as AddressInfo).port;
    const form = { "Content-Type": "application/x-www-form-urlencoded", Host: "app.test" };
    const held: http.ClientRequest[] = [];
    const from = (address: string, body: string, length = body.length) =>
      new Promise<Sent>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port: slowPort, method: "POST", path: "/form", agent: false, headers: { ...form, "Content-Length": String(length), "X-Forwarded-For": address } }, (res) => {
          let text = "";
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
        });
        req.on("error", reject);
        req.write(body);
        held.push(req);
      });
    try {
      // The stranger: six posts announcing 60 KB, each sending 6 bytes and then nothing.
      const stranger = Array.from({ length: 6 }, () => from("203.0.113.9", "name=a", 60_000));
      // The three held are cut when the test ends.
      stranger.slice(0, 3).forEach((held) => held.catch(() => {}));
      const refused = await Promise.race([Promise.all(stranger.slice(3)), new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the refusals did not come")), 5_000))]);
      expect(refused.map((r) => [r.status, r.headers["retry-after"], r.headers.connection])).toEqual(Array(3).fill([503, "2", "close"]));
      expect(shares.inFlight()).toBe(3);
      // A student from another address is served while the stranger still holds his three.
      const student = from("198.51.100.4", "name=b");
      held.at(-1)!.end();
      expect((await student).body).toBe("remix");
      await expect.poll(() => seen.filter((r) => r.address === "203.0.113.9").map((r) => r.refused)).toEqual(["client", "client", "client"]);
      expect(seen.find((r) => r.address === "198.51.100.4")).toMatchObject({ status: 200, refused: undefined });
    } finally {
      held.forEach((req) => req.destroy());
      await new Promise<void>((resolve) => slowServer.close(() => resolve()));
    }
  });

  test("a place is given back when its request ends, to the same client", () => {
    const one = createLoadShedder({ maxInFlight: 10, maxLagMs: 500, maxPerClient: 1 }, { sample: false });
    const first = one.enter("a");
    expect(one.enter("a")).toEqual({ ok: false, retryAfterS: 2, cause: "client" });
    expect(one.enter("b").ok).toBe(true);
    if (first.ok) first.leave();
    expect(one.enter("a").ok).toBe(true);
  });
});
