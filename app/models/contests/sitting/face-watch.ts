// The on-device face check's rules (issue 47, point 1): how often a frame is looked at, and
// when a run of answers becomes something the student is warned of. Never one frame: a
// student who looks down at rough work for a moment, or a detector that misses a face in
// poor light once, is not flagged. The detector itself runs in a worker
// (public/proctor/v1/face-worker.js); app/components/contests/test-island/use-proctoring.ts feeds it.

/** Where the worker, the library and its weights are served (scripts/copy-detector.js fills it). */
export const DETECTOR_BASE = "/proctor/v1";
/** Every file the worker loads: the camera check fetches them ahead (cached for good), so the test's check starts at once. */
export const DETECTOR_FILES = ["face-worker.js", "face-api.esm.js", "models/tiny_face_detector_model-weights_manifest.json", "models/tiny_face_detector_model.bin"].map(
  (file) => `${DETECTOR_BASE}/${file}`,
);
/** A frame every 1.5 s: enough to notice, little enough for a cheap phone. */
export const FRAME_EVERY_MS = 1500;
/** Frames in a row with no face before it counts: about 4.5 s. */
export const NO_FACE_FRAMES = 3;
/** Frames in a row with more than one face before it counts: about 3 s. */
export const MANY_FACES_FRAMES = 2;
/** The detector has this long to load and answer its first frame; else the device is "not monitored". */
export const FIRST_ANSWER_MS = 30_000;

export type FaceNotice = "no_face" | "multiple_faces";
export type FaceWatch = { noFace: number; many: number };
export const FACE_WATCH_START: FaceWatch = { noFace: 0, many: 0 };

/** The next state after a frame with `faces` faces, and what to warn of: once per run, when the run reaches its length. */
export function watchFrame(state: FaceWatch, faces: number): { state: FaceWatch; notice: FaceNotice | null } {
  const noFace = faces === 0 ? state.noFace + 1 : 0;
  const many = faces > 1 ? state.many + 1 : 0;
  const notice = noFace === NO_FACE_FRAMES ? "no_face" : many === MANY_FACES_FRAMES ? "multiple_faces" : null;
  return { state: { noFace, many }, notice };
}
