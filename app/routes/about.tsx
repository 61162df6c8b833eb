import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { translatedPageMeta } from "~/utils/meta";
import { richText, useT, type MessageId } from "~/utils/i18n";
import { localeOf, messagesUnder } from "~/utils/i18n.server";
import type { RequestPolicy } from "~/server/policy";

/** A guest's view is the same for every guest: kept in memory for a second (app/utils/page-cache.server.ts). */
export const requestPolicy: RequestPolicy = { page: "guest" };

export const meta = translatedPageMeta("pages.about.metaTitle", "pages.about.metaDescription");

export const loader = ({ request, context }: LoaderFunctionArgs) => ({ messages: messagesUnder(localeOf(request, context), "pages.about.") });

const TEAM: Array<{ name: string; role: MessageId }> = [
  { name: "Kavya Reddy", role: "pages.about.role.contests" },
  { name: "Aditya Kulkarni", role: "pages.about.role.engineering" },
  { name: "Sana Qureshi", role: "pages.about.role.support" },
];

export default function About() {
  const { t } = useT();
  return (
    <ContentPage title={t("pages.about.title")} intro={t("pages.about.intro")}>
      <h2>{t("pages.about.story")}</h2>
      <p>{t("pages.about.storyText")}</p>
      <h2>{t("pages.about.numbers")}</h2>
      <dl className="stats">
        <div><dt>{t("pages.about.students")}</dt><dd><strong>25,000+</strong></dd></div>
        <div><dt>{t("pages.about.contests")}</dt><dd><strong>1,200+</strong></dd></div>
        <div><dt>{t("pages.about.prizes")}</dt><dd><strong>{t("pages.about.prizesValue")}</strong></dd></div>
        <div><dt>{t("pages.about.books")}</dt><dd><strong>9,000+</strong></dd></div>
      </dl>
      <h2>{t("pages.about.mission")}</h2>
      <p>{t("pages.about.missionText")}</p>
      <h2>{t("pages.about.team")}</h2>
      <ul>
        {TEAM.map((m) => (
          <li key={m.name}>
            <strong translate="no">{m.name}</strong>, {t(m.role)}
          </li>
        ))}
      </ul>
      {/* The pincode directory's attribution, as its licence asks (docs/decisions/marketplace-pincodes.md). */}
      <p className="muted">{richText(t("pages.about.pincodeData"), [(text) => <span translate="no">{text}</span>])}</p>
      <div className="card" style={{ marginTop: "2rem" }}>
        <h2 style={{ marginTop: 0 }}>{t("pages.about.ready")}</h2>
        <div className="actions">
          <Link to="/contests" className="btn btn-primary">{t("pages.about.explore")}</Link>
          <Link to="/store" className="btn btn-ghost">{t("pages.about.visit")}</Link>
        </div>
      </div>
    </ContentPage>
  );
}
