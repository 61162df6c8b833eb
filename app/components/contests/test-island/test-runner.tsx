// The running test (docs/product/contests.md §2 Test, §4): instructions and 'Start Contest' in
// fullscreen, one question at a time against the server's deadline, each choice
// autosaved, proctoring warnings, and one submission.
import { useCallback, useEffect, useState } from "react";
import type { SaveStatus } from "~/components/contests/test-island/answer-queue";
import { CameraPreview, useCamera } from "~/components/contests/test-island/camera";
import { Instructions } from "~/components/contests/test-island/instructions";
import { useAutosave } from "~/components/contests/test-island/use-autosave";
import { sendProctoringEvent, useProctoring } from "~/components/contests/test-island/use-proctoring";
import { useSubmission } from "~/components/contests/test-island/use-submission";
import { testApi, type OpenPaper } from "~/models/contests/paper";
import { formatTimer, progressPercent, SUBMIT_REASONS, TEST_MESSAGES } from "~/models/contests/test-rules";
import { useServerClock } from "~/utils/use-hydrated";
import { postJsonPatiently } from "~/utils/post-json";

const SAVE_LABELS: Record<SaveStatus, string> = {
  idle: "No answers saved yet",
  saving: "Saving…",
  saved: "All answers saved",
  offline: "Offline: answers will be saved when you reconnect",
  refused: "Some answers were not saved",
};

