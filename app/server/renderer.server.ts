// What the front door hands on once a request has passed its checks: public files and
// Remix, through Express (its static files and its Remix adapter). Nothing here checks a
// request: app/server/front-door.server.ts already has.
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { DoorContext } from "~/server/front-door.server";
import { log } from "~/services/log.server";

type WithDoor = { door?: DoorContext };

export function createRenderer(build: ServerBuild, options: { publicDir: string; trustedProxies: number }) {
  const { publicDir } = options;
  const app = express();
  app.disable("x-powered-by");
  // The request's protocol and host, as Remix's adapter reads them (the door has its own for the client's address).
  if (options.trustedProxies > 0) app.set("trust proxy", options.trustedProxies);

  // Brotli at its default quality costs about twice gzip's CPU on a streamed page and
  // saves little more: a browser that offers br gets gzip (nginx in front, in
  // production, compresses on its own cores anyway).
  app.use((req, _res, next) => {
    const offered = req.headers["accept-encoding"];
    if (offered && offered.includes("br")) req.headers["accept-encoding"] = offered.split(",").filter((e) => e.trim().split(";")[0] !== "br").join(",");
    next();
  });
  // Event streams must not wait in the compressor's buffer. /build has a compressor of its own, below.
  app.use(compression({ filter: (req, res) => !req.path.startsWith("/build/") && !/event-stream/.test(String(res.getHeader("Content-Type") ?? "")) && compression.filter(req, res) }));
  // The build's scripts and styles are compressed however small: a page loads two dozen
  // chunks under compression's default 1 KB threshold, which went as they are (about 3 KB
  // more on every page; docs/performance.md, "Small chunks compressed"). They never change,
  // so nginx keeps each compressed answer (deploy/nginx.conf) and the CPU is spent once.
  app.use("/build", compression({ threshold: 0 }), express.static(path.join(publicDir, "build"), { immutable: true, maxAge: "1y" }));
  // The face check's worker, library and weights (public/proctor/v2/, scripts/copy-detector.js): a
  // versioned folder, so cached for good by browsers, nginx or a CDN (docs/performance.md).
  const detector = express.static(path.join(publicDir, "proctor"), { immutable: true, maxAge: "1y" });
  app.use("/proctor", (req, res, next) => ((req as WithDoor).door?.file ? detector(req, res, next) : next()));
  // Only paths the door knows are files reach this (it lists public/ once at start-up).
  const files = express.static(publicDir, { maxAge: "1h" });
  app.use((req, res, next) => ((req as WithDoor).door?.file ? files(req, res, next) : next()));

  app.use((req, _res, next) => {
    // Remix 2.17 compares Origin with Host itself and answers an empty 500 when they
    // differ, which they do behind a proxy that rewrites Host. The door's cross-site
    // check already accepted this origin (APP_URL is the public one).
    delete req.headers.origin;
    next();
  });
  app.all(
    "*",
    createRequestHandler({
      build,
      getLoadContext: (req) => {
        const door = (req as WithDoor).door;
        return { clientIp: door?.clientIp, cspNonce: door?.nonce, page: door?.policy.page, locale: door?.locale };
      },
    }),
  );

  // Last resort: a short answer, never a stack trace.
  app.use((error: { status?: number; expose?: boolean; message?: string } | undefined, _req: Request, res: Response, _next: NextFunction) => {
    const status = Number.isInteger(error?.status) && error!.status! >= 400 && error!.status! < 600 ? error!.status! : 500;
    if (status >= 500) log().error({ err: error }, "request failed");
    if (res.headersSent) return void res.end();
    // Our own refusals (a body too large, not JSON) say what was wrong; anything else says nothing.
    const message = status >= 500 ? "Something went wrong." : error?.expose ? error.message : "That request could not be read.";
    res.status(status).type("text/plain").send(message);
  });

  return (req: IncomingMessage, res: ServerResponse, door: DoorContext) => {
    (req as WithDoor).door = door;
    app(req as Request, res as Response);
  };
}
