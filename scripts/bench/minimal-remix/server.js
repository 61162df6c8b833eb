// The same Express, compression and Remix request handler as the app's server.js, in front of one route.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

const root = path.dirname(fileURLToPath(import.meta.url));
const build = await import(pathToFileURL(path.join(root, "build/index.js")).href);
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
app.all("*", createRequestHandler({ build }));
app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("minimal ready"));
