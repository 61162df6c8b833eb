import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { db } from "~/db/client.server";
import { dashboardEntries } from "~/models/contests/catalogue/catalogue.server";
import { waitingForDetails } from "~/models/payments/payouts.server";
import { dashboardStats, pastResult, splitEntries, yourDeadline, type PastResult } from "~/models/contests/catalogue/dashboard";
import { timeUntilMessage } from "~/models/contests/catalogue/countdown";
import { getUser } from "~/models/accounts/auth.server";
import { setFlash } from "~/utils/flash.server";
import { formatDateTime } from "~/utils/dates";
import { displayName } from "~/utils/names";
import { formatINR } from "~/utils/money";
import { useServerClock } from "~/utils/use-hydrated";
import { translatedPageMeta } from "~/utils/meta";
import { richText, useT } from "~/utils/i18n";
import { i18nFor } from "~/utils/i18n.server";

export const meta = translatedPageMeta("dashboard.meta.title", "dashboard.meta.description");

export async function loader({ request, context }: LoaderFunctionArgs) {
  // docs/product/contests.md §2 and §6: without a session the guard redirects to /, where the
  // student reads 'Session Expired' with a Go to Login button (in the page's language: the root says it).
  const user = await getUser(request, context);
  if (!user) {
    const flash = await setFlash({
      kind: "info",
      message: { id: "dashboard.sessionExpired" },
      action: { label: { id: "dashboard.goToLogin" }, to: "/login?redirectTo=%2Fdashboard" },
    });
    throw redirect("/", { headers: { "Set-Cookie": flash } });
  }
  const now = new Date();
  const [entries, waiting] = await Promise.all([dashboardEntries(db, user.id), waitingForDetails(db, user.id)]);
  const split = splitEntries(entries, now);
  const card = (e: (typeof split.past)[number]) => ({ id: e.user_contest_entry_id, contest_id: e.contest_id, contest_title: e.contest_title, contest_start_time: e.contest_start_time });
  return {
    name: displayName(user.full_name, user.email),
    upcoming: split.upcoming.map((e) => ({ ...card(e), deadline: yourDeadline(e), extra_minutes: e.extra_minutes })),
    // Only what each card may say: no score before the test has closed for everyone.
    past: split.past.map((e) => ({ ...card(e), result: pastResult(e, now) })),
    stats: dashboardStats(split),
    waiting,
    serverNow: now.toISOString(),
    // The countdown's words are the contests namespace's.
    messages: i18nFor(request, context, "dashboard", "contests").messages,
  };
}

export default function Dashboard() {
  const { name, upcoming, past, stats, waiting, serverNow } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const tab = params.get("tab") === "past" ? "past" : "upcoming";
  const total = upcoming.length + past.length;
  const { t, locale } = useT();
  return (
    <section className="container section">
      <h1>{richText(t("dashboard.welcome"), [() => <span translate="no">{name}</span>])}</h1>
      <p className="muted">{t("dashboard.total", { count: total })}</p>
      {waiting.count > 0 ? (
        <p className="alert alert-info" role="status">
          {t("dashboard.waiting", { count: waiting.count, amount: formatINR(waiting.net) })} <Link to="/account">{t("dashboard.addDetails")}</Link>.
        </p>
      ) : null}
      <dl className="stats card">
        <div><dt>{t("dashboard.stat.upcoming")}</dt><dd><strong>{stats.upcoming}</strong></dd></div>
        <div><dt>{t("dashboard.stat.completed")}</dt><dd><strong>{stats.completed}</strong></dd></div>
        <div><dt>{t("dashboard.stat.won")}</dt><dd><strong>{formatINR(stats.totalWon)}</strong></dd></div>
        <div><dt>{t("dashboard.stat.best")}</dt><dd><strong>{stats.bestRank ? `#${stats.bestRank}` : "—"}</strong></dd></div>
      </dl>
      {total === 0 ? (
        <div className="card empty">
          <h2>{t("dashboard.empty")}</h2>
          <p>{t("dashboard.emptyText")}</p>
          <Link to="/contests" className="btn btn-primary">
            {t("dashboard.browse")}
          </Link>
        </div>
      ) : (
        <>
          {/* Tabs are links, so they work without JavaScript. */}
          <nav className="actions" aria-label={t("dashboard.entries")}>
            <Link to="?tab=upcoming" className={tab === "upcoming" ? "btn btn-primary" : "btn btn-ghost"} aria-current={tab === "upcoming" ? "page" : undefined}>
              {t("dashboard.tab.upcoming")} <span className="badge tone-gray">{upcoming.length}</span>
            </Link>
            <Link to="?tab=past" className={tab === "past" ? "btn btn-primary" : "btn btn-ghost"} aria-current={tab === "past" ? "page" : undefined}>
              {t("dashboard.tab.past")} <span className="badge tone-gray">{past.length}</span>
            </Link>
            {/* The questions to go over again across contests (issue 48, point 6). */}
            <Link to="/revision" className="btn btn-ghost">
              {t("dashboard.revision")}
            </Link>
          </nav>
          {(tab === "upcoming" ? upcoming : past).length === 0 ? (
            <p className="card empty" style={{ marginTop: "1rem" }}>
              {tab === "upcoming" ? t("dashboard.noUpcoming") : t("dashboard.noPast")} <Link to="/contests">{t("dashboard.browse")}</Link>
            </p>
          ) : null}
          <div className="grid" style={{ marginTop: "1rem" }}>
            {tab === "upcoming"
              ? upcoming.map((e) => <UpcomingEntry key={e.id} entry={e} serverNow={serverNow} />)
              : past.map((e) => (
                  <article key={e.id} className="card contest-card">
                    <h3 translate="no">{e.contest_title}</h3>
                    <p className="muted">{t("dashboard.when", { when: formatDateTime(e.contest_start_time, locale) })}</p>
                    <PastFacts result={e.result} />
                    {e.result.kind !== "missed" ? (
                      <Link to={`/contest/${e.contest_id}/results`} className="btn btn-ghost">
                        {t("dashboard.viewResults")}
                      </Link>
                    ) : null}
                  </article>
                ))}
          </div>
        </>
      )}
    </section>
  );
}

