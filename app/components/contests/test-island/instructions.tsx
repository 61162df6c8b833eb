// The instruction card, shared by the waiting room and the test's first screen.
import type { Paper } from "~/models/contests/paper";
import { countOf } from "~/utils/text";
import { CONTEST_RULES } from "~/models/contests/rules";

/** The instruction card, shown before the test (and in the waiting room before the start). */
export function Instructions({ paper, children }: { paper: Paper; children: React.ReactNode }) {
  return (
    <section className="container narrow section">
      <div className="card test-instructions">
        <p className="tag">Instructions</p>
        <h1>{paper.contest.title}</h1>
        <ul>
          <li>{countOf(paper.contest.durationMinutes, "minute")}, one question at a time; move freely with the numbered buttons.</li>
          <li>Each answer is saved as you choose it. If the page closes, open it again: your answers and time are kept.</li>
          <li>The test runs in fullscreen with your camera on. Leaving fullscreen or switching tabs is recorded.</li>
          <li>When the timer reaches 00:00 your answers are submitted automatically.</li>
          {CONTEST_RULES.slice(3).map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        {children}
      </div>
    </section>
  );
}

