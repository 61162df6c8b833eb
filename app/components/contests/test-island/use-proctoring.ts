import { useCallback, useEffect, useRef, useState } from "react";
import {
  DETECTOR_BASE,
  endWatch,
  FACE_WATCH_START,
  FIRST_ANSWER_MS,
  FRAME_EVERY_MS,
  SNAPSHOT_QUALITY,
  SNAPSHOT_SIDE,
  watchFrame,
  type FaceFlag,
  type FaceFrame,
  type FaceNotice,
  type Noticed,
} from "~/models/contests/sitting/face-watch";
import { evidenceApi } from "~/models/contests/paper/paper";
import { postJson } from "~/utils/post-json";

export type ProctoringEvent = "fullscreen_exit" | "tab_hidden" | "camera_lost" | "not_monitored" | FaceNotice;

/** Records an event for review; `keepalive` lets it outlive a closing tab. */
export function sendProctoringEvent(api: string, kind: ProctoringEvent, durationMs?: number) {
  void postJson(api, { intent: "event", kind, ...(durationMs === undefined ? {} : { durationMs }) }, { keepalive: true }).catch(() => {});
}

/**
 * Records a face check's flag: with its snapshot where one was taken (only with consent:
 * `paper.snapshots`), else, or if the snapshot is refused (the entry's cap), as an event.
 */
export function sendFaceFlag(contestId: string, api: string, flag: FaceFlag, snapshot: string | null) {
  const plain = () => sendProctoringEvent(api, flag.kind, flag.durationMs);
  if (!snapshot) return plain();
  void postJson(evidenceApi(contestId), { ...flag, snapshot }, { keepalive: true }).then(
    (res) => {
      if (!res.ok) plain();
    },
    plain,
  );
}

/** A small JPEG of the camera's picture now (base64), or null if it cannot be made small enough. */
async function snapshotOf(video: HTMLVideoElement): Promise<string | null> {
  const scale = Math.min(1, SNAPSHOT_SIDE / Math.max(video.videoWidth, video.videoHeight, 1));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
  canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
  canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", SNAPSHOT_QUALITY));
  if (!blob) return null;
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fullscreenAvailable() {
  return typeof document !== "undefined" && document.fullscreenEnabled === true && typeof document.documentElement.requestFullscreen === "function";
}

/**
 * Proctoring while the test runs (docs/product/contests.md §2 Test; docs/product/design.md §4): leaving
 * fullscreen or hiding the tab raises the warning and is recorded; closing the page
 * asks first. Without the Fullscreen API (iPhone Safari) the test runs full-viewport
 * and only hidden tabs are watched. Nothing is decided here: events are only stored.
 */
export function useProctoring(api: string, running: boolean, warnedBefore = 0) {
  // What was noticed last, and how many times this sitting: the warning says how many are left.
  const [warning, setWarning] = useState<{ kind: Noticed; count: number } | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [canFullscreen] = useState(fullscreenAvailable);

  // Counted from the warnings the server recorded before this page was loaded: a reload does not start again.
  const noticed = useRef(warnedBefore);
  /** Warns the student of what was noticed, with how many warnings are left (the face check records its flag itself). */
  const warn = useCallback((kind: Noticed) => {
    noticed.current += 1;
    setWarning({ kind, count: noticed.current });
  }, []);
  /** Warns the student and records the event. */
  const notice = useCallback(
    (kind: Noticed) => {
      warn(kind);
      sendProctoringEvent(api, kind);
    },
    [api, warn],
  );

  useEffect(() => {
    if (!running) return;
    // The page itself going (a reload, a link the student confirmed) leaves fullscreen and
    // hides the tab: that is not a warning, or a student who reloads loses one unseen.
    let leaving = false;
    const onPageHide = () => (leaving = true);
    const onPageShow = () => (leaving = false);
    const onFullscreen = () => {
      const on = Boolean(document.fullscreenElement);
      setFullscreen(on);
      if (!on && canFullscreen && !leaving) {
        notice("fullscreen_exit");
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden" && !leaving) {
        notice("tab_hidden");
      }
    };
    // Browsers show their own words for leaving; asking is what counts.
    const onUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = true;
    };
    document.addEventListener("fullscreenchange", onFullscreen);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("beforeunload", onUnload);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      document.removeEventListener("fullscreenchange", onFullscreen);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("beforeunload", onUnload);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
    };
  }, [running, canFullscreen, notice]);

  /** True when the test may go on: fullscreen entered, or not available on this device. */
  const enterFullscreen = useCallback(async () => {
    if (!canFullscreen) return true;
    try {
      await document.documentElement.requestFullscreen();
      setFullscreen(true);
      return true;
    } catch {
      return false;
    }
  }, [canFullscreen]);

  return { warning, warn, notice, dismissWarning: () => setWarning(null), fullscreen, canFullscreen, enterFullscreen };
}

