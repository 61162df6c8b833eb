// The on-device face check's worker (issue 47, point 1; app/components/contests/test-island/use-proctoring.ts
// sends it a frame every 1.5 s and decides what a run of answers means). It counts the faces in
// each frame with @vladmandic/face-api's TinyFaceDetector and, for exactly one face, reads its
// 68 landmarks (the tiny model) to say how far the head is turned sideways: it answers
// { faces, yaw } or { error }. A phone in view is not looked for: these models cannot see one.
// Nothing leaves the device: no frame, face or number is sent anywhere but back to the page.
// Served with face-api and its weights from our own origin, cached for good (scripts/copy-detector.js
// copies them here at build; the folder's version changes when any of them does).
import * as faceapi from "./face-api.esm.js";

// A worker has no DOM: face-api is told to draw on OffscreenCanvas.
const ready = (async () => {
  faceapi.env.setEnv({
    Canvas: OffscreenCanvas,
    CanvasRenderingContext2D: OffscreenCanvasRenderingContext2D,
    Image: class {},
    ImageData,
    Video: class {},
    createCanvasElement: () => new OffscreenCanvas(1, 1),
    createImageElement: () => {
      throw new Error("no images in a worker");
    },
    fetch: (...args) => fetch(...args),
    readFile: () => {
      throw new Error("no files in a worker");
    },
  });
  // WebGL where the device has it (about 0.3 s a frame on a cheap phone's GPU), else the CPU.
  if (!(await faceapi.tf.setBackend("webgl").catch(() => false))) await faceapi.tf.setBackend("cpu");
  await faceapi.tf.ready();
  const models = new URL("./models", import.meta.url).pathname;
  await Promise.all([faceapi.nets.tinyFaceDetector.loadFromUri(models), faceapi.nets.faceLandmark68TinyNet.loadFromUri(models)]);
})();

const options = new faceapi.TinyFaceDetectorOptions({ inputSize: 224, scoreThreshold: 0.4 });

/**
 * How far the head is turned sideways: the nose tip's distance from the middle of the eyes'
 * outer corners, along the line between them, as a share of its length (about 0 facing the
 * camera, about 0.3 at 40 degrees). Measured along the eyes' line, a head tilted to one
 * shoulder is not turned. Points 30, 36 and 45 of the 68-point scheme.
 */
function yawOf(points) {
  const nose = points[30];
  const left = points[36];
  const right = points[45];
  const ex = right.x - left.x;
  const ey = right.y - left.y;
  const length2 = ex * ex + ey * ey;
  if (!(length2 > 0)) return null;
  return ((nose.x - (left.x + right.x) / 2) * ex + (nose.y - (left.y + right.y) / 2) * ey) / length2;
}

self.onmessage = async (event) => {
  const frame = event.data;
  try {
    await ready;
    const canvas = new OffscreenCanvas(frame.width, frame.height);
    canvas.getContext("2d").drawImage(frame, 0, 0);
    frame.close();
    const pixels = faceapi.tf.browser.fromPixels(canvas);
    // The tiny landmark model (true) on each face found, cropped from the frame by face-api.
    const faces = await faceapi.detectAllFaces(pixels, options).withFaceLandmarks(true);
    pixels.dispose();
    self.postMessage({ faces: faces.length, yaw: faces.length === 1 ? yawOf(faces[0].landmarks.positions) : null });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
