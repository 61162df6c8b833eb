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
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { Footer } from "~/components/footer";
import { Header } from "~/components/header";
import styles from "~/styles/app.css";
import { getUser, staleSessionCookie } from "~/models/accounts/auth.server";
import { cartCount } from "~/models/store/cart.server";
import { db } from "~/db/client.server";
import { hasConsent } from "~/utils/consent.server";
import { supportContact } from "~/utils/env.server";
import { readFlash } from "~/utils/flash.server";
import { avatarInitial, displayName } from "~/utils/names";
import { restoreTypedValues, START_SCRIPT } from "~/utils/late-hydration";
import { useNonce } from "~/utils/nonce";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ error }) => [
  { title: isRouteErrorResponse(error) && error.status === 404 ? "Page Not Found — StudyArena" : "StudyArena — Compete smarter, win bigger" },
  { name: "description", content: "Skill contests with cash prizes and a marketplace for used books, for students in India." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A shared document (the test page) is the same for everyone: no session, no flash, no cookies.
  if (context.page === "shared") return data({ user: null, flash: null, askConsent: false, support: supportContact(), shared: true });
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
  if (clear) headers.append("Set-Cookie", clear);
  return data(
    {
      user: user ? { initial: avatarInitial(user.full_name, user.email), name: displayName(user.full_name, user.email), cart } : null,
      flash,
      askConsent: !consented,
      support: supportContact(),
      shared: false,
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
  // The test fills the screen: no site header, footer or banners around it (its route's handle says so).
  const bare = useMatches().some((match) => (match.handle as { bare?: boolean } | undefined)?.bare === true);
  // Hydration starts after the load event (late-hydration.ts); browser tests wait for this mark.
  useEffect(() => {
    restoreTypedValues();
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
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
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: START_SCRIPT }} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function CookieBanner() {
  const location = useLocation();
  return (
    <aside className="cookie-banner" aria-label="Cookie consent">
      <div className="container cookie-row">
        <p>
          We use cookies to keep you signed in and remember your preferences. <Link to="/cookie">Cookie Policy</Link>
        </p>
        <Form method="post" action="/cookie" replace>
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button type="submit" name="intent" value="accept" className="btn btn-primary btn-sm">
            Accept cookies
          </button>
        </Form>
      </div>
    </aside>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  // Never a stack trace: log it, show a plain page.
  if (!isRouteErrorResponse(error)) console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container narrow error-page">
      <p className="error-code">{isRouteErrorResponse(error) ? error.status : 500}</p>
      <h1>{notFound ? "Page Not Found" : "Something went wrong"}</h1>
      <p>
        {notFound
          ? "The page you are looking for does not exist or has moved."
          : "We could not load this page. Please try again in a moment."}
      </p>
      <div className="actions">
        <Link to="/" className="btn btn-primary">
          Back to Home
        </Link>
        <Link to="/contests" className="btn btn-ghost">
          Browse Contests
        </Link>
      </div>
    </section>
  );
}
