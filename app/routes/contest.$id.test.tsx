import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useParams } from "@remix-run/react";
import { TestIsland } from "~/components/test/test-island";
import { requireUuidParam } from "~/utils/http.server";

// The test (contests.md §2 Test). This document is the same for every student and
// reads no session (see app/utils/shared-shell.ts): the island fetches the student's
// paper from /api/contest/{id}/test. Fullscreen and the camera need JavaScript, so
// without it the page says so.
export const meta: MetaFunction = () => [
  { title: "Contest Test — StudyArena" },
  { name: "description", content: "Take your StudyArena contest test in fullscreen." },
  { name: "robots", content: "noindex" },
];

export function loader({ params }: LoaderFunctionArgs) {
  requireUuidParam(params);
  return null;
}

export default function TestPage() {
  const { id } = useParams();
  return (
    <>
      <noscript>
        <section className="container narrow error-page">
          <h1>The test needs JavaScript and a camera</h1>
          <p>
            The test runs in fullscreen with your camera on, which needs JavaScript. Please turn JavaScript on (or use Chrome or
            Firefox) and open this page again. Your time runs from the contest&apos;s start, so please hurry.
          </p>
          <p>
            <a href="/dashboard">Back to the dashboard</a>
          </p>
        </section>
      </noscript>
      <TestIsland contestId={id!} />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <section className="container narrow error-page">
      <h1>Contest Not Found</h1>
      <Link to="/" className="btn btn-primary">
        Back to Home
      </Link>
    </section>
  );
}