export function TestRunner({ paper }: { paper: OpenPaper }) {
  const questions = paper.questions;
  const api = testApi(paper.contest.id);

  const [started, setStarted] = useState(false);
  const [index, setIndex] = useState(0);
  const [alert, setAlert] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const { answers, choose, saveStatus, queue } = useAutosave(paper, api, started);
  const camera = useCamera(() => sendProctoringEvent(api, "camera_lost"));
  const release = useCallback(async () => {
    camera.stream?.getTracks().forEach((t) => t.stop());
    if (document.fullscreenElement) await document.exitFullscreen().catch(() => {});
  }, [camera.stream]);
  const { submit, submitting } = useSubmission({ api, contestId: paper.contest.id, queue, release });
  const running = started && !submitting;
  const proctor = useProctoring(api, running);

  // The server's clock, carried from the time the paper was served.
  const now = useServerClock(paper.serverNow);
  const left = Date.parse(paper.deadline) - now.getTime();
  const timeUp = left <= 0;
  useEffect(() => {
    if (timeUp) void submit(SUBMIT_REASONS.timeUp);
  }, [timeUp, submit]);

  const start = async () => {
    setAlert(null);
    // Without the Fullscreen API (iPhone Safari) the test runs full-viewport instead (docs/product/design.md §4).
    if (!(await proctor.enterFullscreen())) return setAlert(TEST_MESSAGES.fullscreenRequired);
    setStarted(true);
    void postJsonPatiently(api, { intent: "start", fullscreen: proctor.canFullscreen }).catch(() => {});
    void queue.kick();
    // A refused or missing camera is recorded like a lost one; the test goes on (nothing auto-disqualifies).
    void camera.request().then((on) => {
      if (!on) sendProctoringEvent(api, "camera_lost");
    });
  };

  if (questions.length === 0) {
    return (
      <Instructions paper={paper}>
        <p className="alert alert-info">This contest has no questions yet. Please contact support.</p>
      </Instructions>
    );
  }

  if (!started) {
    const answered = Object.keys(answers).length;
    return (
      <Instructions paper={paper}>
        {answered > 0 ? <p className="alert alert-info">Welcome back: {answered} saved {answered === 1 ? "answer is" : "answers are"} kept.</p> : null}
        <p className="test-wait">
          Time left: <strong>{formatTimer(left)}</strong>
        </p>
        {alert ? (
          <p className="alert alert-error" role="alert">
            {alert}
          </p>
        ) : null}
        <button type="button" className="btn btn-primary btn-block" onClick={start}>
          Start Contest
        </button>
        {!proctor.canFullscreen ? <p className="muted">This browser cannot go fullscreen: the test fills the screen instead, and leaving the tab is recorded.</p> : null}
      </Instructions>
    );
  }

  const question = questions[index]!;
  const last = index === questions.length - 1;
  const percent = progressPercent(index, questions.length);
  return (
    <div className="test-screen">
      <header className="test-bar">
        <strong className="test-title">{paper.contest.title}</strong>
        <span className={`test-timer${left < 60_000 ? " is-low" : ""}`} role="timer" aria-label="Time left">
          {formatTimer(left)}
        </span>
        <span className="test-save" role="status">
          {SAVE_LABELS[saveStatus]}
        </span>
        {proctor.canFullscreen && !proctor.fullscreen ? (
          <button type="button" className="badge tone-orange test-return" onClick={() => void proctor.enterFullscreen()}>
            Return to Fullscreen
          </button>
        ) : null}
        <CameraPreview stream={camera.stream} className="test-camera" />
        {camera.status === "denied" || camera.status === "lost" ? <span className="badge tone-orange">Camera off</span> : null}
      </header>

      <div className="test-progress" aria-label={`Question ${index + 1} of ${questions.length}, ${percent}%`}>
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="muted test-count">
        Question {index + 1} of {questions.length} · {percent}%
      </p>

      <fieldset className="card test-question" key={question.id}>
        <legend>
          <span className="visually-hidden">Question {index + 1}: </span>
          {question.text}
        </legend>
        {question.options.map((option, i) => (
          <label key={i} className={`test-option${answers[question.id] === i ? " is-chosen" : ""}`}>
            <input type="radio" name={`q-${question.id}`} checked={answers[question.id] === i} onChange={() => choose(question.id, i)} disabled={!running} />
            {option}
          </label>
        ))}
      </fieldset>

      <div className="actions test-moves">
        <button type="button" className="btn btn-ghost" onClick={() => setIndex(index - 1)} disabled={index === 0}>
          Previous
        </button>
        {last ? (
          <button type="button" className="btn btn-primary" onClick={() => setConfirming(true)} disabled={!running}>
            Submit Test
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => setIndex(index + 1)}>
            Next
          </button>
        )}
      </div>

      <nav className="test-nav" aria-label="Questions">
        {questions.map((q, i) => {
          const state = i === index ? "current" : answers[q.id] !== undefined ? "answered" : "unanswered";
          return (
            <button key={q.id} type="button" className={`test-nav-${state}`} aria-current={i === index ? "step" : undefined} aria-label={`Question ${i + 1}, ${answers[q.id] !== undefined ? "answered" : "not answered"}`} onClick={() => setIndex(i)}>
              {i + 1}
            </button>
          );
        })}
      </nav>

      {submitting ? (
        <Modal title="Submitting your answers…">
          <p>Please wait while your answers are saved.</p>
        </Modal>
      ) : confirming ? (
        <Modal title="Submit your test?">
          <p>{TEST_MESSAGES.confirmSubmit}</p>
          <div className="actions">
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void submit(SUBMIT_REASONS.manual)}>
              Yes, submit
            </button>
          </div>
        </Modal>
      ) : proctor.warning ? (
        <Modal title="You left the test">
          <p>Leaving fullscreen or switching tabs is recorded. Go back to the test, or submit your answers now.</p>
          <div className="actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                proctor.dismissWarning();
                void proctor.enterFullscreen();
              }}
            >
              Continue Test
            </button>
            <button type="button" className="btn btn-danger" onClick={() => void submit(SUBMIT_REASONS.left)}>
              Submit Test
            </button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}

function Modal({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="test-modal-backdrop">
      <div className="dialog test-modal" role="dialog" aria-modal="true" aria-label={title}>
        <h2>{title}</h2>
        {children}
      </div>
    </div>
  );
}
