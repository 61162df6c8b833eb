// The production server: the request guard, compression for slow networks, long-lived
// caching for fingerprinted assets, the cross-site POST check, pages from memory, load
// shedding, then Remix; in front of it all, the test API's lean door (serveTestApi) and
// the pages already in memory (servePageFromMemory).
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { broadcastDevReady } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/express";
import { createRequestHandler as createRenderer } from "@remix-run/node";
import compression from "compression";
import onHeaders from "on-headers";
import express from "express";

const root = path.dirname(fileURLToPath(import.meta.url));
const build = await import(pathToFileURL(path.join(root, "build/index.js")).href);
const entry = build.entry.module;

try {
  await entry.startup();
} catch (error) {
  // A bad environment or an unreachable database: say what, without a stack trace.
  entry.log().fatal({ event: "startup" }, `StudyArena could not start. ${error instanceof Error ? error.message : error}`);
  await entry.flushLog();
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
if (process.env.TRUST_PROXY) app.set("trust proxy", Number(process.env.TRUST_PROXY) || process.env.TRUST_PROXY);

const securityHeaders = entry.baseSecurityHeaders(entry.appUrl());
const securityHeaderList = Object.entries(securityHeaders);

// The request guard and the cross-site check, asked the same way by both doors (Express
// below and the test API's lean door in front of it), from Node's own request.
const refusalOf = (req) =>
  entry.refuseRequest({
    method: req.method,
    url: req.url,
    contentType: req.headers["content-type"],
    contentLength: req.headers["content-length"],
    transferEncoding: req.headers["transfer-encoding"],
  });
const isCrossSite = (req) =>
  entry.refusesCrossSite({ method: req.method, path: req.url.split("?")[0], origin: req.headers.origin, secFetchSite: req.headers["sec-fetch-site"], host: req.headers.host });
const CROSS_SITE = "This form was sent from another website, so it was refused.";

// A refused body that is still on its way is read to its end (and dropped) before the
// answer when it is no larger than a proxy lets through: a proxy still sending it would
// see the connection reset and answer 502 instead of our message. A larger one is cut.
const DRAIN_BEFORE_REFUSING = 8 * 1024 * 1024;
function afterBody(req, answer) {
  const length = Number(req.headers["content-length"] ?? 0);
  if (req.complete || !(length > 0 && length <= DRAIN_BEFORE_REFUSING)) return answer();
  req.on("error", () => req.socket.destroy());
  req.once("end", answer);
  req.resume();
}

app.use((req, res, next) => {
  res.set(securityHeaders);
  // Whatever a POST answers (a redirect, a form's errors, a payment API's signed JSON)
  // is for this client only and never stored by a cache between.
  // Set as the headers go out, so it also replaces what a route's own answer appended.
  if (req.method !== "GET" && req.method !== "HEAD") {
    onHeaders(res, () => res.setHeader("Cache-Control", "private, no-store"));
    // Something may have changed: pages in memory are rendered again (app/utils/page-cache.server.ts).
    res.on("finish", () => res.statusCode < 400 && entry.forgetCachedPages());
  }
  // Odd methods, undecodable paths, and bodies of the wrong type or size are refused
  // before anything reads them.
  const refusal = refusalOf(req);
  if (!refusal) return next();
  res.set({ ...refusal.headers, Connection: "close" });
  afterBody(req, () => res.status(refusal.status).type("text/plain").send(refusal.message));
});

// Brotli at its default quality costs about twice gzip's CPU on a streamed page and
// saves little more: a browser that offers br gets gzip (nginx in front, in
// production, compresses on its own cores anyway).
app.use((req, _res, next) => {
  const offered = req.headers["accept-encoding"];
  if (offered && offered.includes("br")) req.headers["accept-encoding"] = offered.split(",").filter((e) => e.trim().split(";")[0] !== "br").join(",");
  next();
});
// Event streams (live blog counts) must not wait in the compressor's buffer.
app.use(compression({ filter: (req, res) => !/event-stream/.test(String(res.getHeader("Content-Type") ?? "")) && compression.filter(req, res) }));
app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
// Public files all have an extension; a page or API path is never looked up on disk
// (a file-system call per request is a thread-pool job every flood would queue).
const publicFiles = express.static(path.join(root, "public"), { maxAge: "1h" });
app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));

app.use((req, res, next) => {
  if (isCrossSite(req)) {
    res.status(403).type("text/plain").send(CROSS_SITE);
    return;
  }
  // Remix 2.17 compares Origin with Host itself and answers an empty 500 when they
  // differ, which they do behind a proxy that rewrites Host. The check above already
  // accepted this origin (APP_URL is the public one), so Remix need not see it.
  delete req.headers.origin;
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
});

// Live blog counts are served on Node's own response, so a reader is let go exactly
// when its socket closes (see app/models/blog/live-stream.server.ts).
app.get("/blog/:slug/events", (req, res, next) => {
  entry.serveLiveCounts(req, res, { slug: req.params.slug, address: req.ip ?? "" }).catch(next);
});

