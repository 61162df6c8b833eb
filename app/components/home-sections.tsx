import { Link } from "@remix-run/react";
import { useState } from "react";
import { formatINR } from "~/utils/money";
import { useHydrated } from "~/utils/use-hydrated";

// Sample winners (docs/product/contests.md §2: static content), shown until real contests have
// been finalised. Their contests are samples too, named so, never a real contest.
const SAMPLE_CHAMPIONS = [
  { name: "Ananya Sharma", rank: 1, prize: 2000, contest: "Sample: Maths Olympiad Sprint", image: "/images/champions/ananya.svg", rating: 5, quote: "Practising under the timer every day made the real contest feel easy." },
  { name: "Rohan Mehta", rank: 2, prize: 1500, contest: "Sample: Mechanics Quiz", image: "/images/champions/rohan.svg", rating: 5, quote: "The questions were fair and the results came right after the contest." },
  { name: "Meera Iyer", rank: 3, prize: 850, contest: "Sample: Biology Brain Teaser", image: "/images/champions/meera.svg", rating: 4, quote: "I paid my exam fees with my prize money. Now I compete every week." },
];

export type Champion = { name: string | null; rank: number | null; prize: number; contest: string };

/** Real prize winners of finished contests when there are any; the spec's samples otherwise. */
export function HallOfChampions({ champions }: { champions: Champion[] }) {
  return (
    <section className="section container" aria-labelledby="champions-title">
      <h2 id="champions-title">Hall of Champions</h2>
      <div className="grid">
        {champions.length > 0
          ? champions.map((c, i) => (
              <article key={i} className="card champion">
                <span className="avatar avatar-lg" aria-hidden="true">
                  {(c.name?.trim()[0] ?? "S").toUpperCase()}
                </span>
                <h3>{c.name?.trim() || "StudyArena student"}</h3>
                <p className="muted">
                  Rank #{c.rank} · {c.contest}
                </p>
                <p className="prize">{formatINR(c.prize)}</p>
              </article>
            ))
          : SAMPLE_CHAMPIONS.map((c) => (
              <article key={c.name} className="card champion">
                <img src={c.image} alt={`Portrait of ${c.name}`} width={96} height={96} loading="lazy" decoding="async" />
                <h3>{c.name}</h3>
                <p className="muted">
                  Rank #{c.rank} · {c.contest}
                </p>
                <p className="prize">{formatINR(c.prize)}</p>
                <p className="stars" aria-label={`Rated ${c.rating} out of 5`}>
                  {"★".repeat(c.rating)}
                  {"☆".repeat(5 - c.rating)}
                </p>
                <blockquote>“{c.quote}”</blockquote>
              </article>
            ))}
      </div>
    </section>
  );
}

const REASONS = [
  { title: "Skill, not luck", text: "Every contest is a timed MCQ test on a study subject. The best score wins; ties go to the faster submission." },
  { title: "Real cash prizes", text: "Prize pools are published before you pay, and prizes are paid after evaluation." },
  { title: "Fair play", text: "Camera and fullscreen proctoring keep every contest honest for everyone." },
  { title: "Built for your phone", text: "Light pages that load on slow connections, with times always in India time." },
];

export function WhyCompete() {
  return (
    <section className="section container" aria-labelledby="why-title">
      <h2 id="why-title">Why Compete With Us?</h2>
      <div className="features">
        {REASONS.map((r) => (
          <div key={r.title} className="card">
            <h3 style={{ marginTop: 0 }}>{r.title}</h3>
            <p className="muted" style={{ marginBottom: 0 }}>
              {r.text}
            </p>
          </div>
        ))}
      </div>
    </section>
  );
}

export function MarketplacePromo() {
  return (
    <section className="section container" aria-labelledby="promo-title">
      <div className="promo">
        <h2 id="promo-title" style={{ marginTop: 0 }}>
          Textbooks at 50-70% off
        </h2>
        <p>Buy used books and study materials from students who have finished with them, or sell yours.</p>
        <Link to="/store" className="btn btn-light">
          Visit Marketplace
        </Link>
      </div>
    </section>
  );
}

/**
 * The first-visit guide. A non-modal <dialog open>: its "Close" is a native
 * method="dialog" form, so it closes without JavaScript; with JavaScript it can also
 * be minimised. The server remembers the first visit in a cookie. A student who is
 * already signed in (a first visit on a new phone) is not asked to sign up.
 */
export function GettingStartedGuide({ signedIn }: { signedIn: boolean }) {
  const hydrated = useHydrated();
  const [minimised, setMinimised] = useState(false);
  return (
    <dialog open className={minimised ? "card guide is-minimised" : "card guide"} aria-labelledby="guide-title">
      <header>
        <h2 id="guide-title">Getting Started Guide</h2>
        <div>
          {hydrated ? (
            <button
              type="button"
              className="icon-btn"
              aria-expanded={!minimised}
              aria-label={minimised ? "Expand guide" : "Minimise guide"}
              onClick={() => setMinimised((m) => !m)}
            >
              {minimised ? "▢" : "–"}
            </button>
          ) : null}
          <form method="dialog" style={{ display: "inline" }}>
            <button type="submit" className="icon-btn" aria-label="Close guide">
              ×
            </button>
          </form>
        </div>
      </header>
      <div className="guide-body">
        <ol>
          <li>Create a free account.</li>
          <li>Pick a contest and pay the entry fee (UPI, cards, net banking).</li>
          <li>Allow your camera, then take the timed test in fullscreen.</li>
          <li>See your score, rank and prize on your dashboard.</li>
        </ol>
        {signedIn ? (
          <Link to="/contests" className="btn btn-primary btn-block">
            Browse Contests
          </Link>
        ) : (
          <Link to="/signup" className="btn btn-primary btn-block">
            Sign Up Now
          </Link>
        )}
      </div>
    </dialog>
  );
}
