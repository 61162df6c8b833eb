// The one front door (issue 29): every request, whoever answers it, passes the same
// checks in the same order, with the policy its route declares (app/server/policy.ts):
//
//   1. an id and a log line; the security headers; a POST's answer is never stored
//   2. while draining, the health check fails
//   3. the request guard: method, path, and the body the route takes
//   4. the cross-site check (unless the route's posts are signed by the gateway)
//   5. a public file: served (cheap, never shed)
//   6. a page in memory (the shared test document, a guest's page): served, or rendered once
//   7. load shedding (never for the health check or a stream, which has its own limit)
//   8. the route's lean handler, its stream, or Remix (through app/server/renderer.server.ts)
//
// Unit tests (tests/unit/front-door.test.ts) send the same hostile requests to every
// kind of route and expect the same answers.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import onHeaders from "on-headers";
import type { LeanReply, RequestPolicy } from "~/server/policy";
import type { RouteMatch, RouteTable } from "~/server/route-table";
import { pageCacheKey, type CachedPage, type PageCache } from "~/utils/page-cache.server";
import { BUSY_MESSAGE, busyPage, type LoadShedder } from "~/utils/load-shedding.server";
import { logRequest, requestIdOf, withRequestLog, log } from "~/services/log.server";
import { isCrossSiteWrite } from "~/utils/origin";
import { refuseRequest, type Refusal } from "~/utils/request-guard";
import { readJsonStream } from "~/utils/forms.server";
import { DEFAULT_LOCALE, resolveLocale, type Locale } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";

export const CROSS_SITE = "This form was sent from another website, so it was refused.";

/** What the door hands on with a request: the route it is for, and what the client is. */
export type DoorContext = { match: RouteMatch | null; policy: RequestPolicy; clientIp: string; origin: string; nonce: string; locale: Locale; file?: true };

export type FrontDoorParts = {
  routes: RouteTable;
  appUrl: string;
  securityHeaders: Record<string, string>;
  /** How many proxies in front are trusted with X-Forwarded-For/-Proto and X-Request-Id (TRUST_PROXY). */
  trustedProxies: number;
  /** Exact paths of the files under public/ (found once at start-up, so no request costs a disk lookup). */
  publicFiles: ReadonlySet<string>;
  pages: PageCache;
  shedder: LoadShedder;
  /** Renders a page for the memory cache (Remix, with this nonce). */
  renderForCache: (request: Request, context: DoorContext) => Promise<Response>;
  /** Express: public files, and Remix for everything else. */
  renderer: (req: IncomingMessage, res: ServerResponse, context: DoorContext) => void;
  /** After a post that changed something: pages in memory are rendered again. */
  forgetCachedPages: () => void;
  isDraining: () => boolean;
  /** Each reply once it is done, beside its log line (the watch on this instance's errors). */
  onReply: (reply: ReplyReport) => void;
};

/**
 * What the door says of a reply once it is done, for the watch on our errors
 * (app/server/outage-watch.server.ts): its status, who it was for (the address, and the
 * cookies that say who is signed in), and whether the load shedder turned it away because
 * the instance was full (`load`) or because this client held its own share (`client`).
 */
export type ReplyReport = { status: number; address: string; cookie: string | undefined; refused?: "load" | "client" };

/** Replies the shedder turned away, and why (read when the reply is reported). */
const refusals = new WeakMap<ServerResponse, "load" | "client">();

/** The client's address: the peer's, or, behind `hops` trusted proxies, the one they were sent by. */
export function clientAddress(req: IncomingMessage, hops: number) {
  const peer = req.socket.remoteAddress ?? "";
  if (hops === 0) return peer;
  const forwarded = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean)
    .reverse();
  const chain = [peer, ...forwarded];
  return chain[Math.min(hops, chain.length - 1)]!;
}

function originOf(req: IncomingMessage, hops: number) {
  const forwarded = hops > 0 ? String(req.headers["x-forwarded-proto"] ?? "").split(",")[0]!.trim() : "";
  const protocol = forwarded === "https" || forwarded === "http" ? forwarded : "encrypted" in req.socket && req.socket.encrypted ? "https" : "http";
  return `${protocol}://${req.headers.host ?? "localhost"}`;
}