// The shared test document and guests' public pages, from memory (app/utils/page-cache.server.ts).
const pages = entry.createPageCache();
const render = createRenderer(build, process.env.NODE_ENV);

/** Which page in memory a request may be served from (null: rendered for this visitor). */
function pageLookupOf(req) {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  return entry.pageCacheKey({ method: req.method, path: query < 0 ? url : url.slice(0, query), search: query < 0 ? "" : url.slice(query), cookie: req.headers.cookie });
}

app.get("*", (req, res, next) => {
  const lookup = pageLookupOf(req);
  if (!lookup) return next();
  const headers = { ...req.headers };
  if (lookup.key.startsWith("shell ")) delete headers.cookie;
  const request = () => new Request(`${req.protocol}://${req.get("host")}${req.originalUrl}`, { headers });
  pages
    .get(lookup, (nonce) => render(request(), { clientIp: req.ip, cspNonce: nonce }))
    .then((page) => (page ? sendPage(req, res, page) : next()))
    .catch(next);
});

/** A page from memory: compressed once, when it was cached (the compression middleware leaves an encoded body alone). */
function sendPage(req, res, page) {
  for (const [name, value] of securityHeaderList) res.setHeader(name, value);
  for (const [name, value] of page.headers) res.appendHeader(name, value);
  res.setHeader("ETag", page.etag);
  res.setHeader("Vary", "Accept-Encoding");
  if (req.headers["if-none-match"] === page.etag) {
    res.statusCode = 304;
    return res.end();
  }
  const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.statusCode = page.status;
  res.end(gzip ? page.gzip : page.body);
}

/**
 * In front of Express, like the test API: a page already in memory is sent without the
 * middleware chain (the crowd at a contest's start asks for the same document 5,000
 * times). A miss goes on to Express, which renders it once and keeps it.
 */
function servePageFromMemory(req, res) {
  const lookup = pageLookupOf(req);
  const page = lookup && pages.peek(lookup.key);
  if (!page) return false;
  sendPage(req, res, page);
  return true;
}

// More work than this instance can finish in good time: refuse at once, with Retry-After.
const shedder = entry.createLoadShedder();
app.use((req, res, next) => {
  if (req.path === "/healthz") return next();
  const place = shedder.enter();
  if (place.ok) {
    res.on("close", place.leave);
    return next();
  }
  res.set({ "Retry-After": String(place.retryAfterS), "Cache-Control": "no-store" }).status(503);
  if (req.path.startsWith("/api/")) res.json({ error: entry.BUSY_MESSAGE });
  else res.type("html").send(entry.busyPage());
});

app.all(
  "*",
  createRequestHandler({ build, getLoadContext: (req, res) => ({ clientIp: req.ip, cspNonce: res.locals.cspNonce }) }),
);

// Last resort: a short answer, never a stack trace.
app.use((error, _req, res, _next) => {
  const status = Number.isInteger(error?.status) && error.status >= 400 && error.status < 600 ? error.status : 500;
  if (status >= 500) entry.log().error({ err: error }, "request failed");
  if (res.headersSent) return res.end();
  // Our own refusals (a body too large, not JSON) say what was wrong; anything else says nothing.
  const message = status >= 500 ? "Something went wrong." : error?.expose ? error.message : "That request could not be read.";
  res.status(status).type("text/plain").send(message);
});

