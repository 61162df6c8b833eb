import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { connection, db } from "~/db/client.server";
import { prepareDatabase } from "~/db/setup.server";
import { purgeExpired } from "~/models/housekeeping.server";
import { deliverOutbox, settleOutbox } from "~/utils/email.server";
import { appUrl } from "~/utils/env.server";
import { isCrossSiteWrite } from "~/utils/origin";

const ABORT_DELAY = 5_000;

/** Called by server.js before it listens: migrate, seed an empty database, start the background loops. */
export async function startup() {
  await prepareDatabase(connection);
  every(30_000, "mail outbox", () => deliverOutbox());
  every(60 * 60_000, "housekeeping", () => purgeExpired(db, new Date()));
  await deliverOutbox();
}

const timers: NodeJS.Timeout[] = [];

function every(ms: number, name: string, run: () => Promise<unknown>) {
  const timer = setInterval(() => {
    run().catch((error) => console.error(`[${name}] failed`, error));
  }, ms);
  timer.unref();
  timers.push(timer);
}

/** Called by server.js once it stops taking requests: finish mail runs, close the database cleanly. */
export async function shutdown() {
  timers.forEach(clearInterval);
  await settleOutbox();
  await connection.close();
}

/** Used by server.js for every request, before Remix sees it. */
export function refusesCrossSite(headers: { method: string; origin?: string; secFetchSite?: string; host?: string }) {
  return isCrossSiteWrite({ ...headers, appUrl: appUrl() });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  // Bots get the whole document at once; browsers get it streamed.
  const callback = isbot(request.headers.get("user-agent") || "") ? "onAllReady" : "onShellReady";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
      {
        [callback]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
