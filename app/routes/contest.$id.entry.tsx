import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { notFoundBoundary } from "~/components/not-found";
import { CameraPreview, NeedsJavaScript, useCamera } from "~/components/contests/test-island/camera";
import { db } from "~/db/client.server";
import { requireContestStage } from "~/models/contests/stage.server";
import { CONTEST_RULES } from "~/models/contests/rules";
import { useT } from "~/utils/i18n";
import { i18nFor } from "~/utils/i18n.server";
import { formatDateTime } from "~/utils/dates";
import { startsInLabel, TEST_MESSAGES } from "~/models/contests/test-rules";
import { useHydrated, useServerClock } from "~/utils/use-hydrated";

// The pre-test screen (docs/product/contests.md §2 Pre-test): the camera check before the test.
// Open to the enrolled student from enrolment until the deadline.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Camera check: ${data.contest.title} — StudyArena` : "Contest Not Found — StudyArena" },
  { name: "description", content: "Check your camera before your StudyArena contest test." },
];

export async function loader(args: LoaderFunctionArgs) {
  const { contest } = await requireContestStage(db, args, "entry");
  return {
    contest: { id: contest.id, title: contest.title, description: contest.description, start_time: contest.start_time },
    serverNow: new Date().toISOString(),
    // The rules' words so far (the rest of the page is not in Hindi yet).
    messages: i18nFor(args.request, args.context, "contest").messages,
  };
}

export default function PreTest() {
  const { contest, serverNow } = useLoaderData<typeof loader>();
  const now = useServerClock(serverNow);
  const hydrated = useHydrated();
  const camera = useCamera();
  const navigate = useNavigate();
  const [asked, setAsked] = useState(false);
  const granted = camera.status === "on";
  const started = startsInLabel(new Date(contest.start_time), now);
  const { t } = useT();

  const allow = async () => {
    setAsked(true);
    await camera.request();
  };

  return (
    <section className="container narrow section">
      <h1>{contest.title}</h1>
      <p className="muted">{contest.description}</p>
      <div className="card">
        <p className="muted">{started === "Contest Started" ? "The test is open." : "Starts in"}</p>
        <p className="starts-in" role="timer" aria-live="off">
          {started}
        </p>
        <p className="muted">Start time: {formatDateTime(contest.start_time)} IST</p>
      </div>

      <div className="card camera-check" style={{ marginTop: "1rem" }}>
        <h2>Camera check</h2>
        <NeedsJavaScript />
        <CameraPreview stream={camera.stream} />
        {camera.status === "denied" ? (
          <p className="alert alert-error" role="alert">
            {TEST_MESSAGES.cameraRequired}
          </p>
        ) : null}
        {granted ? <p className="alert alert-success">Your camera works. You are ready.</p> : null}
        {hydrated && !granted ? (
          <button type="button" className="btn btn-ghost" onClick={allow}>
            Allow Camera
          </button>
        ) : null}
        <button type="button" className="btn btn-primary btn-block" disabled={!granted} onClick={() => navigate(`/contest/${contest.id}/test`)}>
          Submit Entry
        </button>
      </div>

      <div className="card" style={{ marginTop: "1rem" }}>
        <h2>Rules</h2>
        <ul>
          {CONTEST_RULES.map((rule) => (
            <li key={rule}>{t(rule)}</li>
          ))}
        </ul>
      </div>

      {hydrated && !asked ? (
        <div className="test-modal-backdrop">
          <div className="dialog test-modal" role="dialog" aria-modal="true" aria-labelledby="camera-title">
            <h2 id="camera-title">Camera Permission</h2>
            <p>The test keeps your camera on. The picture stays on your device: nothing is recorded or uploaded.</p>
            <div className="actions">
              <button type="button" className="btn btn-primary" onClick={allow}>
                Allow Camera
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "Contest Not Found", action: { label: "Back to Home", to: "/" } });
