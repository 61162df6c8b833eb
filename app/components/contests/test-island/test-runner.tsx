// The running test (contests.md §2 Test, §4): instructions and 'Start Contest' in
// fullscreen, one question at a time against the server's deadline, each choice
// autosaved, proctoring warnings, and one submission.
import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { AnswerQueue, type SaveStatus, type SendResult } from "~/components/contests/test-island/answer-queue";
import { useServerClock } from "~/utils/use-hydrated";
import {
  formatTimer,
  progressPercent,
  SUBMIT_REASONS,
  TEST_MESSAGES,
  WITH_ERRORS,
  type SubmitError,
  type SubmitReason,
} from "~/models/contests/test-rules";
import { CameraPreview, useCamera } from "~/components/contests/test-island/camera";
import { Instructions, postJson, testApi, type Paper } from "~/components/contests/test-island/shared";

type Phase = "instructions" | "running" | "submitting";

const SAVE_LABELS: Record<SaveStatus, string> = {
  idle: "",
  saving: "Saving…",
  saved: "All answers saved",
  offline: "Offline: answers will be saved when you reconnect",
  refused: "Some answers were not saved",
};

function fullscreenAvailable() {
  return typeof document !== "undefined" && document.fullscreenEnabled === true && typeof document.documentElement.requestFullscreen === "function";
}

export function TestRunner({ paper }: { paper: Paper }) {
  const navigate = useNavigate();
  const questions = paper.questions ?? [];
  const api = testApi(paper.contest.id);
  const deadline = Date.parse(paper.deadline);

  const [phase, setPhase] = useState<Phase>("instructions");
  const [index, setIndex] = useState(0);
  const [saveStatus, setSaveStatus] = useState<SaveStatus>("idle");
  const [alert, setAlert] = useState<string | null>(null);
  const [warning, setWarning] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [canFullscreen] = useState(fullscreenAvailable);
  const submitted = useRef(false);

  const sendEvent = useCallback(
    (kind: "fullscreen_exit" | "tab_hidden" | "camera_lost") => void postJson(api, { intent: "event", kind }, true).catch(() => {}),
    [api],
  );
  const camera = useCamera(() => sendEvent("camera_lost"));

  const queue = useMemo(
    () =>
      new AnswerQueue({
        key: `studyarena:answers:${paper.entryId}`,
        storage: typeof localStorage === "undefined" ? null : localStorage,
        onStatus: setSaveStatus,
        send: async (questionId, choice): Promise<SendResult> => {
          const res = await postJson(api, { intent: "answer", questionId, choice });
          if (res.ok) return "saved";
          return res.status >= 500 || res.status === 429 ? "retry" : "refused";
        },
      }),
    [api, paper.entryId],
  );
  // Saved on the server, overlaid with choices still waiting from before a reload.
  const [answers, setAnswers] = useState<Record<string, number>>(() => ({ ...(paper.answers ?? {}), ...Object.fromEntries(queue.waiting()) }));

  const choose = (questionId: string, choice: number) => {
    setAnswers((a) => ({ ...a, [questionId]: choice }));
    queue.set(questionId, choice);
  };

  const submit = useCallback(
    async (reason: SubmitReason) => {
      if (submitted.current) return;
      submitted.current = true;
      setPhase("submitting");
      setWarning(false);
      setConfirming(false);
      let error: SubmitError | null = null;
      if (!(await queue.flush(8000))) error = "network";
      else if (queue.refusedAny) error = "refused";
      try {
        const res = await postJson(api, { intent: "submit", reason, withErrors: error !== null });
        if (!res.ok) error ??= "submit";
      } catch {
        error ??= "submit";
      }
      camera.stream?.getTracks().forEach((t) => t.stop());
      if (document.fullscreenElement) await document.exitFullscreen().catch(() => {});
      const params = new URLSearchParams({ reason: error ? reason + WITH_ERRORS : reason });
      if (error) params.set("error", error);
      navigate(`/contest/${paper.contest.id}/complete?${params}`, { replace: true });
    },
    [api, camera.stream, navigate, paper.contest.id, queue],
  );

  // The server's clock, carried from the time the paper was served.
  const now = useServerClock(paper.serverNow);
  const left = deadline - now.getTime();
  const timeUp = left <= 0;
  useEffect(() => {
    if (timeUp) void submit(SUBMIT_REASONS.timeUp);
  }, [timeUp, submit]);

  // While the test runs: proctoring, the unload prompt, and retries when the phone is back online.
  useEffect(() => {
    if (phase !== "running") return;
    const onFullscreen = () => {
      const on = Boolean(document.fullscreenElement);
      setFullscreen(on);
      if (!on && canFullscreen) {
        setWarning(true);
        sendEvent("fullscreen_exit");
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") {
        setWarning(true);
        sendEvent("tab_hidden");
      }
    };
    const onUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = TEST_MESSAGES.leave;
      return TEST_MESSAGES.leave;
    };
    const onOnline = () => void queue.kick();
    document.addEventListener("fullscreenchange", onFullscreen);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("beforeunload", onUnload);
    window.addEventListener("online", onOnline);
    return () => {
      document.removeEventListener("fullscreenchange", onFullscreen);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("beforeunload", onUnload);
      window.removeEventListener("online", onOnline);
    };
  }, [phase, canFullscreen, queue, sendEvent]);

  const enterFullscreen = async () => {
    if (!canFullscreen) return true;
    try {
      await document.documentElement.requestFullscreen();
      setFullscreen(true);
      return true;
    } catch {
      return false;
    }
  };

  const start = async () => {
    setAlert(null);
    // Without the Fullscreen API (iPhone Safari) the test runs full-viewport instead (DESIGN.md §4).
    if (!(await enterFullscreen())) return setAlert(TEST_MESSAGES.fullscreenRequired);
    setPhase("running");
    void postJson(api, { intent: "start", fullscreen: canFullscreen }).catch(() => {});
    void queue.kick();
    // A refused or missing camera is recorded like a lost one; the test goes on (nothing auto-disqualifies).
    void camera.request().then((on) => {
      if (!on) sendEvent("camera_lost");
    });
  };

  if (questions.length === 0) {
    return (
      <Instructions paper={paper}>
        <p className="alert alert-info">This contest has no questions yet. Please contact support.</p>
      </Instructions>
    );
  }

  if (phase === "instructions") {
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
        {!canFullscreen ? <p className="muted">This browser cannot go fullscreen: the test fills the screen instead, and leaving the tab is recorded.</p> : null}
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
        {canFullscreen && !fullscreen ? (
          <button type="button" className="badge tone-orange test-return" onClick={() => void enterFullscreen()}>
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
            <input type="radio" name={`q-${question.id}`} checked={answers[question.id] === i} onChange={() => choose(question.id, i)} disabled={phase !== "running"} />
            {option}
          </label>
        ))}
      </fieldset>

      <div className="actions test-moves">
        <button type="button" className="btn btn-ghost" onClick={() => setIndex(index - 1)} disabled={index === 0}>
          Previous
        </button>
        {last ? (
          <button type="button" className="btn btn-primary" onClick={() => setConfirming(true)} disabled={phase !== "running"}>
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

      {phase === "submitting" ? (
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
      ) : warning ? (
        <Modal title="You left the test">
          <p>Leaving fullscreen or switching tabs is recorded. Go back to the test, or submit your answers now.</p>
          <div className="actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setWarning(false);
                void enterFullscreen();
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
