import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { consentCookie, hasConsent } from "~/utils/consent.server";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/forms.server";
import { safeRedirect } from "~/utils/urls";
import { translatedPageMeta } from "~/utils/meta";
import { useT } from "~/utils/i18n";
import { localeOf, messagesUnder } from "~/utils/i18n.server";
import { ErrorPage } from "~/components/error-page";

export const meta = translatedPageMeta("pages.cookie.metaTitle", "pages.cookie.metaDescription");

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { accepted: await hasConsent(request), messages: messagesUnder(localeOf(request, context), "pages.cookie.") };
}

// Each cookie by its name (as the browser lists it) and what it is for.
const COOKIES = [
  ["__session", "pages.cookie.session"],
  ["__flash", "pages.cookie.flash"],
  ["__device", "pages.cookie.device"],
  ["sa_device", "pages.cookie.testDevice"],
  ["cookie_consent", "pages.cookie.consent"],
  ["guide_seen", "pages.cookie.guide"],
  ["lang", "pages.cookie.lang"],
] as const;

// The accept banner posts here (a plain form, so it works without JavaScript).
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request, ["redirectTo", "intent"]);
  const headers = new Headers();
  headers.append("Set-Cookie", await consentCookie().serialize("accepted"));
  headers.append("Set-Cookie", await setFlash({ kind: "success", message: { id: "pages.cookie.thanks" } }));
  throw redirect(safeRedirect(form.get("redirectTo"), "/cookie"), { headers });
}

export default function CookiePolicy() {
  const { accepted } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <ContentPage title={t("pages.cookie.title")} intro={t("pages.cookie.intro")}>
      <h2>{t("pages.cookie.set")}</h2>
      <ul>
        {COOKIES.map(([name, what]) => (
          <li key={name}>
            <strong translate="no">{name}</strong>: {t(what)}
          </li>
        ))}
      </ul>
      <p>{t("pages.cookie.none")}</p>
      <h2>{t("pages.cookie.manage")}</h2>
      <p>{t("pages.cookie.manageText")}</p>
      <div className="card" style={{ marginTop: "2rem" }}>
        {accepted ? (
          <p className="alert alert-success" role="status">
            {t("pages.cookie.accepted")}
          </p>
        ) : (
          <Form method="post" className="cookie-row">
            <p>{t("pages.cookie.acceptText")}</p>
            <input type="hidden" name="redirectTo" value="/cookie" />
            <button type="submit" name="intent" value="accept" className="btn btn-primary">
              {t("pages.cookie.accept")}
            </button>
          </Form>
        )}
      </div>
    </ContentPage>
  );
}

// Its own boundary, so an action's error page keeps the root's words (components/error-page.tsx).
export const ErrorBoundary = ErrorPage;
