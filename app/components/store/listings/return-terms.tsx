import { Link } from "@remix-run/react";
import { POLICY } from "~/models/support/policy";
import { richText, useT } from "~/utils/i18n";

/**
 * The return and refund terms that apply to a listing (issue 67, point 4: the Consumer
 * Protection (E-Commerce) Rules, 2020 ask for each seller's on the listing). Every seller
 * sells under the marketplace's one policy (app/models/support/policy.ts), so these are
 * this seller's terms too; the figures are POLICY's, as the refund page's.
 */
export function ReturnTerms() {
  const { t } = useT();
  return (
    <section aria-labelledby="return-terms">
      <h2 id="return-terms">{t("store.product.terms")}</h2>
      <p>{t("store.product.termsSeller")}</p>
      <ul>
        <li>{t("store.product.termsProblem", { hours: POLICY.reportProblemHours })}</li>
        <li>{t("store.product.termsReturn", { days: POLICY.returnDays })}</li>
        <li>{t("store.product.termsRefund", { issued: POLICY.refundIssuedBusinessDays, reach: POLICY.refundReachesAccountBusinessDays })}</li>
      </ul>
      <p>{richText(t("store.product.termsMore"), [(text) => <Link to="/refund">{text}</Link>])}</p>
    </section>
  );
}