/**
 * The on-device face check while the test runs (issue 47, point 1): a frame of the camera
 * every 1.5 s goes to a worker (public/proctor/v2/face-worker.js), so the test never
 * stutters; a sustained run of no face, more than one face or a head turned away is a
 * notice at once and a flag with its duration when it ends (the rules are
 * models/contests/sitting/face-watch.ts). No frame leaves the device, except one small
 * snapshot per flag where the student (or, under 18, their parent) agreed. A device that cannot
 * run it (no worker or OffscreenCanvas, no answer within 30 s, a crash) is
 * reported once as not monitored, for a person to look at: never a penalty by itself (a
 * refused or lost camera is recorded as such by the camera itself).
 */
export function useFaceWatch(input: {
  enabled: boolean;
  stream: MediaStream | null;
  /** Take a snapshot with each flag (consent given). */
  snapshots: boolean;
  onNotice: (kind: FaceNotice) => void;
  onFlag: (flag: FaceFlag, snapshot: string | null) => void;
  onUnavailable: () => void;
}) {
  const handlers = useRef(input);
  useEffect(() => {
    handlers.current = input;
  });
  const { enabled, stream, snapshots } = input;
  // True once the check has answered a frame: the student sees that it runs.
  const [watching, setWatching] = useState(false);

  useEffect(() => {
    if (!enabled || !stream) return;
    if (typeof Worker === "undefined" || typeof createImageBitmap === "undefined" || typeof OffscreenCanvas === "undefined") {
      handlers.current.onUnavailable();
      return;
    }
    const worker = new Worker(`${DETECTOR_BASE}/face-worker.js`, { type: "module" });
    // A video of its own: the preview's may be hidden or resized by the layout.
    const video = document.createElement("video");
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    void video.play().catch(() => {});
    let state = FACE_WATCH_START;
    let busy = false;
    let answered = false;
    let stopped = false;
    // The snapshot taken when the run was noticed, sent with its flag when the run ends.
    let snapshot: Promise<string | null> = Promise.resolve(null);
    const flag = (done: FaceFlag) => {
      const taken = snapshot;
      snapshot = Promise.resolve(null);
      void taken.then((jpeg) => handlers.current.onFlag(done, jpeg), () => handlers.current.onFlag(done, null));
    };
    // A run still going when the test ends or the page goes is flagged then.
    const flush = () => {
      const pending = endWatch(state);
      state = FACE_WATCH_START;
      if (pending) flag(pending);
    };
    window.addEventListener("pagehide", flush);
    const stop = () => {
      if (!stopped) flush();
      window.removeEventListener("pagehide", flush);
      stopped = true;
      setWatching(false);
      clearInterval(timer);
      clearTimeout(firstAnswer);
      worker.terminate();
      video.srcObject = null;
    };
    const giveUp = () => {
      if (stopped) return;
      stop();
      handlers.current.onUnavailable();
    };
    const firstAnswer = setTimeout(() => {
      if (!answered) giveUp();
    }, FIRST_ANSWER_MS);
    worker.onmessage = (event: MessageEvent<FaceFrame | { error: string }>) => {
      busy = false;
      if ("error" in event.data) return giveUp();
      if (!answered) setWatching(true);
      answered = true;
      const next = watchFrame(state, event.data);
      state = next.state;
      if (next.flag) flag(next.flag);
      if (next.notice) {
        if (snapshots) snapshot = snapshotOf(video).catch(() => null);
        handlers.current.onNotice(next.notice);
      }
    };
    worker.onerror = giveUp;
    const timer = setInterval(() => {
      if (busy || video.readyState < 2) return;
      busy = true;
      createImageBitmap(video).then(
        (frame) => worker.postMessage(frame, [frame]),
        () => (busy = false),
      );
    }, FRAME_EVERY_MS);
    return stop;
  }, [enabled, stream, snapshots]);
  return watching;
}
