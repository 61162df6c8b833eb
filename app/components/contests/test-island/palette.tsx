// The NTA question palette (docs/product/design.md §4): section tabs with their counts, one
// button per question of the section showing its status, and the legend with each
// status's count. On a desktop it sits on the right; on a phone it is a drawer.
import type { PaperQuestion, PaperSection, SavedAnswer } from "~/models/contests/paper";
import { STATUS_LABELS, STATUSES, statusCounts, statusOf } from "~/models/contests/palette";
import type { Language } from "~/components/contests/test-island/question-view";

/** A section's name in the student's language; an unnamed one by its place. */
export const sectionTitle = (section: PaperSection, index: number, language: Language) =>
  (language === "hi" && section.titleHi) || section.title || `Section ${index + 1}`;

export function SectionTabs(props: {
  sections: PaperSection[];
  questions: PaperQuestion[];
  answers: Record<string, SavedAnswer>;
  current: number;
  language: Language;
  onPick: (section: number) => void;
}) {
  if (props.sections.length < 2) return null;
  return (
    <div className="test-sections" role="group" aria-label="Sections">
      {props.sections.map((section, i) => {
        const ids = props.questions.filter((q) => q.section === i).map((q) => q.id);
        const counts = statusCounts(ids, props.answers);
        const answered = counts.answered + counts["answered-marked"];
        return (
          <button key={i} type="button" className={`test-section${i === props.current ? " is-current" : ""}`} aria-pressed={i === props.current} onClick={() => props.onPick(i)}>
            {sectionTitle(section, i, props.language)} <span className="test-section-count">{answered}/{ids.length}</span>
          </button>
        );
      })}
    </div>
  );
}

export function Palette(props: {
  sections: PaperSection[];
  questions: PaperQuestion[];
  answers: Record<string, SavedAnswer>;
  index: number;
  language: Language;
  open: boolean;
  onClose: () => void;
  onPick: (index: number) => void;
}) {
  const section = props.questions[props.index]!.section;
  const inSection = props.questions.flatMap((q, i) => (q.section === section ? [{ q, i }] : []));
  const counts = statusCounts(
    inSection.map(({ q }) => q.id),
    props.answers,
  );
  return (
    <section className={`test-palette${props.open ? " is-open" : ""}`} aria-label="Question Palette">
      <div className="test-palette-head">
        <h2>{props.sections.length > 1 ? sectionTitle(props.sections[section]!, section, props.language) : "Question Palette"}</h2>
        <button type="button" className="btn btn-ghost test-palette-close" onClick={props.onClose}>
          Close
        </button>
      </div>
      <ul className="test-legend">
        {STATUSES.map((status) => (
          <li key={status}>
            <span className={`test-pal test-pal-${status}`} aria-hidden="true">
              {counts[status]}
            </span>
            {STATUS_LABELS[status]}
          </li>
        ))}
      </ul>
      <nav className="test-nav" aria-label="Questions">
        {inSection.map(({ q, i }) => {
          const status = statusOf(props.answers[q.id]);
          return (
            <button
              key={q.id}
              type="button"
              className={`test-pal test-pal-${status}${i === props.index ? " is-current" : ""}`}
              aria-current={i === props.index ? "step" : undefined}
              aria-label={`Question ${i + 1}, ${STATUS_LABELS[status]}`}
              onClick={() => props.onPick(i)}
            >
              {i + 1}
            </button>
          );
        })}
      </nav>
    </section>
  );
}
