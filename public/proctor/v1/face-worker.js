// The on-device face check's worker (issue 47, point 1; app/components/contests/test-island/use-proctoring.ts
// sends it a frame every 1.5 s and decides what a run of answers means). It counts the faces in
// each frame with @vladmandic/face-api's TinyFaceDetector and answers { faces } or { error }.
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
  await faceapi.nets.tinyFaceDetector.loadFromUri(new URL("./models", import.meta.url).pathname);
})();

const options = new faceapi.TinyFaceDetectorOptions({ inputSize: 224, scoreThreshold: 0.4 });

self.onmessage = async (event) => {
  const frame = event.data;
  try {
    await ready;
    const canvas = new OffscreenCanvas(frame.width, frame.height);
    canvas.getContext("2d").drawImage(frame, 0, 0);
    frame.close();
    const pixels = faceapi.tf.browser.fromPixels(canvas);
    const faces = await faceapi.detectAllFaces(pixels, options);
    pixels.dispose();
    self.postMessage({ faces: faces.length });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
