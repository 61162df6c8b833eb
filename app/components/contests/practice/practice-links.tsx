// Where a practice page leads on (the practice page and an attempt's result): back to the
// contest's results and to My revision, after what the page itself offers first.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useT } from "~/utils/i18n";

export function PracticeLinks({ contestId, children }: { contestId: string; children?: ReactNode }) {
  const { t } = useT();
  return (
    <div className="actions">
      {children}
      <Link to={`/contest/${contestId}/results`} className="btn btn-ghost">
        {t("practice.backToResults")}
      </Link>
      <Link to="/revision" className="btn btn-ghost">
        {t("practice.revision.link")}
      </Link>
    </div>
  );
}
