import { isRouteErrorResponse, type MetaFunction } from "@remix-run/react";
import { createTranslator, DEFAULT_LOCALE, isLocale, pageMessages, type MessageId, type Translate } from "~/utils/i18n";

// Every page has a title and a description (a route's `meta` replaces the root's in
// Remix 2, so each route names both; search engines and link previews read them).
export function pageMeta(title: string, description: string) {
  return [{ title: `${title} — StudyArena` }, { name: "description", content: description }];
}

/**
 * A route's `meta` runs outside React, on the server and in the browser: its translator is
 * made from the messages its page's loaders returned (the root's says the language).
 */
export function metaTranslator(matches: ReadonlyArray<{ id: string; data?: unknown }>): Translate {
  const rootLocale = (matches.find((m) => m.id === "root")?.data as { locale?: unknown } | undefined)?.locale;
  return createTranslator(isLocale(rootLocale) ? rootLocale : DEFAULT_LOCALE, pageMessages(matches)).t;
}

/** A page's `meta` whose title and description are messages its loaders delivered. */
export function translatedPageMeta(title: MessageId, description: MessageId): MetaFunction {
  return ({ matches, error }) => {
    const t = metaTranslator(matches);
    // A page whose loader failed (a 404 for an order that is not yours) has no words of its
    // own: its title is the error's, from the root's messages, never a bare id.
    if (!(title in pageMessages(matches))) {
      const missing = isRouteErrorResponse(error) && error.status === 404;
      return pageMeta(t(missing ? "common.error.notFound" : "common.error.failed"), t(missing ? "common.error.notFoundText" : "common.error.failedText"));
    }
    return pageMeta(t(title), t(description));
  };
}
