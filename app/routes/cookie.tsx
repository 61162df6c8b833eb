import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { consentCookie, hasConsent } from "~/utils/consent.server";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/forms.server";
import { safeRedirect } from "~/utils/urls";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta("Cookie Policy", "Which cookies StudyArena uses and why.");

export async function loader({ request }: LoaderFunctionArgs) {
  return { accepted: await hasConsent(request) };
}

// The accept banner posts here (a plain form, so it works without JavaScript).
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request, ["redirectTo", "intent"]);
  const headers = new Headers();
  headers.append("Set-Cookie", await consentCookie().serialize("accepted"));
  headers.append("Set-Cookie", await setFlash({ kind: "success", message: "Thanks! Your cookie preference has been saved." }));
  throw redirect(safeRedirect(form.get("redirectTo"), "/cookie"), { headers });
}

export default function CookiePolicy() {
  const { accepted } = useLoaderData<typeof loader>();
  return (
    <ContentPage title="Cookie Policy" intro="The few cookies we use, and why.">
      <h2>Cookies we set</h2>
      <ul>
        <li><strong>__session</strong>: keeps you signed in (30 days, or until you sign out).</li>
        <li><strong>__flash</strong>: carries a one-time message to the next page (1 minute).</li>
        <li><strong>__device</strong>: remembers that this browser has signed in to your account, so someone guessing your password elsewhere cannot lock you out (1 year).</li>
        <li><strong>cookie_consent</strong>: remembers that you accepted this policy (30 days).</li>
        <li><strong>guide_seen</strong>: remembers that you have seen the Getting Started Guide.</li>
      </ul>
      <p>We set no advertising or third-party tracking cookies. Our visit counts are first-party and anonymous.</p>
      <h2>Managing cookies</h2>
      <p>You can delete cookies in your browser's settings at any time. Without the session cookie you cannot stay signed in.</p>
      <div className="card" style={{ marginTop: "2rem" }}>
        {accepted ? (
          <p className="alert alert-success" role="status">You have accepted cookies.</p>
        ) : (
          <Form method="post" className="cookie-row">
            <p>Accept our cookies to continue with your preferences remembered.</p>
            <input type="hidden" name="redirectTo" value="/cookie" />
            <button type="submit" name="intent" value="accept" className="btn btn-primary">
              Accept cookies
            </button>
          </Form>
        )}
      </div>
    </ContentPage>
  );
}
