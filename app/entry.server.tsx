import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { StartScriptContext } from "~/utils/late-hydration";
import { holdScriptsIn, START_SCRIPT } from "~/utils/late-hydration.server";
import { NonceContext } from "~/utils/nonce";
import { digiLockerOrigin } from "~/models/accounts/parents/digilocker.server";
import { paymentGateway } from "~/models/payments/gateway.server";
import type { RequestPolicy } from "~/server/policy";
import { contentSecurityPolicy, cspExtrasFor, isPersonal, SHARED_PAGE_CACHE_CONTROL } from "~/utils/security-headers";
import { log } from "~/services/log.server";

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
  // A route that takes payments through the gateway's checkout says so in its requestPolicy; only then, and only with keys set, may Razorpay's code run or its page be posted to.
  const policies = remixContext.staticHandlerContext.matches.map((m) => (remixContext.routeModules[m.route.id] as { requestPolicy?: RequestPolicy } | undefined)?.requestPolicy);
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, cspExtrasFor(policies, paymentGateway()?.kind ?? null, digiLockerOrigin())));
  // The language follows the URL, the lang cookie or Accept-Language (app/utils/i18n.tsx).
  responseHeaders.append("Vary", "Accept-Language, Cookie");
  // A shared document carries nothing personal (its nonce travels with it in a cache).
  if (responseStatusCode === 200 && request.method === "GET" && loadContext.page === "shared") {
    responseHeaders.set("Cache-Control", SHARED_PAGE_CACHE_CONTROL);
  } else {
    markPersonal(request, responseHeaders);
  }
  // The whole document, then one answer: no page suspends (every loader's data is in the
  // shell), so streaming sent nothing sooner, and a document in one piece is rewritten,
  // compressed and written once instead of in some twenty 2 KB chunks (docs/performance.md,
  // "A signed-in student's pages").
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(holdScriptsIn(Buffer.concat(chunks).toString("utf8")), { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StartScriptContext.Provider value={START_SCRIPT}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </StartScriptContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          log().error({ err: error }, "render failed");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
