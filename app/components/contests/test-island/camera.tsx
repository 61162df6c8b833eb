import { useCallback, useEffect, useRef, useState } from "react";
import { useT } from "~/utils/i18n";

export type CameraStatus = "idle" | "asking" | "on" | "denied" | "lost";

/**
 * The student's camera, for the pre-test check and for the test itself. The picture
 * stays on the device (docs/product/design.md §4: no camera image leaves it); only whether the
 * camera is on is known to the page. `onLost` hears when a running camera stops.
 */
export function useCamera(onLost?: () => void) {
  const [status, setStatus] = useState<CameraStatus>("idle");
  const [stream, setStream] = useState<MediaStream | null>(null);
  const lost = useRef(onLost);
  useEffect(() => {
    lost.current = onLost;
  });

  const request = useCallback(async () => {
    setStatus("asking");
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error("no camera API");
      const media = await navigator.mediaDevices.getUserMedia({ video: { width: 320, height: 240 }, audio: false });
      for (const track of media.getVideoTracks()) {
        track.addEventListener("ended", () => {
          setStatus("lost");
          lost.current?.();
        });
      }
      setStream(media);
      setStatus("on");
      return true;
    } catch {
      setStatus("denied");
      return false;
    }
  }, []);

  // The camera is released when the page that asked for it goes away.
  useEffect(() => () => stream?.getTracks().forEach((t) => t.stop()), [stream]);

  return { status, stream, request };
}

export function CameraPreview({ stream, className }: { stream: MediaStream | null; className?: string }) {
  const { t } = useT();
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  return <video ref={video} className={className} autoPlay muted playsInline width={320} height={240} aria-label={t("test.camera")} />;
}

/** What the test and the camera check say without JavaScript (docs/product/design.md §3: the one island that needs it). */
export function NeedsJavaScript({ level = 2, practice = false, children }: { level?: 1 | 2; practice?: boolean; children?: React.ReactNode }) {
  const { t } = useT();
  const Heading = level === 1 ? "h1" : "h2";
  // Practice has no camera and no clock from the contest's start (issue 48, point 6).
  const notice = (
    <div className="alert alert-info">
      <Heading>{t(practice ? "test.needs.practiceTitle" : "test.needs.title")}</Heading>
      <p>{t(practice ? "test.needs.practiceText" : "test.needs.text")}</p>
      {children}
    </div>
  );
  // As the page's own heading, it stands in a section of its own.
  return <noscript>{level === 1 ? <section className="container narrow section">{notice}</section> : notice}</noscript>;
}
