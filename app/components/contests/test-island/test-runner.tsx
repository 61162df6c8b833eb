// The running test (docs/product/contests.md §2 Test, §4; the NTA screen of docs/product/design.md §4):
// instructions and 'Start Contest' in fullscreen, then one question at a time against
// the server's deadline with NTA's buttons, section tabs and question palette; a choice
// counting when the contest's save rule says (save-rule.ts), every change (a save, a
// mark, a first visit, the unsaved choice on screen) autosaved; proctoring warnings;
// and one submission after a summary.
import { useCallback, useEffect, useRef, useState } from "react";
import type { SaveStatus } from "~/components/contests/test-island/answer-queue";
import { CameraPreview, useCamera } from "~/components/contests/test-island/camera";
import { InstructionList, Instructions } from "~/components/contests/test-island/instructions";
import { Palette, SectionTabs, sectionTitle } from "~/components/contests/test-island/palette";
import { QuestionView } from "~/components/contests/test-island/question-view";
import { SubmitDialog, Modal } from "~/components/contests/test-island/submit-dialog";
import { useAutosave } from "~/components/contests/test-island/use-autosave";
import { sendFaceFlag, sendProctoringEvent, useFaceWatch, useProctoring } from "~/components/contests/test-island/use-proctoring";
import { useSubmission } from "~/components/contests/test-island/use-submission";
import { useTestKeys } from "~/components/contests/test-island/use-test-keys";
import { FACE_NOTICES, type Noticed } from "~/models/contests/sitting/face-watch";
import { practiceApi, testApi, type OpenPaper, type SavedAnswer } from "~/models/contests/paper/paper";
import { hasResponse, pickOption } from "~/models/contests/sitting/palette";
import { applyMove, shownResponse, type Move } from "~/models/contests/sitting/save-rule";
import { formatTimer, progressPercent, warningMessage } from "~/models/contests/sitting/test-rules";
import { QuestionClock } from "~/models/contests/sitting/question-clock";
import { useServerClock } from "~/utils/use-hydrated";
import { postJsonPatiently } from "~/utils/post-json";
import { richText, useT, type Locale, type MessageId } from "~/utils/i18n";

const SAVE_LABELS: Record<SaveStatus, MessageId> = {
  idle: "test.save.idle",
  saving: "test.save.saving",
  saved: "test.save.saved",
  offline: "test.save.offline",
  refused: "test.save.refused",
};

/** What the warning names (the test namespace's words). */
const NOTICED = {
  fullscreen_exit: "test.noticed.fullscreen_exit",
  tab_hidden: "test.noticed.tab_hidden",
  no_face: "test.noticed.no_face",
  multiple_faces: "test.noticed.multiple_faces",
  looking_away: "test.noticed.looking_away",
} as const satisfies Record<Noticed, MessageId>;

const FACE_KINDS = new Set<keyof typeof NOTICED>(FACE_NOTICES);

/**
 * At time-up, whether the server's deadline has moved (time given back for our outage):
 * the later deadline, or null to submit. A failed read submits, as before.
 */
async function laterDeadline(api: string, deadline: string): Promise<{ deadline: string; outageMinutes: number } | null> {
  try {
    const res = await fetch(api, { headers: { Accept: "application/json" } });
    if (!res.ok) return null;
    const fresh = (await res.json()) as Partial<OpenPaper>;
    return fresh.deadline && Date.parse(fresh.deadline) > Date.parse(deadline) ? { deadline: fresh.deadline, outageMinutes: fresh.outageMinutes ?? 0 } : null;
  } catch {
    return null;
  }
}

