import { useCallback, useEffect, useRef, useState } from "react";
import { postJson } from "~/utils/post-json";

export type ProctoringEvent = "fullscreen_exit" | "tab_hidden" | "camera_lost";

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
  const [warning, setWarning] = useState<{ kind: "fullscreen_exit" | "tab_hidden"; count: number } | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [canFullscreen] = useState(fullscreenAvailable);

  // Counted for this sitting of the page (a reload starts again; the server keeps every event).
  const noticed = useRef(0);

  useEffect(() => {
    if (!running) return;
    const notice = (kind: "fullscreen_exit" | "tab_hidden") => {
      noticed.current += 1;
      setWarning({ kind, count: noticed.current });
      sendProctoringEvent(api, kind);
    };
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
  }, [api, running, canFullscreen]);

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

  return { warning, dismissWarning: () => setWarning(null), fullscreen, canFullscreen, enterFullscreen };
}
