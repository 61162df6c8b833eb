// The server's entry point (remix.config.js `server`): compiled with the app into
// build/index.js, started by server.js. It opens the instance (app/server/lifecycle.server.ts),
// puts the front door (app/server/front-door.server.ts) in front of Remix, listens, and
// drains on SIGTERM.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { broadcastDevReady, createRequestHandler, type ServerBuild } from "@remix-run/node";
import * as build from "@remix-run/dev/server-build";
import { closeAllReaders } from "~/models/blog/live.server";
import { createFrontDoor } from "~/server/front-door.server";
import { countReply, shutdown, startup } from "~/server/lifecycle.server";
import { createRenderer } from "~/server/renderer.server";
import { createRouteTable, type RouteEntry } from "~/server/route-table";
import { appUrl, env } from "~/utils/env.server";
import { createLoadShedder, EMBEDDED_SHEDDING, SHEDDING } from "~/utils/load-shedding.server";
import { getConnection } from "~/db/client.server";
import { flushLog, log } from "~/services/log.server";
import { createPageCache, forgetCachedPages } from "~/utils/page-cache.server";
import { baseSecurityHeaders } from "~/utils/security-headers";

export { confirmReturnForSeller, finalizeDueContests, storeContestDiagram } from "~/server/lifecycle.server";
export { forgetCachedPages } from "~/utils/page-cache.server";

const serverBuild = build as unknown as ServerBuild;

/** Every file under public/, as the path a browser asks for. */
function listPublicFiles(dir: string, prefix = ""): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const url = `${prefix}/${entry.name}`;
    return entry.isDirectory() ? listPublicFiles(path.join(dir, entry.name), url) : [url];
  });
}

async function fail(message: string) {
  log().fatal({ event: "startup" }, message);
  await shutdown().catch(() => {});
  await flushLog();
  process.exit(1);
}

/**
 * Said at start-up when HOST is unset (issue 65, point 1): an instance reached on its own
 * port has no proxy to spread, slow down or refuse a crowd of connections before they reach
 * it; each address holds only its share of the places, but many can still fill them.
 */
export const NO_PROXY =
  "HOST is unset: this instance listens on every interface with no proxy in front, where clients sending many slow requests at once can take it down; in production put nginx in front (deploy/nginx.conf) and start the instance with HOST=127.0.0.1 and TRUST_PROXY=1.";

/** Opens the instance and listens on HOST:PORT; `root` is the folder holding public/. */
export async function startServer(root: string) {
  try {
    await startup();
  } catch (error) {
    // A bad environment or an unreachable database: say what, without a stack trace.
    return fail(`StudyArena could not start. ${error instanceof Error ? error.message : error}`);
  }
  const config = env();
  let draining = false;
  const shedder = createLoadShedder(getConnection().kind === "pglite" ? EMBEDDED_SHEDDING : SHEDDING);
  const render = createRequestHandler(serverBuild, process.env.NODE_ENV);
  const publicDir = path.join(root, "public");
  const trustedProxies = config.TRUST_PROXY ?? 0;
  const door = createFrontDoor({
    routes: createRouteTable(serverBuild.routes as unknown as Record<string, RouteEntry>),
    appUrl: appUrl(),
    securityHeaders: baseSecurityHeaders(appUrl()),
    trustedProxies,
    publicFiles: new Set(listPublicFiles(publicDir)),
    pages: createPageCache(),
    shedder,
    renderForCache: (request, context) => render(request, { clientIp: context.clientIp, cspNonce: context.nonce, page: context.policy.page, locale: context.locale }),
    renderer: createRenderer(serverBuild, { publicDir, trustedProxies }),
    forgetCachedPages,
    isDraining: () => draining,
    // Every reply's status goes to the watch on this instance's errors (our rule when we fail).
    onReply: countReply,
  });

  // Slow clients must not hold the door (docs/decisions/platform-live-service.md, "The live service"): all
  // headers within 10 s and the whole request within 30 s (Node allows 60 s and 300 s),
  // checked every 2 s rather than every 30. Idle keep-alive connections stay 65 s, longer
  // than a proxy's own idle timeout (nginx's upstream keepalive_timeout is 60 s), so the
  // proxy, not the app, closes them and never sends on a socket the app just closed.
  const server = http.createServer({ headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 65_000, connectionsCheckingInterval: 2_000 }, door);

  const port = config.PORT;
  // HOST: the address to listen on (every interface when unset). Behind a proxy, 127.0.0.1,
  // so nobody reaches an instance past the proxy and picks their own X-Forwarded-For.
  const host = config.HOST;
  server.once("error", (error: NodeJS.ErrnoException) => {
    const why =
      error.code === "EADDRINUSE"
        ? `port ${port} is already in use (is another StudyArena running? PORT picks another)`
        : error.code === "EADDRNOTAVAIL"
          ? `HOST ${host} is not an address of this machine`
          : error.message;
    void fail(`StudyArena could not start: ${why}.`);
  });
  const shownHost = !host || host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  // A crowd arriving at once waits in the kernel's queue instead of being reset: Node's
  // default backlog is 511; Linux caps it at net.core.somaxconn (4096 here).
  server.listen({ port, host, backlog: 4096 }, () => {
    log().info({ event: "startup", port, host: host ?? "*" }, `StudyArena ready on http://${shownHost}:${port} (${process.env.NODE_ENV || "development"} mode)`);
    if (!host) log().warn({ event: "startup" }, NO_PROXY);
    if (process.env.NODE_ENV === "development") void broadcastDevReady(serverBuild);
  });

  // SIGTERM (a deploy, a rolling restart): /healthz fails at once; after SHUTDOWN_DELAY_MS
  // (long enough for a balancer that polls it to notice; 0 behind nginx, which sees the
  // closed port and sends the next request to another instance) the port closes, idle
  // connections close, requests under way finish on connections that then close, event
  // streams end (browsers reconnect, through the balancer, to another instance), and the
  // database is closed cleanly (the embedded one must not be cut off mid-write). Whatever
  // is still running after SHUTDOWN_TIMEOUT_MS is cut.
  const { SHUTDOWN_DELAY_MS: delayMs, SHUTDOWN_TIMEOUT_MS: timeoutMs } = config;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (draining) return;
      draining = true;
      log().info({ event: "shutdown", signal, inFlight: shedder.inFlight() }, "draining");
      const force = setTimeout(() => {
        log().warn({ event: "shutdown" }, `requests still running after ${timeoutMs} ms: cut`);
        void flushLog().finally(() => process.exit(1));
      }, delayMs + timeoutMs);
      force.unref();
      setTimeout(() => {
        closeAllReaders();
        server.close(async () => {
          await shutdown().catch((error) => log().error({ err: error, event: "shutdown" }, "shutdown failed"));
          log().info({ event: "shutdown" }, "stopped");
          await flushLog();
          process.exit(0);
        });
        server.closeIdleConnections();
      }, delayMs);
    });
  }
  return server;
}
