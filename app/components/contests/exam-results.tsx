// The parts of a closed paper's results (app/routes/contest.$id.results.tsx): marks per
// section, each answer beside the key, and the leaderboard with its tie-break. All of it
// is derived from the key, so the route renders it only once the test has closed.
import type { ReactNode } from "react";
import type { AnswerVerdict, ReportAnswer, SectionReport } from "~/models/contests/exam-report";
import { formatDuration } from "~/models/contests/test-rules";
import { formatINR } from "~/utils/money";
import { avatarInitial } from "~/utils/names";

/** A signed number as marks read: '+4', '−1', '0'. */
export const signedMarks = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
/** A total as it is, a negative one with a real minus sign. */
export const marksText = (n: number) => (n < 0 ? `−${-n}` : String(n));

export function SectionTable({ sections }: { sections: SectionReport[] }) {
  const partial = sections.some((s) => s.partial > 0);
  return (
    <div className="table-scroll">
      <table className="section-report">
        <caption>Marks by section</caption>
        <thead>
          <tr>
            <th scope="col">Section</th>
            <th scope="col">Attempted</th>
            <th scope="col">Correct</th>
            {partial ? <th scope="col">Partly correct</th> : null}
            <th scope="col">Incorrect</th>
            <th scope="col">Marks</th>
            <th scope="col">Accuracy</th>
          </tr>
        </thead>
        <tbody>
          {sections.map((s, i) => (
            <tr key={i}>
              <th scope="row">{s.title || "All questions"}</th>
              <td data-label="Attempted">{s.attempted} of {s.questions}</td>
              <td data-label="Correct">{s.correct}</td>
              {partial ? <td data-label="Partly correct">{s.partial}</td> : null}
              <td data-label="Incorrect">{s.incorrect}</td>
              <td data-label="Marks">{marksText(s.marks)} / {s.fullMarks}</td>
              <td data-label="Accuracy">{s.accuracy === null ? "—" : `${s.accuracy}%`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const VERDICTS: Record<AnswerVerdict, { label: string; tone: string; row: string }> = {
  correct: { label: "Correct", tone: "tone-green", row: "is-right" },
  partial: { label: "Partly correct", tone: "tone-blue", row: "is-partial" },
  incorrect: { label: "Incorrect", tone: "tone-orange", row: "is-wrong" },
  unanswered: { label: "Not answered", tone: "tone-grey", row: "" },
  dropped: { label: "Dropped after a challenge", tone: "tone-blue", row: "" },
};

/** Server-rendered HTML from our own rich text (app/models/contests/rich-text.server.ts): escaped, math as MathML. */
function Html({ html, as: Tag = "span" }: { html: string; as?: "span" | "div" }) {
  return <Tag dangerouslySetInnerHTML={{ __html: html }} />;
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
  return (
    <ol className="breakdown">
      {answers.map((q, i) => {
        const verdict = VERDICTS[q.verdict];
        const sectionStarts = q.section !== "" && q.section !== answers[i - 1]?.section;
        return (
          <li key={q.id} id={`q-${q.id}`} className={`card ${verdict.row}`}>
            {sectionStarts ? <p className="muted">{q.section}</p> : null}
            <div className="breakdown-question">
              <strong>Question {i + 1}.</strong> <Html html={q.html} />
            </div>
            {q.image ? <img className="test-diagram" src={q.image.src} width={q.image.width} height={q.image.height} alt={q.image.alt} loading="lazy" decoding="async" /> : null}
            <p>Your answer: {q.yours.length > 0 ? <Joined parts={q.yours} /> : <strong>Not answered</strong>}</p>
            <p>Correct answer: <Joined parts={q.key} /></p>
            <p>
              <span className={`badge ${verdict.tone}`}>{verdict.label}</span> Marks: <strong>{signedMarks(q.marks)}</strong>
            </p>
            {q.explanation ? (
              <details>
                <summary>Explanation</summary>
                <Html html={q.explanation} as="div" />
              </details>
            ) : null}
            {after?.(q, i + 1)}
          </li>
        );
      })}
    </ol>
  );
}

type Leader = { user_id: string; rank: number; score: number; response_time: number; prize_amount: number; name: string | null };

export function Leaderboard({ leaders, userId, finalized }: { leaders: Leader[]; userId: string; finalized: boolean }) {
  if (leaders.length === 0) return <p className="card empty">No leaderboard data yet</p>;
  const name = (l: Leader) => l.name ?? "Student";
  return (
    <>
      <ol className="podium" aria-label="Top three">
        {leaders.slice(0, 3).map((l, i) => (
          <li key={l.user_id} className={`place-${i + 1}`}>
            <span className="avatar" aria-hidden="true">{avatarInitial(l.name, "S")}</span>
            <p><strong>#{l.rank}</strong> {name(l)}</p>
            <p className="muted">{marksText(l.score)} marks</p>
          </li>
        ))}
      </ol>
      <p className="muted" id="tie-break">
        Ranked by marks. Equal marks are ranked by time taken, from the contest&apos;s start to submission: less time ranks higher. Exactly equal marks and time share a rank.
      </p>
      <table className="leaderboard" aria-describedby="tie-break">
        <caption className="visually-hidden">Top {leaders.length}</caption>
        <thead>
          <tr><th scope="col">Rank</th><th scope="col">Name</th><th scope="col">Marks</th><th scope="col">Time taken</th>{finalized ? <th scope="col">Prize</th> : null}</tr>
        </thead>
        <tbody>
          {leaders.map((l) => (
            <tr key={l.user_id} className={l.user_id === userId ? "is-me" : undefined}>
              <td>#{l.rank}</td>
              <td><span className="name-cell"><span className="avatar" aria-hidden="true">{avatarInitial(l.name, "S")}</span><span className="name-text">{name(l)}{l.user_id === userId ? " (you)" : ""}</span></span></td>
              <td>{marksText(l.score)}</td>
              <td>{formatDuration(l.response_time)}</td>
              {finalized ? <td>{formatINR(l.prize_amount)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
