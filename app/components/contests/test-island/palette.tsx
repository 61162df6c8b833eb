// The NTA question palette (docs/product/design.md §4): section tabs with their counts, one
// button per question of the section showing its status, and the legend with each
// status's count. On a desktop it sits on the right; on a phone it is a drawer.
import type { PaperQuestion, PaperSection, SavedAnswer } from "~/models/contests/paper/paper";
import { STATUS_MESSAGES, STATUSES, statusCounts, statusOf } from "~/models/contests/sitting/palette";
import { useT, type Locale, type Translate } from "~/utils/i18n";

/** A section's name in the student's language; an unnamed one by its place. */
export const sectionTitle = (section: PaperSection, index: number, language: Locale, t: Translate) =>
  (language === "hi" && section.titleHi) || section.title || t("test.section", { n: index + 1 });

export function SectionTabs(props: {
  sections: PaperSection[];
  questions: PaperQuestion[];
  answers: Record<string, SavedAnswer>;
  current: number;
  language: Locale;
  onPick: (section: number) => void;
}) {
  const { t } = useT();
  if (props.sections.length < 2) return null;
  return (
    <div className="test-sections" role="group" aria-label={t("test.sections")}>
      {props.sections.map((section, i) => {
        const ids = props.questions.filter((q) => q.section === i).map((q) => q.id);
        const counts = statusCounts(ids, props.answers);
        const answered = counts.answered + counts["answered-marked"];
        return (
          <button key={i} type="button" className={`test-section${i === props.current ? " is-current" : ""}`} aria-pressed={i === props.current} onClick={() => props.onPick(i)}>
            {sectionTitle(section, i, props.language, t)} <span className="test-section-count">{answered}/{ids.length}</span>
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
  language: Locale;
  open: boolean;
  onClose: () => void;
  onPick: (index: number) => void;
}) {
  const { t } = useT();
  const section = props.questions[props.index]!.section;
  const inSection = props.questions.flatMap((q, i) => (q.section === section ? [{ q, i }] : []));
  const counts = statusCounts(
    inSection.map(({ q }) => q.id),
    props.answers,
  );
  return (
    <section className={`test-palette${props.open ? " is-open" : ""}`} aria-label={t("test.palette")}>
      <div className="test-palette-head">
        <h2>{props.sections.length > 1 ? sectionTitle(props.sections[section]!, section, props.language, t) : t("test.palette")}</h2>
        <button type="button" className="btn btn-ghost test-palette-close" onClick={props.onClose}>
          {t("test.close")}
        </button>
      </div>
      <ul className="test-legend">
        {STATUSES.map((status) => (
          <li key={status}>
            <span className={`test-pal test-pal-${status}`} aria-hidden="true">
              {counts[status]}
            </span>
            {t(STATUS_MESSAGES[status])}
          </li>
        ))}
      </ul>
      <nav className="test-nav" aria-label={t("test.questions")}>
        {inSection.map(({ q, i }) => {
          const status = statusOf(props.answers[q.id]);
          return (
            <button
              key={q.id}
              type="button"
              className={`test-pal test-pal-${status}${i === props.index ? " is-current" : ""}`}
              aria-current={i === props.index ? "step" : undefined}
              aria-label={t("test.paletteButton", { n: i + 1, status: t(STATUS_MESSAGES[status]) })}
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
