// The instruction card, shared by the waiting room and the test's first screen: how the
// test runs, its marking, the palette's statuses (NTA's words) and, when the paper has
// Hindi, the default language.
import type { Paper } from "~/models/contests/paper";
import { countOf } from "~/utils/text";
import { CONTEST_RULES } from "~/models/contests/rules";
import { useT } from "~/utils/i18n";
import { markingSchemes } from "~/models/contests/marking";
import { STATUS_LABELS } from "~/models/contests/palette";
import type { Language } from "~/components/contests/test-island/question-view";
import { sectionTitle } from "~/components/contests/test-island/palette";

/** The instruction card, shown before the test (and in the waiting room before the start). */
export function Instructions(props: { paper: Paper; language?: Language; onLanguage?: (language: Language) => void; children: React.ReactNode }) {
  const { t } = useT();
  const { paper } = props;
  const open = paper.state === "open" ? paper : null;
  return (
    <section className="container narrow section">
      <div className="card test-instructions">
        <p className="tag">Instructions</p>
        <h1>{paper.contest.title}</h1>
        <ul>
          <li>
            {countOf(paper.contest.durationMinutes, "minute")}
            {paper.extraMinutes > 0 ? ` and your extra ${countOf(paper.extraMinutes, "minute")}` : ""}, one question at a time; move freely with the
            Question Palette.
          </li>
          {open && open.sections.length > 1 ? <li>Sections: {open.sections.map((s, i) => sectionTitle(s, i, props.language ?? "en")).join(", ")}. Use the tabs to move between them.</li> : null}
          {open ? (
            <li>
              Marking (right / wrong; unanswered is 0): {markingSchemes(open.questions).join("; ")}.
            </li>
          ) : null}
          <li>Each answer is saved as you choose it. If the page closes, open it again: your answers and time are kept.</li>
          <li>
            Save &amp; Next moves on; Mark for Review &amp; Next marks a question to look at again. The palette shows each question as{" "}
            {Object.values(STATUS_LABELS).join(", ")}.
          </li>
          <li>Answered and Marked for Review questions will be considered for evaluation.</li>
          <li>The test runs in fullscreen with your camera on. Leaving fullscreen or switching tabs is recorded.</li>
          <li>When the timer reaches 00:00 your answers are submitted automatically.</li>
          {CONTEST_RULES.slice(3).map((rule) => (
            <li key={rule}>{t(rule)}</li>
          ))}
        </ul>
        {open?.hindi && props.onLanguage ? (
          <label className="test-default-language">
            Default language{" "}
            <select value={props.language ?? "en"} onChange={(e) => props.onLanguage!(e.target.value as Language)}>
              <option value="en">English</option>
              <option value="hi">हिन्दी (Hindi)</option>
            </select>
          </label>
        ) : null}
        {props.children}
      </div>
    </section>
  );
}
