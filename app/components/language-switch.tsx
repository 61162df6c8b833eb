import { Link, useLocation } from "@remix-run/react";
import { HTML_LANG, LANG_PARAM, LANGUAGE_NAMES, LOCALES, SWITCH_TITLES, urlInLocale, useT } from "~/utils/i18n";

// On the narrowest phones (320 px) the pill shows these; a screen reader still hears the whole name.
const SHORT_NAMES = { en: "EN", hi: "हि" } as const;

/**
 * हिन्दी / English: a plain link to the same page and query in the other language, so it
 * works without JavaScript; the server keeps the choice in a cookie. With JavaScript the
 * page's loaders run again in place, so what was typed in a form stays typed.
 */
export function LanguageSwitch() {
  const { locale, t } = useT();
  const { pathname, search } = useLocation();
  const other = locale === "en" ? "hi" : "en";
  return (
    <nav aria-label={t("common.language.label")} className="lang-switch">
      <Link to={urlInLocale(pathname, search, other)} lang={HTML_LANG[other]} hrefLang={HTML_LANG[other]} title={SWITCH_TITLES[other]} translate="no" preventScrollReset>
        <span className="lang-long">{LANGUAGE_NAMES[other]}</span>
        <span className="lang-short" aria-hidden="true">
          {SHORT_NAMES[other]}
        </span>
      </Link>
    </nav>
  );
}

/** The page's address in each language, for search engines and shared links (`hreflang`). */
export function LanguageAlternates({ origin }: { origin: string }) {
  const { pathname, search } = useLocation();
  const plain = new URLSearchParams(search);
  plain.delete(LANG_PARAM);
  const rest = plain.toString();
  return (
    <>
      {LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={HTML_LANG[locale]} href={origin + urlInLocale(pathname, search, locale)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={origin + pathname + (rest ? `?${rest}` : "")} />
    </>
  );
}
