import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { notFound } from "~/utils/http.server";

export const meta: MetaFunction = () => [{ title: "Page Not Found — StudyArena" }];

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
