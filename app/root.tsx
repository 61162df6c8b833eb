import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { data } from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { useContext, useEffect, type ReactNode } from "react";
import { ErrorPage } from "~/components/error-page";
import { LanguageAlternates } from "~/components/language-switch";
import { Footer } from "~/components/footer";
import { Header } from "~/components/header";
import styles from "~/styles/app.css";
import { rememberLocale } from "~/models/accounts/account.server";
import { getUser, staleSessionCookie } from "~/models/accounts/auth.server";
import { cartCount } from "~/models/store/cart/cart.server";
import { db } from "~/db/client.server";
import { hasConsent } from "~/utils/consent.server";
import { appUrl, contestOffer, operatorDetails, supportContact } from "~/utils/env.server";
import { offerWords } from "~/models/contests/catalogue/kinds";
import { cookieValue, HTML_LANG, I18nProvider, langCookie, useT, LANG_COOKIE, LANG_PARAM, pageMessages, usePageI18n, type Translate } from "~/utils/i18n";
import { localeOf, messagesFor, say, translator } from "~/utils/i18n.server";
import { metaTranslator } from "~/utils/meta";
import { readFlash, type Flash } from "~/utils/flash.server";
import { avatarInitial, displayName } from "~/utils/names";
import { restoreTypedValues, StartScriptContext } from "~/utils/late-hydration";
import { useNonce } from "~/utils/nonce";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ error, matches }) => {
  const t = metaTranslator(matches);
  return [
    { title: isRouteErrorResponse(error) && error.status === 404 ? t("common.meta.notFoundTitle") : t("common.meta.title") },
    { name: "description", content: t("common.meta.description") },
  ];
};

function sayFlash(flash: Flash, t: Translate) {
  return { kind: flash.kind, message: say(t, flash.message), action: flash.action && { to: flash.action.to, label: say(t, flash.action.label) } };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = localeOf(request, context);
  // The footer's tagline says what the contests offer, as this operator runs them (issue 67, point 6).
  const language = { locale, messages: messagesFor(locale, "common"), origin: appUrl(), tagline: offerWords(contestOffer()).tagline };
  // A shared document (the test page) is the same for everyone: no session, no flash, no cookies.
  if (context.page === "shared") return data({ user: null, flash: null, askConsent: false, support: supportContact(), operator: operatorDetails(), shared: true, ...language });
  const [user, staleSession, { flash, clear }, consented] = await Promise.all([
    getUser(request, context),
    staleSessionCookie(request, context),
    readFlash(request),
    hasConsent(request),
  ]);
  const cart = user ? await cartCount(db, user.id) : 0;
  const headers = new Headers();
  // A cookie for a session that has ended (signed out elsewhere, expired) is removed.
  if (staleSession) headers.append("Set-Cookie", staleSession);
  // A page opened in a language (the switch, or a shared link) keeps that language for the next pages.
  if (new URL(request.url).searchParams.has(LANG_PARAM) && cookieValue(request.headers.get("Cookie"), LANG_COOKIE) !== locale) {
    headers.append("Set-Cookie", langCookie(locale, appUrl().startsWith("https://")));
    // A signed-in reader's choice carries into their mails.
    if (user) await rememberLocale(db, user.id, locale);
  }
  if (clear) headers.append("Set-Cookie", clear);
  return data(
    {
      user: user ? { initial: avatarInitial(user.full_name, user.email), name: displayName(user.full_name, user.email), cart } : null,
      // A flash carries ids: said here in the page's language.
      flash: flash && sayFlash(flash, translator(locale)),
      askConsent: !consented,
      support: supportContact(),
      operator: operatorDetails(),
      shared: false,
      ...language,
    },
    { headers },
  );
}

// The root's data in a shared document is nobody's (no user, no flash): leaving it, the
// root loads again. Only the browser asks shouldRevalidate; Layout keeps this up to date.
const shown = { sharedRootData: false };
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) => shown.sharedRootData || defaultShouldRevalidate;

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const shared = root?.shared === true;
  useEffect(() => {
    shown.sharedRootData = shared;
  }, [shared]);
  const matches = useMatches();
  const locale = root?.locale ?? "en";
  const i18n = usePageI18n(locale, pageMessages(matches));
  // The test fills the screen: no site header, footer or banners around it (its route's handle says so).
  const bare = matches.some((match) => (match.handle as { bare?: boolean } | undefined)?.bare === true);
  // Hydration starts after the load event (late-hydration.ts); browser tests wait for this mark.
  useEffect(() => {
    restoreTypedValues();
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang={HTML_LANG[locale]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <Meta />
        <Links />
        {root ? <LanguageAlternates origin={root.origin} /> : null}
      </head>
      <I18nProvider value={i18n}>
        <Body bare={bare} root={root} nonce={nonce}>
          {children}
        </Body>
      </I18nProvider>
    </html>
  );
}

type RootData = ReturnType<typeof useRouteLoaderData<typeof loader>>;

/** The page itself, inside its language (the I18nProvider above). */
function Body({ bare, root, nonce, children }: { bare: boolean; root: RootData; nonce: string; children: ReactNode }) {
  const { t } = useT();
  const startScript = useContext(StartScriptContext);
  return (
    <body>
      <a href="#main" className="skip-link">
        {t("common.skipLink")}
      </a>
      {bare ? null : <Header user={root?.user ?? null} />}
      {root?.askConsent && !bare ? <CookieBanner /> : null}
      {root?.flash && !bare ? (
        <div className={`flash flash-${root.flash.kind} container`} role="status">
          {root.flash.message}
          {root.flash.action ? (
            <>
              {" "}
              <Link to={root.flash.action.to} className="btn btn-primary btn-sm">
                {root.flash.action.label}
              </Link>
            </>
          ) : null}
        </div>
      ) : null}
      <main id="main" className={bare ? "bare" : undefined}>
        {children}
      </main>
      {bare ? null : <Footer />}
      <ScrollRestoration nonce={nonce} />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: startScript }} />
      <Scripts nonce={nonce} />
    </body>
  );
}

function CookieBanner() {
  const location = useLocation();
  const { t } = useT();
  return (
    <aside className="cookie-banner" aria-label={t("common.cookie.banner")}>
      <div className="container cookie-row">
        <p>
          {t("common.cookie.text")} <Link to="/cookie">{t("common.cookie.policy")}</Link>
        </p>
        <Form method="post" action="/cookie" replace>
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button type="submit" name="intent" value="accept" className="btn btn-primary btn-sm">
            {t("common.cookie.accept")}
          </button>
        </Form>
      </div>
    </aside>
  );
}

export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = ErrorPage;