// The test API's lean door, in front of Express (issue 18): the crowd's answers, its
// papers and its submissions pass the same checks as every request (the security
// headers, the request guard, the cross-site check, load shedding), then go straight to
// the functions the Remix route also calls. Express's middleware chain cost about as
// much CPU per answer as the answer's own work.
const TEST_API = /^\/api\/contest\/([^/?#]+)\/test(?:\?.*)?$/;

function serveTestApi(req, res) {
  const path = TEST_API.exec(req.url ?? "");
  if (!path || (req.method !== "GET" && req.method !== "POST")) return false;
  for (const [name, value] of securityHeaderList) res.setHeader(name, value);
  res.setHeader("Cache-Control", "private, no-store");
  const text = (status, message, headers = {}) => res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", ...headers }).end(message);
  const refusal = refusalOf(req);
  const place = refusal || isCrossSite(req) ? null : shedder.enter();
  if (refusal) afterBody(req, () => text(refusal.status, refusal.message, { ...refusal.headers, Connection: "close" }));
  else if (!place) text(403, CROSS_SITE);
  else if (!place.ok) res.writeHead(503, { "Content-Type": "application/json", "Retry-After": String(place.retryAfterS) }).end(JSON.stringify({ error: entry.BUSY_MESSAGE }));
  if (!place?.ok) return true;
  res.on("close", place.leave);
  const input = { cookie: req.headers.cookie ?? null, contestId: path[1], now: new Date() };
  const replied =
    req.method === "GET"
      ? entry.testPaperReply(input)
      : entry.testApiReply({ ...input, readBody: () => entry.readJsonStream(req, req.headers["content-type"]) });
  replied.then(
    (reply) => {
      const send = () => {
        const body = Buffer.from(JSON.stringify(reply.body));
        // A paper is a few KB of JSON: gzipped when the browser takes it; a small answer is not worth it.
        const gzip = body.length > 1024 && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
        res.writeHead(reply.status, { ...reply.headers, "Content-Type": "application/json; charset=utf-8", ...(gzip ? { "Content-Encoding": "gzip", Vary: "Accept-Encoding" } : {}) });
        res.end(gzip ? gzipSync(body) : body);
      };
      if (reply.pauseMs) setTimeout(send, reply.pauseMs);
      else send();
    },
    (error) => {
      const status = error?.expose && Number.isInteger(error.status) ? error.status : 500;
      if (status >= 500) entry.log().error({ err: error }, "test api failed");
      if (!res.headersSent) text(status, status >= 500 ? "Something went wrong." : error.message);
      else res.end();
    },
  );
  return true;
}

// Slow clients must not hold the door (docs/decisions.md, "The live service"): all
// headers within 10 s and the whole request within 30 s (Node allows 60 s and 300 s),
// checked every 2 s rather than every 30. Idle keep-alive connections stay 65 s, longer
// than a proxy's own idle timeout (nginx's upstream keepalive_timeout is 60 s), so the
// proxy, not the app, closes them and never sends on a socket the app just closed.
const serve = (req, res) => serveTestApi(req, res) || servePageFromMemory(req, res) || app(req, res);
const trustProxy = Boolean(process.env.TRUST_PROXY);

const server = http.createServer(
  { headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 65_000, connectionsCheckingInterval: 2_000 },
  (req, res) => {
    // One id per request (nginx's own when it is trusted): echoed to the client and on
    // every log line written while the request is served (app/utils/log.server.ts).
    const id = entry.requestIdOf(req.headers["x-request-id"], trustProxy);
    res.setHeader("X-Request-Id", id);
    // While draining, no connection is kept for another request.
    if (stopping) res.setHeader("Connection", "close");
    const started = performance.now();
    entry.withRequestLog(id, () => {
      res.once("close", () => entry.logRequest(id, { method: req.method, url: req.url ?? "/", status: res.statusCode, ms: performance.now() - started, finished: res.writableFinished }));
      // Draining: the health check fails first, so a balancer that asks stops sending work.
      if (stopping && /^\/healthz(?:\?|$)/.test(req.url ?? "")) {
        res.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "no-store", Connection: "close" }).end(JSON.stringify({ status: "draining" }));
        return;
      }
      serve(req, res);
    });
  },
);
const port = Number(process.env.PORT || 3000);
// HOST: the address to listen on (every interface when unset). Behind a proxy, 127.0.0.1,
// so nobody reaches an instance past the proxy and picks their own X-Forwarded-For.
const host = entry.env().HOST;
// A crowd arriving at once waits in the kernel's queue instead of being reset: Node's
// default backlog is 511; Linux caps it at net.core.somaxconn (4096 here).
server.once("error", async (error) => {
  const why = error.code === "EADDRINUSE" ? `port ${port} is already in use (is another StudyArena running? PORT picks another)` : error.code === "EADDRNOTAVAIL" ? `HOST ${host} is not an address of this machine` : error.message;
  entry.log().fatal({ event: "startup" }, `StudyArena could not start: ${why}.`);
  await entry.shutdown().catch(() => {});
  await entry.flushLog();
  process.exit(1);
});
const shownHost = !host || host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
server.listen({ port, host, backlog: 4096 }, () => {
  entry.log().info({ event: "startup", port, host: host ?? "*" }, `StudyArena ready on http://${shownHost}:${port} (${process.env.NODE_ENV || "development"} mode)`);
  if (process.env.NODE_ENV === "development") broadcastDevReady(build);
});

// SIGTERM (a deploy, a rolling restart): /healthz fails at once; after SHUTDOWN_DELAY_MS
// (long enough for a balancer that polls it to notice; 0 behind nginx, which sees the
// closed port and sends the next request to another instance) the port closes, idle
// connections close, requests under way finish on connections that then close, event
// streams end (browsers reconnect, through the balancer, to another instance), and the
// database is closed cleanly (the embedded one must not be cut off mid-write). Whatever
// is still running after SHUTDOWN_TIMEOUT_MS is cut.
let stopping = false;
const { SHUTDOWN_DELAY_MS: shutdownDelayMs, SHUTDOWN_TIMEOUT_MS: shutdownTimeoutMs } = entry.env();
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    entry.log().info({ event: "shutdown", signal, inFlight: shedder.inFlight() }, "draining");
    const force = setTimeout(() => {
      entry.log().warn({ event: "shutdown" }, `requests still running after ${shutdownTimeoutMs} ms: cut`);
      entry.flushLog().finally(() => process.exit(1));
    }, shutdownDelayMs + shutdownTimeoutMs);
    force.unref();
    setTimeout(() => {
      entry.closeLiveStreams();
      server.close(async () => {
        await entry.shutdown().catch((error) => entry.log().error({ err: error, event: "shutdown" }, "shutdown failed"));
        entry.log().info({ event: "shutdown" }, "stopped");
        await entry.flushLog();
        process.exit(0);
      });
      server.closeIdleConnections?.();
    }, shutdownDelayMs);
  });
}
