import type { Messages } from "@lingui/core";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useParams } from "@remix-run/react";
import { NeedsJavaScript } from "~/components/contests/test-island/camera";
import { TestIsland, testScreenHandle, testScreenLinks, testScreenMeta } from "~/components/contests/test-island/test-island";
import { TEST_PAGE_BORROWS } from "~/models/contests/sitting/test-rules";
import type { RequestPolicy } from "~/server/policy";
import { requireUuidParam } from "~/utils/http.server";
import { useT } from "~/utils/i18n";
import { messagesInBoth } from "~/utils/i18n.server";

// The test (docs/product/contests.md §2 Test). This document is the same for every student and
// reads no session: the island fetches the student's paper from /api/contest/{id}/test.
// Fullscreen and the camera need JavaScript, so without it the page says so.

/** One document for the whole crowd: kept in memory, cacheable, rendered without a session. */
export const requestPolicy: RequestPolicy = { page: "shared" };

/** The test fills the screen, with its own stylesheet (components/contests/test-island/test-island.tsx). */
export const handle = testScreenHandle;
export const links = testScreenLinks;
export const meta = testScreenMeta;

export function loader({ request, params, context }: LoaderFunctionArgs) {
  requireUuidParam(params);
  // The same document for every student in a language (kept per language in memory). It
  // carries the island's words in the other language too, for the instructions' switch.
  return messagesInBoth(request, context, "test", TEST_PAGE_BORROWS);
}

export default function TestPage() {
  const { id } = useParams();
  const { otherMessages } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <>
      <NeedsJavaScript level={1}>
        <p>
          <a href="/dashboard">{t("test.needs.dashboard")}</a>
        </p>
      </NeedsJavaScript>
      <TestIsland contestId={id!} otherMessages={otherMessages as Messages} />
    </>
  );
}

export function ErrorBoundary() {
  const { t } = useT();
  return (
    <section className="container narrow error-page">
      <h1>{t("common.notFound.contest")}</h1>
      <Link to="/" className="btn btn-primary">
        {t("common.error.home")}
      </Link>
    </section>
  );
}
