import { Link } from "@remix-run/react";
import { useState } from "react";
import type { OfferWords } from "~/models/contests/catalogue/kinds";
import { useT, type MessageId } from "~/utils/i18n";
import { formatINR } from "~/utils/money";
import { useHydrated } from "~/utils/use-hydrated";

// Sample winners (docs/product/contests.md §2: static content), shown until real contests have
// been finalised. Their contests are samples too, named so, never a real contest.
const SAMPLE_CHAMPIONS: Array<{ name: string; rank: number; prize: number; contest: MessageId; image: string; rating: number; quote: MessageId }> = [
  { name: "Ananya Sharma", rank: 1, prize: 2000, contest: "home.sample.ananya.contest", image: "/images/champions/ananya.svg", rating: 5, quote: "home.sample.ananya.quote" },
  { name: "Rohan Mehta", rank: 2, prize: 1500, contest: "home.sample.rohan.contest", image: "/images/champions/rohan.svg", rating: 5, quote: "home.sample.rohan.quote" },
  { name: "Meera Iyer", rank: 3, prize: 850, contest: "home.sample.meera.contest", image: "/images/champions/meera.svg", rating: 4, quote: "home.sample.meera.quote" },
];

export type Champion = { name: string | null; rank: number | null; prize: number; contest: string };

/** Real prize winners of finished contests when there are any; the spec's samples otherwise. */
export function HallOfChampions({ champions }: { champions: Champion[] }) {
  const { t } = useT();
  return (
    <section className="section container" aria-labelledby="champions-title">
      <h2 id="champions-title">{t("home.champions")}</h2>
      <div className="grid">
        {champions.length > 0
          ? champions.map((c, i) => (
              <article key={i} className="card champion">
                <span className="avatar avatar-lg" aria-hidden="true">
                  {(c.name?.trim()[0] ?? "S").toUpperCase()}
                </span>
                {c.name?.trim() ? <h3 translate="no">{c.name.trim()}</h3> : <h3>{t("home.champion.fallbackName")}</h3>}
                <p className="muted">
                  {t("home.champion.rank", { rank: c.rank })} · <span translate="no">{c.contest}</span>
                </p>
                <p className="prize">{formatINR(c.prize)}</p>
              </article>
            ))
          : SAMPLE_CHAMPIONS.map((c) => (
              <article key={c.name} className="card champion">
                {/* The name is the heading below: the portrait adds nothing to read out. */}
                <img src={c.image} alt="" width={96} height={96} loading="lazy" decoding="async" />
                <h3 translate="no">{c.name}</h3>
                <p className="muted">
                  {t("home.champion.rank", { rank: c.rank })} · {t(c.contest)}
                </p>
                <p className="prize">{formatINR(c.prize)}</p>
                <p className="stars" aria-label={t("home.champion.rated", { rating: c.rating })}>
                  {"★".repeat(c.rating)}
                  {"☆".repeat(5 - c.rating)}
                </p>
                <blockquote>“{t(c.quote)}”</blockquote>
              </article>
            ))}
      </div>
    </section>
  );
}

/** The reasons; the second says what the contests offer, as this operator runs them (offerWords). */
const reasons = (words: OfferWords): Array<{ title: MessageId; text: MessageId }> => [
  { title: "home.why.skill.title", text: "home.why.skill.text" },
  { title: words.whyTitle, text: words.whyText },
  { title: "home.why.fair.title", text: "home.why.fair.text" },
  { title: "home.why.phone.title", text: "home.why.phone.text" },
];

export function WhyCompete({ words }: { words: OfferWords }) {
  const { t } = useT();
  return (
    <section className="section container" aria-labelledby="why-title">
      <h2 id="why-title">{t("home.why")}</h2>
      <div className="features">
        {reasons(words).map((r) => (
          <div key={r.title} className="card">
            <h3 style={{ marginTop: 0 }}>{t(r.title)}</h3>
            <p className="muted" style={{ marginBottom: 0 }}>
              {t(r.text)}
            </p>
          </div>
        ))}
      </div>
    </section>
  );
}

export function MarketplacePromo() {
  const { t } = useT();
  return (
    <section className="section container" aria-labelledby="promo-title">
      <div className="promo">
        <h2 id="promo-title" style={{ marginTop: 0 }}>
          {t("home.promo.title")}
        </h2>
        <p>{t("home.promo.text")}</p>
        <Link to="/store" className="btn btn-light">
          {t("home.promo.button")}
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
export function GettingStartedGuide({ signedIn, words }: { signedIn: boolean; words: OfferWords }) {
  const hydrated = useHydrated();
  const [minimised, setMinimised] = useState(false);
  const { t } = useT();
  return (
    <dialog open className={minimised ? "card guide is-minimised" : "card guide"} aria-labelledby="guide-title">
      <header>
        <h2 id="guide-title">{t("home.guide.title")}</h2>
        <div>
          {hydrated ? (
            <button
              type="button"
              className="icon-btn"
              aria-expanded={!minimised}
              aria-label={minimised ? t("home.guide.expand") : t("home.guide.minimise")}
              onClick={() => setMinimised((m) => !m)}
            >
              {minimised ? "▢" : "–"}
            </button>
          ) : null}
          <form method="dialog" style={{ display: "inline" }}>
            <button type="submit" className="icon-btn" aria-label={t("home.guide.close")}>
              ×
            </button>
          </form>
        </div>
      </header>
      <div className="guide-body">
        <ol>
          <li>{t("home.guide.step1")}</li>
          <li>{t(words.guideStep)}</li>
          <li>{t("home.guide.step3")}</li>
          <li>{t("home.guide.step4")}</li>
        </ol>
        {signedIn ? (
          <Link to="/contests" className="btn btn-primary btn-block">
            {t("home.guide.browse")}
          </Link>
        ) : (
          <Link to="/signup" className="btn btn-primary btn-block">
            {t("home.guide.signUp")}
          </Link>
        )}
      </div>
    </dialog>
  );
}
