// The instruction card, shared by the waiting room and the test's first screen: how the
// test runs, its marking, the palette's statuses (NTA's words) and the default language,
// which is also the language of the island's own words (test-island.tsx).
import type { Paper } from "~/models/contests/paper/paper";
import { useT, type Locale } from "~/utils/i18n";
import { LanguageSelect } from "~/components/contests/test-island/question-view";
import { markingSchemes } from "~/models/contests/results/marking";
import { STATUS_MESSAGES } from "~/models/contests/sitting/palette";
import { sectionTitle } from "~/components/contests/test-island/palette";

/** The instruction card, shown before the test (and in the waiting room before the start). */
export function Instructions(props: { paper: Paper; language: Locale; onLanguage: (language: Locale) => void; children: React.ReactNode }) {
  const { t } = useT();
  const { paper, language } = props;
  const open = paper.state === "open" ? paper : null;
  return (
    <section className="container narrow section">
      <div className="card test-instructions">
        <p className="tag">{t("test.ins.tag")}</p>
        <h1 translate="no">{paper.contest.title}</h1>
        <LanguageSelect className="test-default-language" label={t("test.ins.language")} language={language} onLanguage={props.onLanguage} />
        <p className="muted">{open && !open.hindi ? t("test.ins.englishOnly") : t("test.ins.languageHint")}</p>
        <InstructionList paper={paper} language={language} />
        {props.children}
      </div>
    </section>
  );
}

/** The instructions themselves: before the test, and from the test at any time. */
export function InstructionList({ paper, language }: { paper: Paper; language: Locale }) {
  const { t, tm } = useT();
  const open = paper.state === "open" ? paper : null;
  return (
    <ul>
      <li>{t("test.ins.time", { minutes: paper.contest.durationMinutes, extra: paper.extraMinutes })}</li>
      {open && open.sections.length > 1 ? <li>{t("test.ins.sections", { list: open.sections.map((s, i) => sectionTitle(s, i, language, t)).join(", ") })}</li> : null}
      {open ? <li>{t("test.ins.marking", { list: markingSchemes(open.questions).map(tm).join("; ") })}</li> : null}
      <li>{t(`test.ins.rule.${paper.contest.saveRule}`)}</li>
      {open?.questions.some((q) => q.kind === "numerical") ? <li>{t(paper.contest.typing ? "test.ins.keyboard" : "test.ins.keypad")}</li> : null}
      <li>{t("test.ins.saved")}</li>
      <li>{t("test.ins.palette", { list: Object.values(STATUS_MESSAGES).map((id) => t(id)).join(", ") })}</li>
      {paper.practice ? (
        // Practice (issue 48, point 6): no marks counted, no camera, no proctoring rules.
        <li>{t("test.ins.practice")}</li>
      ) : (
        <>
          <li>{t("test.ins.evaluated")}</li>
          <li>{t("test.ins.fullscreen")}</li>
        </>
      )}
      <li>{t("test.ins.autoSubmit")}</li>
      {/* The prizes and how results are decided are the contest page's and the camera check's (contestRules). */}
      {paper.practice ? null : <li>{t("contest.rule.cheating")}</li>}
    </ul>
  );
}
