// The test's dialogs: the one frame, and the submission's question with a summary
// (how many answered, not answered and marked), so nobody submits a blank paper by mistake.
import type { PaperQuestion, SavedAnswer } from "~/models/contests/paper/paper";
import { submitSummary } from "~/models/contests/sitting/palette";
import { useT } from "~/utils/i18n";

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
  const { t } = useT();
  const summary = submitSummary(
    props.questions.map((q) => q.id),
    props.answers,
  );
  return (
    <Modal title={t("test.confirm.title")}>
      <dl className="test-summary">
        <div>
          <dt>{t("test.status.answered")}</dt>
          <dd>{summary.answered}</dd>
        </div>
        <div>
          <dt>{t("test.status.notAnswered")}</dt>
          <dd>{summary.notAnswered}</dd>
        </div>
        <div>
          <dt>{t("test.status.marked")}</dt>
          <dd>{summary.marked}</dd>
        </div>
      </dl>
      <p className="muted">{t("test.confirm.evaluated")}</p>
      {summary.answered === 0 ? (
        <p className="alert alert-error" role="alert">
          {t("test.confirm.blank")}
        </p>
      ) : null}
      <p>{t("test.confirm.question")}</p>
      <div className="actions">
        <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
          {t("test.confirm.cancel")}
        </button>
        <button type="button" className="btn btn-primary" onClick={props.onSubmit}>
          {t("test.confirm.yes")}
        </button>
      </div>
    </Modal>
  );
}
