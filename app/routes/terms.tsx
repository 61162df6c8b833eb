import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { PolicyVersion } from "~/components/accounts/policy-version";
import { POLICY } from "~/models/support/policy";
import { SupportLine } from "~/components/support/support-line";
import { OperatorDetails } from "~/components/support/operator-details";
import { translatedPageMeta } from "~/utils/meta";
import { richText, useT } from "~/utils/i18n";
import { localeOf, messagesUnder } from "~/utils/i18n.server";
import type { RequestPolicy } from "~/server/policy";
import { minorsFilmed } from "~/utils/env.server";

/** A guest's view is the same for every guest: kept in memory for a second (app/utils/page-cache.server.ts). */
export const requestPolicy: RequestPolicy = { page: "guest" };

export const meta = translatedPageMeta("pages.terms.metaTitle", "pages.terms.metaDescription");

export const loader = ({ request, context }: LoaderFunctionArgs) => ({
  messages: messagesUnder(localeOf(request, context), "pages.terms.", "account.policies."),
  // Under 18 no camera watches a test unless the operator is an institution (docs/decisions/privacy-minors-not-filmed.md).
  minorsFilmed: minorsFilmed(),
});

export default function Terms() {
  const { minorsFilmed } = useLoaderData<typeof loader>();
  const { t } = useT();
  const refund = (text: string) => <Link to="/refund">{text}</Link>;
  return (
    <ContentPage title={t("pages.terms.title")} intro={t("pages.terms.intro")}>
      {/* Which version this is, and what it changed (issue 67, point 7). */}
      <PolicyVersion document="terms" />
      <h2>{t("pages.terms.eligibility")}</h2>
      <p>{t("pages.terms.age", { age: POLICY.minimumAge })}</p>
      <h2>{t("pages.terms.contests")}</h2>
      <ul>
        <li>{t("pages.terms.c1")}</li>
        <li>
          {t("pages.terms.c2")}
          {minorsFilmed ? null : <> {t("pages.terms.c2minors")}</>}
        </li>
        <li>{t("pages.terms.c3")}</li>
        <li>{richText(t("pages.terms.c4"), [refund])}</li>
        <li>{t("pages.terms.c5")}</li>
      </ul>
      <h2>{t("pages.terms.marketplace")}</h2>
      <ul>
        <li>{t("pages.terms.m1", { days: POLICY.sellerShipBusinessDays })}</li>
        <li>{t("pages.terms.m2", { hours: POLICY.reportProblemHours })}</li>
        <li>{richText(t("pages.terms.m3", { days: POLICY.returnDays, issued: POLICY.refundIssuedBusinessDays }), [refund])}</li>
        <li>{t("pages.terms.m4")}</li>
      </ul>
      <h2>{t("pages.terms.records")}</h2>
      <p>{t("pages.terms.recordsText", { years: POLICY.recordsKeptYears })}</p>
      <h2>{t("pages.terms.support")}</h2>
      <SupportLine />
      <OperatorDetails />
    </ContentPage>
  );
}
