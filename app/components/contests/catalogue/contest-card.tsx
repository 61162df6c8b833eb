import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatDateTime } from "~/utils/dates";
import { useT } from "~/utils/i18n";
import { FundingLine } from "~/components/contests/catalogue/funding";
import type { Funding } from "~/models/contests/catalogue/kinds";
import { formatINR } from "~/utils/money";
import { grandTotal } from "~/models/contests/catalogue/prizes";

export type ContestCardData = {
  id: string;
  title: string;
  description: string;
  subject: string;
  entry_fee: number;
  duration_minutes: number;
  prize_pool: Record<string, unknown>;
  start_time: Date | string;
  question_count?: number;
  /** How it is funded, said by the server (fundingLine of app/models/contests/catalogue/kinds.ts). */
  funding: Funding;
};

/** Records a card press first-party: a page view and an 'Outbound click' labelled 'User'. */
function beacon(target: string) {
  if (typeof navigator === "undefined" || !navigator.sendBeacon) return;
  // URL-encoded, the one body type our form routes take.
  const body = new URLSearchParams();
  body.append("name", "Page view");
  body.append("name", "Outbound click");
  body.append("label", "User");
  body.append("path", window.location.pathname);
  body.append("target", target);
  navigator.sendBeacon("/api/events", body);
}

export function ContestCard({
  contest,
  timing,
  action,
}: {
  contest: ContestCardData;
  timing: ReactNode;
  action: { label: string; disabled: boolean; note?: string };
}) {
  const href = `/contest/${contest.id}`;
  const { t, locale } = useT();
  return (
    <article className="card contest-card">
      <div className="card-top">
        {/* What admins typed (titles, subjects, descriptions) stays as given in both languages. */}
        <span className="tag" translate="no">
          {contest.subject}
        </span>
        {timing}
      </div>
      <h3 translate="no">{contest.title}</h3>
      <FundingLine funding={contest.funding} />
      <p className="card-when">
        {t("contests.card.starts", { when: formatDateTime(contest.start_time, locale) })}
        {contest.question_count !== undefined ? ` · ${t("contests.card.questions", { count: contest.question_count })}` : ""}
      </p>
      <p className="muted" style={{ margin: 0 }} translate="no">
        {contest.description}
      </p>
      <dl className="facts">
        <div>
          <dt>{t("contests.card.entryFee")}</dt>
          <dd>{contest.entry_fee === 0 ? t("common.free") : formatINR(contest.entry_fee)}</dd>
        </div>
        <div>
          <dt>{t("contests.card.duration")}</dt>
          <dd>{t("contests.card.minutes", { minutes: contest.duration_minutes })}</dd>
        </div>
        {/* A contest without prizes says nothing of a pool rather than '₹0'. */}
        {grandTotal(contest.prize_pool) > 0 ? (
          <div>
            <dt>{t("contests.card.prizePool")}</dt>
            <dd>{formatINR(grandTotal(contest.prize_pool))}</dd>
          </div>
        ) : null}
      </dl>
      {action.note ? <p className="muted" style={{ margin: 0, fontSize: ".9rem" }}>{action.note}</p> : null}
      {action.disabled ? (
        <button type="button" className="btn btn-ghost" disabled>
          {action.label}
        </button>
      ) : (
        <Link to={href} className="btn btn-primary" onClick={() => beacon(href)}>
          <span aria-hidden="true">{action.label}</span>
          {/* The link's name says which contest ('Know more: Physics Cup'); the title stays as given. */}
          <span className="visually-hidden">
            {action.label}: <span translate="no">{contest.title}</span>
          </span>
        </Link>
      )}
    </article>
  );
}
