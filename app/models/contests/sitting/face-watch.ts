// The on-device face check's rules (issue 47, points 1 and 3): how often a frame is looked
// at, when a run of frames becomes something the student is warned of, and when it becomes
// a flag a reviewer sees, with how long it lasted. Never one frame: a student who looks
// down at rough work for a moment, or a detector that misses a face in poor light once, is
// not flagged. The detector itself runs in a worker (public/proctor/v2/face-worker.js);
// app/components/contests/test-island/use-proctoring.ts feeds it.

/** Where the worker, the library and its weights are served (scripts/copy-detector.js fills it). */
export const DETECTOR_BASE = "/proctor/v2";
/** Every file the worker loads: the camera check fetches them ahead (cached for good), so the test's check starts at once. */
export const DETECTOR_FILES = [
  "face-worker.js",
  "face-api.esm.js",
  "models/tiny_face_detector_model-weights_manifest.json",
  "models/tiny_face_detector_model.bin",
  "models/face_landmark_68_tiny_model-weights_manifest.json",
  "models/face_landmark_68_tiny_model.bin",
].map((file) => `${DETECTOR_BASE}/${file}`);
/** A frame every 1.5 s: enough to notice, little enough for a cheap phone. */
export const FRAME_EVERY_MS = 1500;
/** The detector has this long to load and answer its first frame; else the device is "not monitored". */
export const FIRST_ANSWER_MS = 30_000;

/** What the face check notices: each a warning, then a flag (the only events a snapshot may come with). */
export const FACE_NOTICES = ["no_face", "multiple_faces", "looking_away"] as const;
export type FaceNotice = (typeof FACE_NOTICES)[number];
/** Every event the student is warned of on the test screen: the count of warnings is of these. */
export const WARNED_KINDS = ["fullscreen_exit", "tab_hidden", ...FACE_NOTICES] as const;
export type Noticed = (typeof WARNED_KINDS)[number];

/** Frames in a row before each is a notice: no face about 4.5 s, two faces 3 s, looking away 6 s. */
export const FRAMES_NEEDED: Record<FaceNotice, number> = { no_face: 3, multiple_faces: 2, looking_away: 4 };
/** A run this long is flagged and a new one begins (a student away for five minutes is five flags, five warnings). */
export const FLAG_MAX_FRAMES = 40;
/**
 * The head turned sideways: the nose tip this far from the middle of the eyes, as a share
 * of the eyes' width, is about 40 degrees. Up and down is never counted: NTA gives rough
 * sheets, and looking down at one is no offence.
 */
export const LOOK_AWAY_YAW = 0.3;

/** A snapshot (only with consent) is a JPEG at most this wide or tall, at this quality: about 8 to 15 KB. */
export const SNAPSHOT_SIDE = 240;
export const SNAPSHOT_QUALITY = 0.6;

/** What the worker reports of one frame: the faces it found and, for exactly one, how far it is turned (null if unknown). */
export type FaceFrame = { faces: number; yaw: number | null };
/** The run of frames showing the same thing. */
export type FaceWatch = { kind: FaceNotice | null; frames: number };
export const FACE_WATCH_START: FaceWatch = { kind: null, frames: 0 };
/** A flag to record: what was seen and for how long. */
export type FaceFlag = { kind: FaceNotice; durationMs: number };

function seen(frame: FaceFrame): FaceNotice | null {
  if (frame.faces === 0) return "no_face";
  if (frame.faces > 1) return "multiple_faces";
  return frame.yaw !== null && Math.abs(frame.yaw) > LOOK_AWAY_YAW ? "looking_away" : null;
}

/** The run's flag, if it lasted long enough to be one. */
export function endWatch(state: FaceWatch): FaceFlag | null {
  return state.kind && state.frames >= FRAMES_NEEDED[state.kind] ? { kind: state.kind, durationMs: state.frames * FRAME_EVERY_MS } : null;
}

/**
 * The next state after a frame. `notice`: warn the student now (once per run, when it
 * reaches its length). `flag`: a run that was noticed has ended, or reached a minute; record it.
 */
export function watchFrame(state: FaceWatch, frame: FaceFrame): { state: FaceWatch; notice: FaceNotice | null; flag: FaceFlag | null } {
  const kind = seen(frame);
  if (kind !== null && kind === state.kind) {
    const frames = state.frames + 1;
    if (frames === FLAG_MAX_FRAMES) return { state: { kind, frames: 0 }, notice: null, flag: endWatch({ kind, frames }) };
    return { state: { kind, frames }, notice: frames === FRAMES_NEEDED[kind] ? kind : null, flag: null };
  }
  const flag = endWatch(state);
  const next = { kind, frames: kind ? 1 : 0 };
  return { state: next, notice: kind && FRAMES_NEEDED[kind] === 1 ? kind : null, flag };
}
