// The production server: compression for slow networks, long-lived caching for
// fingerprinted assets, the cross-site POST check, then Remix.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { broadcastDevReady } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

const root = path.dirname(fileURLToPath(import.meta.url));
const build = await import(pathToFileURL(path.join(root, "build/index.js")).href);
const entry = build.entry.module;

await entry.startup();

const app = express();
app.disable("x-powered-by");
if (process.env.TRUST_PROXY) app.set("trust proxy", Number(process.env.TRUST_PROXY) || process.env.TRUST_PROXY);
app.use(compression());
app.use((_req, res, next) => {
  res.set({
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // Our pages are never framed (clickjacking); the test page may use the camera.
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(self), microphone=(), geolocation=()",
  });
  next();
});
app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));

app.use((req, res, next) => {
  const refused = entry.refusesCrossSite({
    method: req.method,
    origin: req.get("origin"),
    secFetchSite: req.get("sec-fetch-site"),
    host: req.get("host"),
  });
  if (!refused) return next();
  res.status(403).type("text/plain").send("This form was sent from another website, so it was refused.");
});

app.all("*", createRequestHandler({ build, getLoadContext: (req) => ({ clientIp: req.ip }) }));

const port = Number(process.env.PORT || 3000);
const server = app.listen(port, () => {
  console.log(`StudyArena ready on http://localhost:${port}`);
  if (process.env.NODE_ENV === "development") broadcastDevReady(build);
});

// Stop taking requests, let the running ones finish, then close the database cleanly
// (the embedded one must not be cut off mid-write).
let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await entry.shutdown().catch((error) => console.error("[shutdown]", error));
      process.exit(0);
    });
    server.closeIdleConnections?.();
  });
}
