import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { POLICY } from "~/models/support/policy";
import { translatedPageMeta } from "~/utils/meta";
import { richText, useT } from "~/utils/i18n";
import { localeOf, messagesUnder } from "~/utils/i18n.server";

export const meta = translatedPageMeta("pages.refund.metaTitle", "pages.refund.metaDescription");

export const loader = ({ request, context }: LoaderFunctionArgs) => ({ messages: messagesUnder(localeOf(request, context), "pages.refund.") });

export default function Refund() {
  const { t } = useT();
  return (
    <ContentPage title={t("pages.refund.title")} intro={t("pages.refund.intro")}>
      <h2>{t("pages.refund.fees")}</h2>
      <p>{t("pages.refund.feesText", { hours: POLICY.contestFullRefundHoursBeforeStart, days: POLICY.contestRefundProcessingDays })}</p>
      <p>{t("pages.refund.notOffered", { days: POLICY.contestRefundProcessingDays })}</p>
      <h2>{t("pages.refund.orders")}</h2>
      <ul>
        <li>{t("pages.refund.o1", { hours: POLICY.reportProblemHours })}</li>
        <li>{t("pages.refund.o2", { days: POLICY.returnDays })}</li>
        <li>{t("pages.refund.o3", { issued: POLICY.refundIssuedBusinessDays, reach: POLICY.refundReachesAccountBusinessDays })}</li>
      </ul>
      <p>{richText(t("pages.refund.ask"), [(text) => <Link to="/contact">{text}</Link>])}</p>
    </ContentPage>
  );
}
