// The test's dialogs: the one frame, and the submission's question with a summary
// (how many answered, not answered and marked), so nobody submits a blank paper by mistake.
import type { PaperQuestion, SavedAnswer } from "~/models/contests/paper";
import { submitSummary } from "~/models/contests/palette";
import { TEST_MESSAGES } from "~/models/contests/test-rules";

export function Modal({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="test-modal-backdrop">
      <div className="dialog test-modal" role="dialog" aria-modal="true" aria-label={title}>
        <h2>{title}</h2>
        {children}
      </div>
    </div>
  );
}

export function SubmitDialog(props: { questions: PaperQuestion[]; answers: Record<string, SavedAnswer>; onCancel: () => void; onSubmit: () => void }) {
  const summary = submitSummary(
    props.questions.map((q) => q.id),
    props.answers,
  );
  return (
    <Modal title="Submit your test?">
      <dl className="test-summary">
        <div>
          <dt>Answered</dt>
          <dd>{summary.answered}</dd>
        </div>
        <div>
          <dt>Not Answered</dt>
          <dd>{summary.notAnswered}</dd>
        </div>
        <div>
          <dt>Marked for Review</dt>
          <dd>{summary.marked}</dd>
        </div>
      </dl>
      <p className="muted">Answered &amp; Marked for Review questions will be considered for evaluation.</p>
      {summary.answered === 0 ? (
        <p className="alert alert-error" role="alert">
          You have not answered any question: a blank paper gets no score and no rank.
        </p>
      ) : null}
      <p>{TEST_MESSAGES.confirmSubmit}</p>
      <div className="actions">
        <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={props.onSubmit}>
          Yes, submit
        </button>
      </div>
    </Modal>
  );
}
