import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { holdScripts } from "~/utils/late-hydration.server";
import { NonceContext } from "~/utils/nonce";
import { paymentGateway } from "~/models/payments/gateway.server";
import { contentSecurityPolicy, cspExtrasFor, isPersonal, SHARED_PAGE_CACHE_CONTROL } from "~/utils/security-headers";
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
  if (responseStatusCode === 200 && request.method === "GET" && loadContext.page === "shared") {
    responseHeaders.set("Cache-Control", SHARED_PAGE_CACHE_CONTROL);
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
