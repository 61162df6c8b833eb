import type { Messages } from "@lingui/core";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { NeedsJavaScript } from "~/components/contests/test-island/camera";
import { TestIsland, testScreenHandle, testScreenLinks, testScreenMeta } from "~/components/contests/test-island/test-island";
import { ContestNotFound } from "~/components/not-found";
import { TEST_PAGE_BORROWS } from "~/models/contests/sitting/test-rules";
import type { RequestPolicy } from "~/server/policy";
import { requireUuidParam } from "~/utils/http.server";
import { useT } from "~/utils/i18n";
import { messagesInBoth } from "~/utils/i18n.server";

// A practice attempt of a finished paper (issue 48, point 6) in the test's own screen: the
// same document for everyone, like the test's (contest.$id.test.tsx); the island asks
// /api/contest/{id}/practice for the student's open attempt.

export const requestPolicy: RequestPolicy = { page: "shared" };
export const handle = testScreenHandle;
export const links = testScreenLinks;
export const meta = testScreenMeta;

export function loader({ request, params, context }: LoaderFunctionArgs) {
  requireUuidParam(params);
  return messagesInBoth(request, context, "test", TEST_PAGE_BORROWS);
}

export default function PracticeTestPage() {
  const { id } = useParams();
  const { otherMessages } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <>
      <NeedsJavaScript level={1} practice>
        <p>
          <a href={`/contest/${id}/practice`}>{t("test.needs.practiceBack")}</a>
        </p>
      </NeedsJavaScript>
      <TestIsland contestId={id!} otherMessages={otherMessages as Messages} practice />
    </>
  );
}

export const ErrorBoundary = ContestNotFound;
