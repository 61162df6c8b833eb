// The production server: compression for slow networks, long-lived caching for
// fingerprinted assets, the cross-site POST check, then Remix.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
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
const server = app.listen(port, () => console.log(`StudyArena ready on http://localhost:${port}`));

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