// A refused body that is still on its way is read to its end (and dropped) before the
// answer when it is no larger than a proxy lets through: a proxy still sending it would
// see the connection reset and answer 502 instead of our message. A larger one is cut.
// A route that takes large bodies has a proxy that lets through a megabyte more than it
// takes (deploy/nginx.conf: image forms 65m for 64 MB), so a body just past its limit
// is drained too: a loaded machine's nginx was seen answering 502 to a 64.5 MB photo.
const DRAIN_BEFORE_REFUSING = 8 * 1024 * 1024;
const PROXY_SLACK = 1024 * 1024;
function afterBody(req: IncomingMessage, answer: () => void, policy?: RequestPolicy) {
  const length = Number(req.headers["content-length"] ?? 0);
  const drainUpTo = Math.max(DRAIN_BEFORE_REFUSING, (policy?.body?.maxBytes ?? 0) + PROXY_SLACK);
  if (req.complete || !(length > 0 && length <= drainUpTo)) return answer();
  req.on("error", () => req.socket.destroy());
  req.once("end", answer);
  req.resume();
}

function text(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", ...headers }).end(message);
}

/** A refusal before any route code runs, said in the request's language (a 413 reaches a person whose photo was too large). */
function refuse(req: IncomingMessage, res: ServerResponse, refusal: Refusal, policy: RequestPolicy) {
  const url = req.url ?? "/";
  const locale = resolveLocale({ search: url.includes("?") ? url.slice(url.indexOf("?")) : "", cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] });
  const message = translator(locale)(refusal.message);
  afterBody(req, () => text(res, refusal.status, message, { ...refusal.headers, "Cache-Control": "no-store", Connection: "close" }), policy);
}

/** A page from memory: compressed once, when it was cached. */
function sendPage(req: IncomingMessage, res: ServerResponse, page: CachedPage) {
  for (const [name, value] of page.headers) res.appendHeader(name, value);
  res.setHeader("ETag", page.etag);
  // Each language is its own entry (the URL's lang, the cookie, Accept-Language): a browser or proxy keeps them apart too.
  res.setHeader("Vary", "Accept-Encoding, Accept-Language, Cookie");
  if (req.headers["if-none-match"] === page.etag) {
    res.statusCode = 304;
    return void res.end();
  }
  const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.statusCode = page.status;
  res.end(gzip ? page.gzip : page.body);
}

function sendLean(req: IncomingMessage, res: ServerResponse, reply: LeanReply) {
  const send = () => {
    if (res.destroyed) return;
    const takesGzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    if (takesGzip && reply.gzipped) {
      res.writeHead(reply.status, { ...reply.headers, "Content-Type": "application/json; charset=utf-8", "Content-Encoding": "gzip", Vary: "Accept-Encoding" });
      return void res.end(reply.gzipped());
    }
    const body = Buffer.from(JSON.stringify(reply.body));
    // A paper is a few KB of JSON: gzipped when the browser takes it; a small answer is not worth it.
    const gzip = body.length > 1024 && takesGzip;
    res.writeHead(reply.status, { ...reply.headers, "Content-Type": "application/json; charset=utf-8", ...(gzip ? { "Content-Encoding": "gzip", Vary: "Accept-Encoding" } : {}) });
    res.end(gzip ? gzipSync(body) : body);
  };
  if (reply.pauseMs) setTimeout(send, reply.pauseMs);
  else send();
}

function failed(res: ServerResponse, error: unknown, what: string) {
  const known = error as { expose?: boolean; status?: number; message?: string } | null;
  const status = known?.expose && Number.isInteger(known.status) ? known.status! : 500;
  if (status >= 500) log().error({ err: error }, what);
  if (res.headersSent) return void res.end();
  text(res, status, status >= 500 ? "Something went wrong." : (known?.message ?? "That request could not be read."));
}

