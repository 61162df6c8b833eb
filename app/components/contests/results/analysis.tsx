// The results' analysis on the Summary tab (issue 48, point 5): the student beside the topper
// and the average, and accuracy by topic with the strongest and weakest named. Plain
// tables, server-rendered: readable at 360 px and without JavaScript.
import { marksText } from "~/components/contests/results/exam-results";
import { strongestWeakest, type Comparison, type TopicReport } from "~/models/contests/results/exam-report";
import { durationMessage } from "~/models/contests/sitting/test-rules";
import { richText, useT } from "~/utils/i18n";

const percent = (value: number | null) => (value === null ? "—" : `${value}%`);

export function CompareTable({ compared }: { compared: Comparison }) {
  const { t, tm } = useT();
  const columns = [
    { label: t("results.compare.you"), figures: compared.you },
    { label: t("results.compare.topper"), figures: compared.topper },
    { label: t("results.compare.average"), figures: compared.average },
  ];
  return (
    <div className="table-scroll">
      <table className="section-report compare">
        <caption>{t("results.compare.caption")}</caption>
        <thead>
          <tr>
            <td />
            {columns.map((c) => (
              <th key={c.label} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t("results.marks")}</th>
            {columns.map((c) => (
              <td key={c.label} data-label={c.label}>
                {marksText(c.figures.score)}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">{t("results.table.accuracy")}</th>
            {columns.map((c) => (
              <td key={c.label} data-label={c.label}>
                {percent(c.figures.accuracy)}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">{t("results.timeTaken")}</th>
            {columns.map((c) => (
              <td key={c.label} data-label={c.label}>
                {tm(durationMessage(c.figures.time))}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

export function TopicTable({ topics }: { topics: TopicReport[] }) {
  const { t, locale } = useT();
  if (topics.length === 0) return null;
  const named = strongestWeakest(topics);
  const section = (r: TopicReport) => (locale === "hi" && r.sectionHi) || r.section;
  const strong = (text: string) => <strong translate="no">{text}</strong>;
  return (
    <>
      {named ? (
        <p>
          {richText(
            t("results.topics.named", {
              strongest: named.strongest.topic,
              strongAccuracy: named.strongest.accuracy,
              weakest: named.weakest.topic,
              weakAccuracy: named.weakest.accuracy,
            }),
            [strong, strong]
          )}
        </p>
      ) : null}
      <div className="table-scroll">
        <table className="section-report topics">
          <caption>{t("results.topics.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("results.topics.topic")}</th>
              <th scope="col">{t("results.table.attempted")}</th>
              <th scope="col">{t("results.table.correct")}</th>
              <th scope="col">{t("results.table.accuracy")}</th>
            </tr>
          </thead>
          <tbody>
            {topics.map((r) => (
              <tr key={`${r.section}:${r.topic}`}>
                <th scope="row" translate="no">
                  {r.topic} <small className="muted">{section(r)}</small>
                </th>
                <td data-label={t("results.table.attempted")}>
                  {t("results.table.of", {
                    attempted: r.attempted,
                    questions: r.questions,
                  })}
                </td>
                <td data-label={t("results.table.correct")}>{r.correct}</td>
                <td data-label={t("results.table.accuracy")}>{percent(r.accuracy)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
