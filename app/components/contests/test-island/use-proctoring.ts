import { useCallback, useEffect, useRef, useState } from "react";
import { DETECTOR_BASE, FACE_WATCH_START, FIRST_ANSWER_MS, FRAME_EVERY_MS, watchFrame, type FaceNotice } from "~/models/contests/sitting/face-watch";
import { postJson } from "~/utils/post-json";

export type ProctoringEvent = "fullscreen_exit" | "tab_hidden" | "camera_lost" | "no_face" | "multiple_faces" | "not_monitored";
/** What the student is warned of (the face check's notices come from useFaceWatch below). */
export type Noticed = "fullscreen_exit" | "tab_hidden" | "no_face" | "multiple_faces";

/** Records an event for review; `keepalive` lets it outlive a closing tab. */
export function sendProctoringEvent(api: string, kind: ProctoringEvent) {
  void postJson(api, { intent: "event", kind }, { keepalive: true }).catch(() => {});
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
export function useProctoring(api: string, running: boolean) {
  // What was noticed last, and how many times this sitting: the warning says how many are left.
  const [warning, setWarning] = useState<{ kind: Noticed; count: number } | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [canFullscreen] = useState(fullscreenAvailable);

  // Counted for this sitting of the page (a reload starts again; the server keeps every event).
  const noticed = useRef(0);
  /** Warns the student of what was noticed, with how many warnings are left, and records it. */
  const notice = useCallback(
    (kind: Noticed) => {
      noticed.current += 1;
      setWarning({ kind, count: noticed.current });
      sendProctoringEvent(api, kind);
    },
    [api],
  );

  useEffect(() => {
    if (!running) return;
    const onFullscreen = () => {
      const on = Boolean(document.fullscreenElement);
      setFullscreen(on);
      if (!on && canFullscreen) {
        notice("fullscreen_exit");
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") {
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
    return () => {
      document.removeEventListener("fullscreenchange", onFullscreen);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("beforeunload", onUnload);
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

  return { warning, notice, dismissWarning: () => setWarning(null), fullscreen, canFullscreen, enterFullscreen };
}

/**
 * The on-device face check while the test runs (issue 47, point 1): a frame of the camera
 * every 1.5 s goes to a worker (public/proctor/v1/face-worker.js), so the test never
 * stutters; a sustained run of no face or more than one face is a notice (the rules are
 * models/contests/sitting/face-watch.ts). No frame leaves the device. A device that cannot
 * run it (no worker or OffscreenCanvas, no answer within 30 s, a crash) is
 * reported once as not monitored, for a person to look at: never a penalty by itself (a
 * refused or lost camera is recorded as such by the camera itself).
 */
export function useFaceWatch(input: { enabled: boolean; stream: MediaStream | null; onNotice: (kind: FaceNotice) => void; onUnavailable: () => void }) {
  const handlers = useRef(input);
  useEffect(() => {
    handlers.current = input;
  });
  const { enabled, stream } = input;
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
    const stop = () => {
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
    worker.onmessage = (event: MessageEvent<{ faces: number } | { error: string }>) => {
      busy = false;
      if ("error" in event.data) return giveUp();
      if (!answered) setWatching(true);
      answered = true;
      const next = watchFrame(state, event.data.faces);
      state = next.state;
      if (next.notice) handlers.current.onNotice(next.notice);
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
  }, [enabled, stream]);
  return watching;
}
