import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useT } from "~/utils/i18n";

/**
 * The error page: the root's boundary, and the boundary of every route with an action.
 * A route needs its own: when an action throws (a 404 for a sale that is not yours, a
 * 415), Remix runs the loaders above the boundary only, so with the root as the boundary
 * the page would have no words at all (tests/unit/citations.test.ts keeps it so).
 */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useT();
  // Never a stack trace: log it, show a plain page.
  if (!isRouteErrorResponse(error)) console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container narrow error-page">
      <p className="error-code">{isRouteErrorResponse(error) ? error.status : 500}</p>
      <h1>{notFound ? t("common.error.notFound") : t("common.error.failed")}</h1>
      <p>{notFound ? t("common.error.notFoundText") : t("common.error.failedText")}</p>
      <div className="actions">
        <Link to="/" className="btn btn-primary">
          {t("common.error.home")}
        </Link>
        <Link to="/contests" className="btn btn-ghost">
          {t("common.error.contests")}
        </Link>
      </div>
    </section>
  );
}
