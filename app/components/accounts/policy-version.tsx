import { currentVersion, versionLine, type PolicyDocument } from "~/models/accounts/agreements/policy-versions";
import { formatDate } from "~/utils/dates";
import { useT } from "~/utils/i18n";

/**
 * The top of /terms and /privacy (issue 67, point 7): the version in effect, its date, and
 * what it changed (models/accounts/agreements/policy-versions.ts). Its words are under
 * "account.policies.", which the page's loader sends.
 */
export function PolicyVersion({ document }: { document: PolicyDocument }) {
  const { t, tm, locale } = useT();
  const current = currentVersion(document);
  return (
    <p className="policy-version muted" data-testid="policy-version">
      <strong>{tm(versionLine(document, formatDate(current.date, locale)))}</strong>
      <br />
      {t("account.policies.changedLine", { changed: t(current.changed) })}
    </p>
  );
}
