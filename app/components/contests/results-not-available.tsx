import { Link } from "@remix-run/react";

/** docs/product/contests.md §2: the results (and completion) page of a student without a submitted entry. */
export function ResultsNotAvailable() {
  return (
    <section className="container narrow error-page">
      <h1>Results Not Available</h1>
      <p>We couldn&apos;t find your results for this contest.</p>
      <Link to="/dashboard" className="btn btn-primary">
        Return to Dashboard
      </Link>
    </section>
  );
}
