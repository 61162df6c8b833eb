import path from "node:path";
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { db, getConnection, isConnected } from "~/db/client.server";
import { openAdminSocket, type AdminSocket } from "~/db/admin-socket.server";
import { makePrivate } from "~/db/private-dir.server";
import { storeSecretOnce } from "~/db/secrets.server";
import { prepareDatabase } from "~/seed/setup.server";
import { purgeExpired } from "~/models/accounts/housekeeping.server";
import { closeDueContests } from "~/models/contests/scoring.server";
import { releaseExpiredHolds } from "~/models/store/orders.server";
import { settleBackground } from "~/utils/background.server";
import { deliverOutbox } from "~/utils/email.server";
import { appUrl, dataDir, env, loadSharedSecret } from "~/utils/env.server";
import { holdScripts } from "~/utils/late-hydration.server";
import { NonceContext } from "~/utils/nonce";
import { isCrossSiteWrite } from "~/utils/origin";
import { chooseGateway, describeGateway, paymentGateway } from "~/models/payments/gateway.server";
import { contentSecurityPolicy, cspExtrasFor, isPersonal } from "~/utils/security-headers";
import { isSharedShell, SHELL_CACHE_CONTROL } from "~/utils/shared-shell";
import { log } from "~/utils/log.server";

const ABORT_DELAY = 5_000;

/**
 * Remix reports here what a loader or action threw. An expected refusal (a 4xx the app
 * threw on purpose, such as the 429 of a like past its limit) is one line of log; a
 * real error is logged whole.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    log().warn({ event: "refused", method: request.method, path: new URL(request.url).pathname, status: error.status }, String(error.data).slice(0, 200));
    return;
  }
  log().error({ err: error, method: request.method, path: new URL(request.url).pathname }, "route failed");
}

/** Called by server.js before it listens: check the environment, migrate, seed an empty database, start the background loops. */
export async function startup() {
  const config = env();
  log().info({ event: "startup" }, `payment gateway: ${describeGateway(chooseGateway(config))}`);
  // What the server writes (the database, the mail drop, backups) is its own.
  process.umask(0o077);
  makePrivate(dataDir());
  const connection = getConnection();
  await prepareDatabase(connection);
  if (connection.kind === "pglite" && !connection.memory) {
    // A new embedded database's files come from PGlite with mode 0666.
    makePrivate(connection.client.dataDir ?? path.join(dataDir(), "pglite"));
    adminSocket = await openAdminSocket(connection.client, { dataDir: dataDir(), port: config.DATABASE_SOCKET === "off" ? null : config.DATABASE_SOCKET_PORT });
    log().info(
      { event: "startup" },
      adminSocket.url
        ? // The URL carries the socket's password: it stays in DATA_DIR, never in a log.
          "embedded database open to psql on the loopback interface, with a password: `npm run db:sql -- --url` prints the URL (DATABASE_SOCKET=off closes it)"
        : "embedded database socket is off (DATABASE_SOCKET=off)",
    );
  }
  await loadSharedSecret((candidate) => storeSecretOnce(db, "session", candidate));
  every(30_000, "mail outbox", () => deliverOutbox());
  every(60 * 60_000, "housekeeping", () => purgeExpired(db, new Date()));
  // Tests nobody submitted are submitted at the deadline; ended contests get their ranks and prizes.
  every(config.SWEEP_INTERVAL_MS, "contest sweep", async () => {
    const report = await closeDueContests(db, new Date());
    for (const { id, outcome, submitted } of report) log().info({ event: "sweep", contestId: id, outcome, submitted }, "contest closed");
  });
  // Unpaid online orders give their copies back when their hold ends.
  every(60_000, "order holds", () => releaseExpiredHolds(db, new Date()));
  await deliverOutbox();
}

const timers: NodeJS.Timeout[] = [];
let adminSocket: AdminSocket | undefined;

function every(ms: number, name: string, run: () => Promise<unknown>) {
  const timer = setInterval(() => {
    run().catch((error) => log().error({ err: error, job: name }, "background job failed"));
  }, ms);
  timer.unref();
  timers.push(timer);
}

/** `npm run contests:finalize`: migrate if needed, then submit overdue tests and finalise every ended contest. */
export async function finalizeDueContests() {
  env();
  const connection = getConnection();
  await prepareDatabase(connection, "none");
  const report = [];
  for (;;) {
    const batch = await closeDueContests(db, new Date());
    report.push(...batch);
    if (batch.length < 50) break;
  }
  await connection.close();
  return report;
}

/** Called by server.js once it stops taking requests: finish mail runs, close the database cleanly. */
export async function shutdown() {
  timers.forEach(clearInterval);
  await adminSocket?.close();
  await settleBackground();
  if (isConnected()) await getConnection().close();
}

/** Used by server.js for every request, before Remix sees it. */
export function refusesCrossSite(headers: { method: string; path: string; origin?: string; secFetchSite?: string; host?: string }) {
  // Posted by the payment gateway, not by our pages: their signatures are their check.
  if (SIGNED_BY_GATEWAY.has(headers.path)) return false;
  return isCrossSiteWrite({ ...headers, appUrl: appUrl() });
}

const SIGNED_BY_GATEWAY = new Set(["/api/payment/callback", "/api/payment/webhook"]);

export { refuseRequest } from "~/utils/request-guard";
export { closeAllReaders as closeLiveStreams } from "~/models/blog/live.server";
export { serveLiveCounts } from "~/models/blog/live-stream.server";
export { baseSecurityHeaders } from "~/utils/security-headers";
export { appUrl, env } from "~/utils/env.server";
export { createPageCache, forgetCachedPages, pageCacheKey } from "~/utils/page-cache.server";
export { BUSY_MESSAGE, busyPage, createLoadShedder } from "~/utils/load-shedding.server";
export { testApiReply, testPaperReply } from "~/models/contests/test-api.server";
export { readJsonStream } from "~/utils/forms.server";
export { flushLog, log, logRequest, requestIdOf, withRequestLog } from "~/utils/log.server";

function markPersonal(request: Request, headers: Headers) {
  if (isPersonal(request)) headers.set("Cache-Control", "private, no-store");
}

export function handleDataRequest(response: Response, { request }: { request: Request }) {
  markPersonal(request, response.headers);
  return response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  // A route that takes Razorpay payments says so in its handle; only then, and only with keys set, may Razorpay's code run.
  const handles = remixContext.staticHandlerContext.matches.map((m) => remixContext.routeModules[m.route.id]?.handle);
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, cspExtrasFor(handles, paymentGateway()?.kind ?? null)));
  // A shared document carries nothing personal (its nonce travels with it in a cache).
  if (responseStatusCode === 200 && request.method === "GET" && isSharedShell(new URL(request.url).pathname)) {
    responseHeaders.set("Cache-Control", SHELL_CACHE_CONTROL);
  } else {
    markPersonal(request, responseHeaders);
  }
  // Bots get the whole document at once; browsers get it streamed.
  const callback = isbot(request.headers.get("user-agent") || "") ? "onAllReady" : "onShellReady";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [callback]() {
          shellRendered = true;
          const body = new PassThrough();
          const held = holdScripts();
          held.pipe(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(held);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log().error({ err: error }, "render failed");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
