import type { Messages } from "@lingui/core";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useParams } from "@remix-run/react";
import { NeedsJavaScript } from "~/components/contests/test-island/camera";
import { TestIsland } from "~/components/contests/test-island/test-island";
import { TEST_PAGE_BORROWS } from "~/models/contests/sitting/test-rules";
import type { RequestPolicy } from "~/server/policy";
import { requireUuidParam } from "~/utils/http.server";
import { useT, type Locale } from "~/utils/i18n";
import { localeOf, messagesFor, pickMessages } from "~/utils/i18n.server";
import { metaTranslator, pageMeta } from "~/utils/meta";
import testScreenStyles from "~/styles/test-screen.css";

// The test (docs/product/contests.md §2 Test). This document is the same for every student and
// reads no session: the island fetches the student's paper from /api/contest/{id}/test.
// Fullscreen and the camera need JavaScript, so without it the page says so.

/** One document for the whole crowd: kept in memory, cacheable, rendered without a session. */
export const requestPolicy: RequestPolicy = { page: "shared" };

/** The test fills the screen: no site header, footer or banners around it (root.tsx). */
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
  // The same document for every student in a language (kept per language in memory). It
  // carries the island's words in the other language too, for the instructions' switch.
  const locale = localeOf(request, context);
  return { messages: islandMessages(locale), otherMessages: islandMessages(locale === "hi" ? "en" : "hi") };
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
