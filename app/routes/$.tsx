import { Link } from "@remix-run/react";

// Any path no route claims: a real 404 status with the styled page.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return (
    <section className="container narrow error-page">
      <h1>Page Not Found</h1>
      <Link to="/">Back to Home</Link>
    </section>
  );
}