/** The running test; `language` is the student's default (the questions' and the screen's), chosen on the instructions. */
export function TestRunner({ paper, language, onLanguage }: { paper: OpenPaper; language: Locale; onLanguage: (language: Locale) => void }) {
  const { t, tm } = useT();
  const questions = paper.questions;
  // A practice attempt (issue 48, point 6): the same screen, unscored, without the camera, fullscreen or proctoring.
  const practice = paper.practice ?? null;
  const api = practice ? practiceApi(paper.contest.id) : testApi(paper.contest.id);

  const [started, setStarted] = useState(false);
  const [alert, setAlert] = useState<MessageId | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [languageOf, setLanguageOf] = useState<Record<string, Locale>>({});
  const [numberError, setNumberError] = useState(false);
  // NTA's instructions open from the test at any time, with the marking scheme.
  const [reading, setReading] = useState(false);

  const { answers, update, saveStatus, queue } = useAutosave(paper, api, started);
  // After a reload the test opens where it was left: on the question with an unsaved choice, if any.
  const [index, setIndex] = useState(() => Math.max(0, questions.findIndex((q) => answers[q.id]?.d)));
  const rule = paper.contest.saveRule;
  const camera = useCamera(() => sendProctoringEvent(api, "camera_lost"));
  const release = useCallback(async () => {
    camera.stream?.getTracks().forEach((t) => t.stop());
    if (document.fullscreenElement) await document.exitFullscreen().catch(() => {});
  }, [camera.stream]);
  const doneAt = practice ? `/contest/${paper.contest.id}/practice/${practice.attemptId}` : undefined;
  const { submit, submitting } = useSubmission({ api, contestId: paper.contest.id, queue, release, doneAt });
  const running = started && !submitting;
  const proctor = useProctoring(api, running && !practice, paper.warned);
  const watching = useFaceWatch({
    enabled: running && !practice && paper.camera && paper.contest.faceDetection,
    stream: camera.stream,
    snapshots: paper.snapshots,
    onNotice: proctor.warn,
    onFlag: (flag, snapshot) => sendFaceFlag(paper.contest.id, api, flag, snapshot),
    onUnavailable: () => sendProctoringEvent(api, "not_monitored"),
  });

  // The server's clock, carried from the time the paper was served.
  const now = useServerClock(paper.serverNow);
  // The deadline moves if our outage gave time back (outages.server.ts): asked again at time-up.
  const [{ deadline, outageMinutes }, setDeadline] = useState({ deadline: paper.deadline, outageMinutes: paper.outageMinutes ?? 0 });
  const left = Date.parse(deadline) - now.getTime();
  const timeUp = left <= 0;
  // The latest countTime (defined below), for the submissions that do not come from a click on the summary.
  const countTimeRef = useRef<() => void>(() => {});
  useEffect(() => {
    if (!timeUp) return;
    let live = true;
    void laterDeadline(api, deadline).then((later) => {
      if (!live) return;
      if (later) return setDeadline(later);
      // The time on the question on screen counts too (issue 48, point 5), as at any other submission.
      countTimeRef.current();
      void submit("time_up");
    });
    return () => {
      live = false;
    };
  }, [timeUp, submit, api, deadline]);

  const question = questions[index];
  // A question shown is visited (NTA's "Not Answered" from then on), saved like any change.
  useEffect(() => {
    if (running && question && answers[question.id] === undefined) update(question.id, {});
  }, [running, question, answers, update]);

  const start = async () => {
    setAlert(null);
    // Without the Fullscreen API (iPhone Safari) the test runs full-viewport instead (docs/product/design.md §4).
    if (!practice && !(await proctor.enterFullscreen())) return setAlert("test.fullscreenRequired");
    setStarted(true);
    // The test opens at its top, with the timer in view, however far the instructions were scrolled.
    window.scrollTo(0, 0);
    void postJsonPatiently(api, { intent: "start", fullscreen: proctor.canFullscreen }).catch(() => {});
    void queue.kick();
    // Practice, and a test-taker under 18 (issue 67, point 1), have no camera to ask for.
    if (practice || !paper.camera) return;
    // A refused or missing camera is recorded like a lost one; the test goes on (nothing auto-disqualifies).
    void camera.request().then((on) => {
      if (!on) sendProctoringEvent(api, "camera_lost");
    });
  };

  // Time on the question on screen (issue 48, point 5): whole seconds while it is shown and no
  // dialog covers it (question-clock.ts), added to its state with every change and when the student leaves it.
  const clock = useRef(new QuestionClock());
  useEffect(() => {
    clock.current.restart(performance.now(), running);
  }, [index, running]);
  const covered = reading || confirming || proctor.warning !== null;
  useEffect(() => {
    if (covered) clock.current.pause(performance.now());
    else clock.current.resume(performance.now(), running);
  }, [covered, running]);
  const timed = (id: string, state: SavedAnswer): SavedAnswer => {
    const elapsed = running ? clock.current.take(performance.now()) : 0;
    const t = (answers[id]?.t ?? 0) + elapsed;
    return t > 0 ? { ...state, t } : state;
  };
  /** The question on screen after a move (save-rule.ts); false when a save found no number to store. */
  const move = (m: Move) => {
    if (!question) return false;
    const next = applyMove(rule, answers[question.id], m);
    if (next === "not-a-number") {
      setNumberError(true);
      return false;
    }
    setNumberError(false);
    if (next !== answers[question.id]) update(question.id, timed(question.id, next));
    return true;
  };
  /** Counts the time on the question on screen now (before leaving it without a change, or submitting). */
  const countTime = () => {
    if (!question) return;
    const current = answers[question.id] ?? {};
    const counted = timed(question.id, current);
    if (counted.t !== current.t) update(question.id, counted);
  };
  useEffect(() => {
    countTimeRef.current = countTime;
  });
  /** To another question: an unsaved choice on this one is dropped (NTA's rule) unless it was just saved. */
  const go = (to: number, saved = false) => {
    if (!saved && question?.id && answers[question.id]?.d) move({ kind: "leave" });
    else if (!saved) countTime();
    setNumberError(false);
    setPaletteOpen(false);
    setIndex(Math.max(0, Math.min(questions.length - 1, to)));
  };
  const saveAnd = (marked: boolean) => {
    if (move({ kind: marked ? "save-mark" : "save" })) go(index + 1, true);
  };
  const pick = (n: number) => {
    if (!question || question.kind === "numerical") return;
    move({ kind: "choose", options: pickOption(question.kind, shownResponse(answers[question.id]).o ?? [], n) });
  };
  useTestKeys(running && !confirming && !proctor.warning, {
    // The key names the option shown in that place (A is the first shown), not its number.
    option: (i) => {
      const shown = question?.options[i];
      if (shown) pick(shown.n);
    },
    next: () => saveAnd(false),
    back: () => go(index - 1),
    mark: () => saveAnd(true),
  });

  if (questions.length === 0) {
    return (
      <Instructions paper={paper} language={language} onLanguage={onLanguage}>
        <p className="alert alert-info">{t("test.noQuestions")}</p>
      </Instructions>
    );
  }

  if (!started) {
    const answered = Object.values(answers).filter(hasResponse).length;
    return (
      <Instructions paper={paper} language={language} onLanguage={onLanguage}>
        {answered > 0 ? <p className="alert alert-info">{t("test.welcomeBack", { count: answered })}</p> : null}
        <p className="test-wait">{richText(t("test.timeLeft", { time: formatTimer(left) }), [(time) => <strong>{time}</strong>])}</p>
        {alert ? (
          <p className="alert alert-error" role="alert">
            {t(alert)}
          </p>
        ) : null}
        <button type="button" className="btn btn-primary btn-block" onClick={start}>
          {t(practice ? "test.practice.start" : "test.start")}
        </button>
        {!proctor.canFullscreen && !practice ? <p className="muted">{t("test.noFullscreen")}</p> : null}
      </Instructions>
    );
  }

  const q = question!;
  const percent = progressPercent(index, questions.length);
  const shown = shownResponse(answers[q.id]);
  const responded = hasResponse(shown);
  return (
    <div className="test-screen">
      <header className="test-bar">
        <strong className="test-title">{paper.contest.title}</strong>
        {practice ? <span className="badge tone-blue">{t("test.practice.tag")}</span> : null}
        {practice || !paper.camera ? null : <CameraPreview stream={camera.stream} className="test-camera" />}
        {camera.status === "denied" || camera.status === "lost" ? <span className="badge tone-orange">{t("test.cameraOff")}</span> : null}
        {watching ? <span className="badge tone-green">{t("test.watch.on")}</span> : null}
        {proctor.canFullscreen && !proctor.fullscreen && !practice ? (
          <button type="button" className="badge tone-orange test-return" onClick={() => void proctor.enterFullscreen()}>
            {t("test.returnFullscreen")}
          </button>
        ) : null}
        {outageMinutes > 0 ? (
          <span className="badge tone-green" role="status">
            {t("test.outage.given", { minutes: outageMinutes })}
          </span>
        ) : null}
        <span className={`test-timer${left < 60_000 ? " is-low" : ""}`} role="timer" aria-label={t("test.timeLeftLabel")}>
          {formatTimer(left)}
        </span>
        {/* In view on every width, as on NTA's screen: where the student is, and the way to the rules and to submit. */}
        <span className="test-where">
          {t("test.where", { n: index + 1, total: questions.length })}
          {paper.sections.length > 1 ? ` · ${sectionTitle(paper.sections[q.section]!, q.section, language, t)}` : null}
        </span>
        <button type="button" className="btn btn-ghost test-bar-button" onClick={() => setReading(true)}>
          {t("test.ins.tag")}
        </button>
        <button type="button" className="btn btn-primary test-bar-button" onClick={() => setConfirming(true)} disabled={!running}>
          {t("test.submit")}
        </button>
        <span className="test-save" role="status">
          {/* Visits and marks are saved too, but until something is answered no answer is. */}
          {t(SAVE_LABELS[saveStatus === "saved" && !Object.values(answers).some(hasResponse) ? "idle" : saveStatus])}
        </span>
      </header>

      <SectionTabs sections={paper.sections} questions={questions} answers={answers} current={q.section} language={language} onPick={(s) => go(questions.findIndex((x) => x.section === s))} />

      <div className="test-body">
        <div className="test-main">
          {/* Decorative: the line below says the same in words (a div may not carry a label). */}
          <div className="test-progress" aria-hidden="true">
            <span style={{ width: `${percent}%` }} />
          </div>
          <p className="muted test-count">
            {t("test.count", { n: index + 1, total: questions.length, percent })}
            <button type="button" className="btn btn-ghost test-palette-toggle" aria-expanded={paletteOpen} onClick={() => setPaletteOpen(true)}>
              {t("test.palette")}
            </button>
          </p>

          <QuestionView
            question={q}
            number={index + 1}
            response={shown}
            keyboard={paper.contest.typing}
            language={languageOf[q.id] ?? language}
            hindi={paper.hindi}
            disabled={!running}
            onLanguage={(l) => setLanguageOf((m) => ({ ...m, [q.id]: l }))}
            onPick={pick}
            onType={(value) => move({ kind: "type", value })}
          />
          {numberError ? (
            <p className="alert alert-error" role="alert">
              {t("test.numberHint")}
            </p>
          ) : null}

          <div className="test-moves">
            <button type="button" className="btn btn-primary" onClick={() => saveAnd(false)} disabled={!running}>
              {t("test.saveNext")}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => move({ kind: "clear" })} disabled={!running}>
              {t("test.clear")}
            </button>
            <button type="button" className="btn btn-warn" onClick={() => saveAnd(true)} disabled={!running || !responded}>
              {t("test.saveMark")}
            </button>
            <button type="button" className="btn btn-mark" onClick={() => saveAnd(true)} disabled={!running}>
              {t("test.markNext")}
            </button>
          </div>
          <div className="actions test-ends">
            <button type="button" className="btn btn-ghost" onClick={() => go(index - 1)} disabled={index === 0}>
              {t("test.back")}
            </button>
          </div>
          <p className="muted test-keys">{t("test.keys")}</p>
        </div>

        <Palette sections={paper.sections} questions={questions} answers={answers} index={index} language={language} open={paletteOpen} onClose={() => setPaletteOpen(false)} onPick={go} />
      </div>

      {reading && !submitting && !confirming ? (
        <Modal title={t("test.ins.tag")}>
          <div className="test-modal-scroll">
            <InstructionList paper={paper} language={language} />
          </div>
          <div className="actions">
            <button type="button" className="btn btn-primary" onClick={() => setReading(false)}>
              {t("test.ins.back")}
            </button>
          </div>
        </Modal>
      ) : null}
      {submitting ? (
        <Modal title={t("test.submitting")}>
          <p>{t("test.submittingText")}</p>
        </Modal>
      ) : confirming ? (
        <SubmitDialog
          questions={questions}
          answers={answers}
          onCancel={() => setConfirming(false)}
          onSubmit={() => {
            countTime();
            void submit("manual");
          }}
        />
      ) : proctor.warning ? (
        <Modal title={t(FACE_KINDS.has(proctor.warning.kind) ? "test.watch.title" : "test.left")}>
          <p>
            <strong>{t(NOTICED[proctor.warning.kind])}</strong> {tm(warningMessage(proctor.warning.count))}
          </p>
          <p>{t(FACE_KINDS.has(proctor.warning.kind) ? "test.watch.text" : "test.leftText")}</p>
          <div className="actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                proctor.dismissWarning();
                void proctor.enterFullscreen();
              }}
            >
              {t("test.continue")}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                countTime();
                void submit("left");
              }}
            >
              {t("test.submit")}
            </button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