export function createFrontDoor(parts: FrontDoorParts) {
  const headerList = Object.entries(parts.securityHeaders);
  const trustProxy = parts.trustedProxies > 0;

  const contextOf = (req: IncomingMessage, match: RouteMatch | null, policy: RequestPolicy, locale: Locale, file?: true): DoorContext => ({
    match,
    policy,
    clientIp: clientAddress(req, parts.trustedProxies),
    origin: originOf(req, parts.trustedProxies),
    nonce: "",
    locale,
    ...(file ? { file } : {}),
  });

  function serve(req: IncomingMessage, res: ServerResponse) {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query < 0 ? url : url.slice(0, query);
    const method = req.method ?? "GET";
    const match = parts.routes.match(path);
    const policy = match?.policy ?? {};

    // 1. Headers every answer carries.
    for (const [name, value] of headerList) res.setHeader(name, value);
    if (method !== "GET" && method !== "HEAD") {
      // Whatever a POST answers (a redirect, a form's errors, signed JSON) is for this
      // client only; set as the headers go out, so it replaces what a route appended.
      onHeaders(res, () => res.setHeader("Cache-Control", "private, no-store"));
      if (!policy.keepsPages) res.on("finish", () => res.statusCode < 400 && parts.forgetCachedPages());
    }

    // 2. Draining: the health check fails first, so a balancer that asks stops sending work.
    if (policy.healthCheck && parts.isDraining()) {
      res.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "no-store", Connection: "close" }).end(JSON.stringify({ status: "draining" }));
      return;
    }

    // 3. Odd methods, undecodable paths, and bodies of the wrong type or size, before anything reads them.
    const refusal = refuseRequest({
      method,
      url,
      body: policy.body,
      contentType: req.headers["content-type"],
      contentLength: req.headers["content-length"],
      transferEncoding: req.headers["transfer-encoding"],
    });
    if (refusal) return refuse(req, res, refusal, policy);

    // 4. A post made by another site's page.
    if (
      policy.crossSite !== "signed" &&
      isCrossSiteWrite({ method, origin: req.headers.origin, secFetchSite: req.headers["sec-fetch-site"] as string | undefined, host: req.headers.host, appUrl: parts.appUrl })
    ) {
      return afterBody(req, () => text(res, 403, CROSS_SITE, { "Cache-Control": "no-store" }));
    }

    // 5. A public file costs a read from disk, no rendering: never shed.
    const search = query < 0 ? "" : url.slice(query);
    if (parts.publicFiles.has(path)) return parts.renderer(req, res, contextOf(req, match, policy, "en", true));

    // 6. A page in memory (rendered once however many ask, so before shedding), kept per language.
    // A lean route answers the test island's JSON, which has no language: the crowd's hot
    // path (every autosave) does not parse the cookie and Accept-Language for one.
    const locale = policy.lean ? DEFAULT_LOCALE : resolveLocale({ search, cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] });
    const lookup = pageCacheKey({ method, path, search, cookie: req.headers.cookie, page: policy.page, locale });
    const hit = lookup && parts.pages.peek(lookup.key);
    if (hit) return sendPage(req, res, hit);
    const context = contextOf(req, match, policy, locale);
    if (lookup) {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || (name === "cookie" && policy.page === "shared")) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
      }
      parts.pages
        .get(lookup, (nonce) => parts.renderForCache(new Request(context.origin + url, { headers }), { ...context, nonce }))
        .then((page) => (page ? sendPage(req, res, page) : admit(req, res, context)))
        .catch((error) => failed(res, error, "request failed"));
      return;
    }
    admit(req, res, context);
  }

  // 7 and 8.
  function admit(req: IncomingMessage, res: ServerResponse, context: DoorContext) {
    const { policy, match } = context;
    // The health check must answer however busy we are; a stream has its own limit of
    // places and would hold a place here for as long as its reader stays.
    if (!policy.healthCheck && !policy.stream) {
      const place = parts.shedder.enter(context.clientIp);
      if (!place.ok) {
        refusals.set(res, place.cause);
        // A client over its share may be holding slow bodies: its connection is not kept for more.
        const headers = { "Retry-After": String(place.retryAfterS), "Cache-Control": "no-store", ...(place.cause === "client" ? { Connection: "close" } : {}) };
        if ((req.url ?? "").startsWith("/api/")) res.writeHead(503, { ...headers, "Content-Type": "application/json" }).end(JSON.stringify({ error: BUSY_MESSAGE }));
        else res.writeHead(503, { ...headers, "Content-Type": "text/html; charset=utf-8" }).end(busyPage(context.locale));
        return;
      }
      res.on("close", place.leave);
    }

    const lean = policy.lean?.[req.method as "GET" | "POST"];
    if (lean) {
      res.setHeader("Cache-Control", "private, no-store");
      const readBody = () => readJsonStream(req, req.headers["content-type"], policy.body);
      lean({ cookie: req.headers.cookie ?? null, params: match?.params ?? {}, now: new Date(), address: context.clientIp, readBody }).then(
        (reply) => sendLean(req, res, reply),
        (error) => failed(res, error, "lean route failed"),
      );
      return;
    }
    if (policy.stream) {
      policy.stream(req, res, { params: match?.params ?? {}, address: context.clientIp }).catch((error) => failed(res, error, "stream failed"));
      return;
    }
    parts.renderer(req, res, { ...context, nonce: randomBytes(16).toString("base64") });
  }

  /** Node's request handler: the id and log line around the door. */
  return function handle(req: IncomingMessage, res: ServerResponse) {
    const id = requestIdOf(req.headers["x-request-id"], trustProxy);
    res.setHeader("X-Request-Id", id);
    // While draining, no connection is kept for another request.
    if (parts.isDraining()) res.setHeader("Connection", "close");
    const started = performance.now();
    withRequestLog(id, () => {
      res.once("close", () => {
        logRequest(id, { method: req.method, url: req.url ?? "/", status: res.statusCode, ms: performance.now() - started, finished: res.writableFinished });
        parts.onReply({ status: res.statusCode, address: clientAddress(req, parts.trustedProxies), cookie: req.headers.cookie, refused: refusals.get(res) });
      });
      serve(req, res);
    });
  };
}
