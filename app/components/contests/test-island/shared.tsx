// What the test island's parts share: the paper's shape, the JSON route, the instruction card.
import { CONTEST_RULES } from "~/models/contests/rules";

export type Question = { id: string; text: string; options: string[] };

/** What GET /api/contest/{id}/test answers (app/routes/api.contest.$id.test.tsx). */
export type Paper = {
  state: "waiting" | "open";
  contest: { id: string; title: string; description: string; durationMinutes: number };
  entryId: string;
  serverNow: string;
  startsAt: string;
  deadline: string;
  questions?: Question[];
  answers?: Record<string, number>;
};

export const testApi = (contestId: string) => `/api/contest/${contestId}/test`;

/** A JSON post to our own API; `keepalive` lets an event outlive the page that sent it. */
export function postJson(url: string, body: unknown, keepalive = false) {
  return fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), keepalive });
}

/** The instruction card, shown before the test (and in the waiting room before the start). */
export function Instructions({ paper, children }: { paper: Paper; children: React.ReactNode }) {
  return (
    <section className="container narrow section">
      <div className="card test-instructions">
        <p className="tag">Instructions</p>
        <h1>{paper.contest.title}</h1>
        <ul>
          <li>{paper.contest.durationMinutes} minutes, one question at a time; move freely with the numbered buttons.</li>
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