function PastFacts({ result }: { result: PastResult }) {
  const { t, locale } = useT();
  switch (result.kind) {
    case "missed":
      return <p className="muted">{t("dashboard.missed")}</p>;
    case "pending":
      return <p className="muted">{t("dashboard.pending", { when: formatDateTime(result.scoresAt, locale) })}</p>;
    case "blank":
      return <p className="muted">{t("dashboard.blank")}</p>;
    case "provisional":
      return (
        <>
          <dl className="facts">
            <div><dt>{t("dashboard.rank")}</dt><dd>{t("dashboard.provisional")}</dd></div>
            <div><dt>{t("dashboard.score")}</dt><dd>{result.score}</dd></div>
            <div><dt>{t("dashboard.prize")}</dt><dd>{t("dashboard.whenFinal")}</dd></div>
          </dl>
          <p className="muted">
            {result.phase === "review"
              ? t("dashboard.review")
              : result.challengesEndAt
                ? t("dashboard.challengeUntil", { when: formatDateTime(result.challengesEndAt, locale) })
                : t("dashboard.untilEnd")}
          </p>
        </>
      );
    case "final":
      return (
        <dl className="facts">
          <div><dt>{t("dashboard.rank")}</dt><dd>{result.rank ? `#${result.rank}` : "—"}</dd></div>
          <div><dt>{t("dashboard.score")}</dt><dd>{result.score}</dd></div>
          <div><dt>{t("dashboard.prize")}</dt><dd>{formatINR(result.prize)}</dd></div>
        </dl>
      );
  }
}

function UpcomingEntry({
  entry,
  serverNow,
}: {
  entry: { contest_id: string; contest_title: string; contest_start_time: Date; deadline: Date; extra_minutes: number };
  serverNow: string;
}) {
  const now = useServerClock(serverNow);
  const started = new Date(entry.contest_start_time) <= now;
  const { t, tm, locale } = useT();
  return (
    <article className="card contest-card">
      <h3 translate="no">{entry.contest_title}</h3>
      {/* Its own deadline: an accommodation's extra time moves it (docs/admin-sql.md). */}
      <p className="muted">
        {t("dashboard.when", { when: formatDateTime(entry.contest_start_time, locale) })}
        <br />
        {t("dashboard.yourEnd", { when: formatDateTime(entry.deadline, locale), extra: entry.extra_minutes })}
      </p>
      <p>
        <span className="badge tone-blue">{started ? t("dashboard.open") : tm({ id: "contests.startsIn", values: { time: timeUntilMessage(new Date(entry.contest_start_time), now) } })}</span>
      </p>
      {started ? (
        <Form method="post" action={`/contest/${entry.contest_id}/start`}>
          <button type="submit" className="btn btn-primary btn-block">
            {t("dashboard.startNow")}
          </button>
        </Form>
      ) : (
        <>
          <button type="button" className="btn btn-ghost" disabled>
            {t("dashboard.waitingToStart")}
          </button>
          <Link to={`/contest/${entry.contest_id}/entry`}>{t("dashboard.checkCamera")}</Link>
        </>
      )}
    </article>
  );
}
