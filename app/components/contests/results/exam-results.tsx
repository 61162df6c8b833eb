// The parts of a closed paper's results (app/routes/contest.$id.results.tsx): marks per
// section, each answer beside the key, and the leaderboard with its tie-break. All of it
// is derived from the key, so the route renders it only once the test has closed.
import type { ReactNode } from "react";
import type { AnswerVerdict, ReportAnswer, SectionReport } from "~/models/contests/results/exam-report";
import { durationMessage } from "~/models/contests/sitting/test-rules";
import { HTML_LANG, useT, type MessageId, type Msg } from "~/utils/i18n";
import { formatINR } from "~/utils/money";
import { avatarInitial } from "~/utils/names";

// Words from the "results" namespace: the results page loads it.

/** A signed number as marks read: '+4', '−1', '0'. */
export const signedMarks = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
/** A total as it is, a negative one with a real minus sign. */
export const marksText = (n: number) => (n < 0 ? `−${-n}` : String(n));

export function SectionTable({ sections }: { sections: SectionReport[] }) {
  const { t } = useT();
  const partial = sections.some((s) => s.partial > 0);
  return (
    <div className="table-scroll">
      <table className="section-report">
        <caption>{t("results.table.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("results.table.section")}</th>
            <th scope="col">{t("results.table.attempted")}</th>
            <th scope="col">{t("results.table.correct")}</th>
            {partial ? <th scope="col">{t("results.table.partial")}</th> : null}
            <th scope="col">{t("results.table.incorrect")}</th>
            <th scope="col">{t("results.marks")}</th>
            <th scope="col">{t("results.table.accuracy")}</th>
          </tr>
        </thead>
        <tbody>
          {sections.map((s, i) => (
            <tr key={i}>
              <th scope="row">{s.title ? <span translate="no">{s.title}</span> : t("results.table.all")}</th>
              <td data-label={t("results.table.attempted")}>{t("results.table.of", { attempted: s.attempted, questions: s.questions })}</td>
              <td data-label={t("results.table.correct")}>{s.correct}</td>
              {partial ? <td data-label={t("results.table.partial")}>{s.partial}</td> : null}
              <td data-label={t("results.table.incorrect")}>{s.incorrect}</td>
              <td data-label={t("results.marks")}>{marksText(s.marks)} / {s.fullMarks}</td>
              <td data-label={t("results.table.accuracy")}>{s.accuracy === null ? "—" : `${s.accuracy}%`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const VERDICTS: Record<AnswerVerdict, { label: MessageId; tone: string; row: string }> = {
  correct: { label: "results.verdict.correct", tone: "tone-green", row: "is-right" },
  partial: { label: "results.verdict.partial", tone: "tone-blue", row: "is-partial" },
  incorrect: { label: "results.verdict.incorrect", tone: "tone-orange", row: "is-wrong" },
  unanswered: { label: "results.verdict.unanswered", tone: "tone-grey", row: "" },
  dropped: { label: "results.verdict.dropped", tone: "tone-blue", row: "" },
};

/** Server-rendered HTML from our own rich text (app/models/contests/paper/rich-text.server.ts): escaped, math as MathML. The paper's words, as its admin wrote them. */
export function Html({ html, as: Tag = "span" }: { html: string; as?: "span" | "div" }) {
  return <Tag translate="no" dangerouslySetInnerHTML={{ __html: html }} />;
}

function Joined({ parts }: { parts: string[] }) {
  return (
    <strong>
      {parts.map((html, i) => (
        <span key={i}>
          {i > 0 ? ", " : null}
          <Html html={html} />
        </span>
      ))}
    </strong>
  );
}

/** `after`: what follows a question (its challenge, while the key is provisional). */
export function AnswerList({ answers, after }: { answers: ReportAnswer[]; after?: (answer: ReportAnswer, number: number) => ReactNode }) {
  const { t, tm } = useT();
  return (
    <ol className="breakdown">
      {answers.map((q, i) => {
        const verdict = VERDICTS[q.verdict];
        const sectionStarts = q.section !== "" && q.section !== answers[i - 1]?.section;
        return (
          <li key={q.id} id={`q-${q.id}`} className={`card ${verdict.row}`}>
            {sectionStarts ? (
              <p className="muted" translate="no">
                {q.section}
              </p>
            ) : null}
            <div className="breakdown-question">
              <strong>{t("results.question", { n: q.number })}</strong>{" "}
              <span lang={HTML_LANG[q.lang]}>
                <Html html={q.html} />
              </span>
            </div>
            {/* The ids of the response sheet, to match with NTA-style keys: the options as this student saw them. */}
            <p className="muted breakdown-ids">
              {t("results.ids", { code: q.code })}
              {q.options.length > 0 ? <span translate="no">{q.options.map((o) => ` · ${o.letter} ${o.id}`).join("")}</span> : null}
            </p>
            {q.image ? <img className="test-diagram" src={q.image.src} width={q.image.width} height={q.image.height} alt={q.image.alt} loading="lazy" decoding="async" /> : null}
            <p>
              {t("results.yourAnswer")}{" "}
              {q.yours.length > 0 ? (
                <span lang={HTML_LANG[q.lang]}>
                  <Joined parts={q.yours} />
                </span>
              ) : (
                <strong>{t("results.verdict.unanswered")}</strong>
              )}
            </p>
            <p>
              {t("results.correctAnswer")}{" "}
              <span lang={HTML_LANG[q.lang]}>
                <Joined parts={q.key} />
              </span>
            </p>
            <p>
              <span className={`badge ${verdict.tone}`}>{t(verdict.label)}</span> {t("results.marksLabel")} <strong>{signedMarks(q.marks)}</strong>
            </p>
            {q.time ? (
              <p className="muted">
                {t("results.time.line", {
                  yours: tm(durationMessage(q.time.yours * 1000)),
                  topper: q.time.topper === null ? "—" : tm(durationMessage(q.time.topper * 1000)),
                  average: q.time.average === null ? "—" : tm(durationMessage(q.time.average * 1000)),
                })}
              </p>
            ) : null}
            {q.explanation ? (
              <details>
                <summary>{t("results.explanation")}</summary>
                <div lang={HTML_LANG[q.explanationLang]}>
                  <Html html={q.explanation} as="div" />
                </div>
              </details>
            ) : null}
            {after?.(q, q.number)}
          </li>
        );
      })}
    </ol>
  );
}

type Leader = { user_id: string; rank: number; score: number; response_time: number; prize_amount: number; name: string | null };

export function Leaderboard({ leaders, userId, finalized, tieBreak }: { leaders: Leader[]; userId: string; finalized: boolean; tieBreak: Msg | null }) {
  const { t, tm } = useT();
  if (leaders.length === 0) return <p className="card empty">{t("results.board.empty")}</p>;
  const name = (l: Leader) => (l.name ? <span translate="no">{l.name}</span> : t("results.board.student"));
  return (
    <>
      <ol className="podium" aria-label={t("results.board.top3")}>
        {leaders.slice(0, 3).map((l, i) => (
          <li key={l.user_id} className={`place-${i + 1}`}>
            <span className="avatar" aria-hidden="true">{avatarInitial(l.name, "S")}</span>
            <p><strong>#{l.rank}</strong> {name(l)}</p>
            <p className="muted">{t("results.board.marks", { marks: marksText(l.score) })}</p>
          </li>
        ))}
      </ol>
      <p className="muted" id="tie-break">
        {t("results.board.ranked")} {tieBreak ? tm(tieBreak) : null}
      </p>
      <table className="leaderboard" aria-describedby="tie-break">
        <caption className="visually-hidden">{t("results.board.top", { count: leaders.length })}</caption>
        <thead>
          <tr><th scope="col">{t("results.rank")}</th><th scope="col">{t("results.board.name")}</th><th scope="col">{t("results.marks")}</th><th scope="col">{t("results.timeTaken")}</th>{finalized ? <th scope="col">{t("results.prize")}</th> : null}</tr>
        </thead>
        <tbody>
          {leaders.map((l) => (
            <tr key={l.user_id} className={l.user_id === userId ? "is-me" : undefined}>
              <td>#{l.rank}</td>
              <td><span className="name-cell"><span className="avatar" aria-hidden="true">{avatarInitial(l.name, "S")}</span><span className="name-text">{name(l)}{l.user_id === userId ? ` ${t("results.board.you")}` : ""}</span></span></td>
              <td>{marksText(l.score)}</td>
              <td>{tm(durationMessage(l.response_time))}</td>
              {finalized ? <td>{formatINR(l.prize_amount)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
