import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useParams } from "@remix-run/react";
import { NeedsJavaScript } from "~/components/contests/test-island/camera";
import { TestIsland } from "~/components/contests/test-island/test-island";
import type { RequestPolicy } from "~/server/policy";
import { requireUuidParam } from "~/utils/http.server";
import { i18nFor } from "~/utils/i18n.server";

// The test (docs/product/contests.md §2 Test). This document is the same for every student and
// reads no session: the island fetches the student's paper from /api/contest/{id}/test.
// Fullscreen and the camera need JavaScript, so without it the page says so.

/** One document for the whole crowd: kept in memory, cacheable, rendered without a session. */
export const requestPolicy: RequestPolicy = { page: "shared" };

/** The test fills the screen: no site header, footer or banners around it (root.tsx). */
export const handle = { bare: true };
export const meta: MetaFunction = () => [
  { title: "Contest Test — StudyArena" },
  { name: "description", content: "Take your StudyArena contest test in fullscreen." },
  { name: "robots", content: "noindex" },
];

export function loader({ request, params, context }: LoaderFunctionArgs) {
  requireUuidParam(params);
  // The same document for every student in a language (kept per language in memory): the
  // rules' words so far; the island's own words are still English (issue 33).
  return { messages: i18nFor(request, context, "contest").messages };
}

export default function TestPage() {
  const { id } = useParams();
  return (
    <>
      <NeedsJavaScript level={1}>
        <p>
          <a href="/dashboard">Back to the dashboard</a>
        </p>
      </NeedsJavaScript>
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
