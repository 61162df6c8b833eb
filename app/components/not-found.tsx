import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

/**
 * A route's ErrorBoundary for its own 404 ('Product Not Found', 'Contest Not Found'…);
 * any other error goes on to the root boundary.
 */
export function notFoundBoundary(copy: { title: string; message?: string; action: { label: string; to: string } }) {
  return function NotFoundBoundary() {
    const error = useRouteError();
    if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
    return (
      <section className="container narrow error-page">
        <h1>{copy.title}</h1>
        {copy.message ? <p>{copy.message}</p> : null}
        <Link to={copy.action.to} className="btn btn-primary">
          {copy.action.label}
        </Link>
      </section>
    );
  };
}
