// `npm run build` (and dev) first: copies the face check's library and weights from
// node_modules into public/proctor/v2/, beside our worker (public/proctor/v2/face-worker.js),
// so every byte is served from our own origin (issue 47, point 1). The folder's name is
// DETECTOR_BASE in app/models/contests/sitting/face-watch.ts: change both when any file changes.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const root = path.dirname(require.resolve("@vladmandic/face-api/package.json"));
const target = path.resolve("public/proctor/v2");
fs.mkdirSync(path.join(target, "models"), { recursive: true });
fs.copyFileSync(path.join(root, "dist/face-api.esm.js"), path.join(target, "face-api.esm.js"));
const weights = ["tiny_face_detector_model", "face_landmark_68_tiny_model"].flatMap((model) => [`${model}-weights_manifest.json`, `${model}.bin`]);
for (const file of weights) {
  fs.copyFileSync(path.join(root, "model", file), path.join(target, "models", file));
}
