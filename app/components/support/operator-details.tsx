import { Link } from "@remix-run/react";
import { ACK_HOURS, useOperator } from "~/models/support/policy";
import { richText, useT } from "~/utils/i18n";

/**
 * Who runs the site and its grievance officer, as the Consumer Protection (E-Commerce)
 * Rules, 2020 ask every page to say (docs/decisions/support-complaints.md): in the
 * footer (`compact`), and with its heading on the contact page and the terms.
 */
export function OperatorDetails({ compact = false }: { compact?: boolean }) {
  const operator = useOperator();
  const { t } = useT();
  if (!operator) return null;
  const officer = operator.grievanceOfficer;
  const lines = (
    <>
      <p>
        {richText(t("common.operator.legalName", { name: operator.legalName }), [(name) => <strong translate="no">{name}</strong>])}
        <br />
        {richText(t("common.operator.address", { address: operator.address }), [(address) => <span translate="no">{address}</span>])}
      </p>
      <p>
        {richText(t("common.operator.grievance", { name: officer.name, email: officer.email, phone: officer.phone }), [
          (name) => <span translate="no">{name}</span>,
          (email) => (
            <a href={`mailto:${officer.email}`} translate="no">
              {email}
            </a>
          ),
          (phone) => (
            <a href={`tel:${officer.phone.replace(/\s/g, "")}`} translate="no">
              {phone}
            </a>
          ),
        ])}
      </p>
      <p>
        {t("common.operator.clock", { ackHours: ACK_HOURS })} <Link to="/complaints">{t("common.operator.follow")}</Link>
      </p>
    </>
  );
  if (compact) return <div className="operator-details">{lines}</div>;
  return (
    <section aria-labelledby="operator-details">
      <h2 id="operator-details">{t("common.operator.title")}</h2>
      {lines}
    </section>
  );
}
