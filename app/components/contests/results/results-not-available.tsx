import { Link } from "@remix-run/react";
import { useT } from "~/utils/i18n";

/** docs/product/contests.md §2: the results (and completion) page of a student without a submitted entry. Its page loads the "test" namespace. */
export function ResultsNotAvailable() {
  const { t } = useT();
  return (
    <section className="container narrow error-page">
      <h1>{t("test.none.title")}</h1>
      <p>{t("test.none.text")}</p>
      <Link to="/dashboard" className="btn btn-primary">
        {t("test.none.back")}
      </Link>
    </section>
  );
}
