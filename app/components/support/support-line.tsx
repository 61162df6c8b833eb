import { Link } from "@remix-run/react";
import { POLICY, useSupportContact } from "~/models/support/policy";
import { richText, useT } from "~/utils/i18n";

/** How to reach support, as the terms say it ("pages.terms.supportText"): the terms page and a contest's rules sheet. */
export function SupportLine() {
  const support = useSupportContact();
  const { t } = useT();
  return (
    <p>
      {richText(t("pages.terms.supportText", { email: support.email, hours: POLICY.replyWithinHours }), [
        (email) => <a href={`mailto:${support.email}`}>{email}</a>,
        (text) => <Link to="/contact">{text}</Link>,
      ])}
    </p>
  );
}
