import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { notFound } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta("Page Not Found", "The page you are looking for does not exist or has moved.");

// Any path no route claims: a real 404 status with the styled page.
export function loader() {
  notFound();
}

export default function NotFound() {
  return (
    <section className="container narrow error-page">
      <h1>Page Not Found</h1>
      <Link to="/">Back to Home</Link>
    </section>
  );
}
