import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { PolicyVersion } from "~/components/accounts/policy-version";
import { POLICY, useSupportContact } from "~/models/support/policy";
import { translatedPageMeta } from "~/utils/meta";
import { richText, useT } from "~/utils/i18n";
import { localeOf, messagesUnder } from "~/utils/i18n.server";
import { env, minorsFilmed, parentalConsentRequired } from "~/utils/env.server";
import type { RequestPolicy } from "~/server/policy";

/** A guest's view is the same for every guest: kept in memory for a second (app/utils/page-cache.server.ts). */
export const requestPolicy: RequestPolicy = { page: "guest" };

export const meta = translatedPageMeta("pages.privacy.metaTitle", "pages.privacy.metaDescription");

export const loader = ({ request, context }: LoaderFunctionArgs) => ({
  messages: messagesUnder(localeOf(request, context), "pages.privacy.", "account.policies."),
  // Configuration (app/utils/env.server.ts): how long proctoring evidence is kept.
  proctoringEvidenceDays: env().PROCTORING_EVIDENCE_DAYS,
  parentalConsent: parentalConsentRequired(),
  minorsFilmed: minorsFilmed(),
});

export default function Privacy() {
  const support = useSupportContact();
  const { proctoringEvidenceDays, parentalConsent, minorsFilmed } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <ContentPage title={t("pages.privacy.title")} intro={t("pages.privacy.intro")}>
      {/* Which version this is, and what it changed (issue 67, point 7). */}
      <PolicyVersion document="privacy" />
      <h2>{t("pages.privacy.collect")}</h2>
      <ul>
        <li>{t("pages.privacy.p1")}</li>
        <li>{t("pages.privacy.p2")}</li>
        <li>
          {t("pages.privacy.p3")} {t(minorsFilmed ? "pages.privacy.cameraInstitution" : "pages.privacy.cameraMinors")}
        </li>
        <li>{t("pages.privacy.p4")}</li>
        <li>{t("pages.privacy.p5")}</li>
        <li>{t("pages.privacy.p6")}</li>
        <li>{t("pages.privacy.p7")}</li>
        <li>{t("pages.privacy.p8")}</li>
      </ul>
      <h2>{t("pages.privacy.payments")}</h2>
      <p>{t("pages.privacy.paymentsText")}</p>
      <h2>{t("pages.privacy.cookies")}</h2>
      <p>{richText(t("pages.privacy.cookiesText"), [(text) => <Link to="/cookie">{text}</Link>])}</p>
      <h2>{t("pages.privacy.keep")}</h2>
      <p>{t("pages.privacy.keepText", { years: POLICY.recordsKeptYears })}</p>
      <p>{t("pages.privacy.keepEvidence", { days: proctoringEvidenceDays })}</p>
      {parentalConsent ? (
        <>
          <h2>{t("pages.privacy.minors")}</h2>
          <p>{t("pages.privacy.minorsText")}</p>
        </>
      ) : null}
      <h2>{t("pages.privacy.rights")}</h2>
      <p>{richText(t("pages.privacy.rightsText", { email: support.email, hours: POLICY.replyWithinHours }), [(email) => <a href={`mailto:${support.email}`}>{email}</a>, (text) => <Link to="/account/data">{text}</Link>])}</p>
    </ContentPage>
  );
}
