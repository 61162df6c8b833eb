import type { Messages } from "@lingui/core";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { NeedsJavaScript } from "~/components/contests/test-island/camera";
import { TestIsland } from "~/components/contests/test-island/test-island";
import { ContestNotFound } from "~/components/not-found";
import { TEST_PAGE_BORROWS } from "~/models/contests/sitting/test-rules";
import type { RequestPolicy } from "~/server/policy";
import { requireUuidParam } from "~/utils/http.server";
import { useT, type Locale } from "~/utils/i18n";
import { localeOf, messagesFor, pickMessages } from "~/utils/i18n.server";
import { metaTranslator, pageMeta } from "~/utils/meta";
import testScreenStyles from "~/styles/test-screen.css";

// A practice attempt of a finished paper (issue 48, point 6) in the test's own screen: the
// same document for everyone, like the test's (contest.$id.test.tsx); the island asks
// /api/contest/{id}/practice for the student's open attempt.

export const requestPolicy: RequestPolicy = { page: "shared" };
export const handle = { bare: true };
/** The test screen's own stylesheet: no other page carries it (app/styles/test-screen.css). */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: testScreenStyles }];
export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [...pageMeta(t("test.metaTitle"), t("test.metaDescription")), { name: "robots", content: "noindex" }];
};

const islandMessages = (locale: Locale) => ({ ...messagesFor(locale, "test"), ...pickMessages(locale, TEST_PAGE_BORROWS) });

export function loader({ request, params, context }: LoaderFunctionArgs) {
  requireUuidParam(params);
  const locale = localeOf(request, context);
  return { messages: islandMessages(locale), otherMessages: islandMessages(locale === "hi" ? "en" : "hi") };
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
