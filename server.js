// Starts StudyArena: the server itself (the front door, Remix, start-up and shutdown) is
// TypeScript in app/server/, compiled with the app into build/index.js by `remix build`.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const { startServer } = await import(pathToFileURL(path.join(root, "build/index.js")).href);
await startServer(root);
