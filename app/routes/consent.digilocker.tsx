// DigiLocker's answer (issue 67, point 2; docs/decisions/privacy-parent-verified.md): the callback our sign-in names
// as its redirect_uri. A verified adult goes back to the consent page, which now offers the answer; any refusal
// (a forged or replayed callback, another browser's state, a cancelled sign-in, someone under 18, a consent no
// longer open) is said here and records nothing. The rules are in models/accounts/parents/digilocker.server.ts.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ErrorPage } from "~/components/error-page";
import { db } from "~/db/client.server";
import { finishSignIn, type CallbackRefusal } from "~/models/accounts/parents/digilocker.server";
import { CONSENT_TOKEN } from "~/models/accounts/parents/parental-consent.server";
import { signInCookie } from "~/utils/cookies.server";
import { combineHeaders, redirectWithFlash } from "~/utils/http.server";
import { useT, type MessageId } from "~/utils/i18n";
import { i18nFor } from "~/utils/i18n.server";
import { translatedPageMeta } from "~/utils/meta";

export const meta = translatedPageMeta("consent.callback.metaTitle", "consent.callback.title");
// The URL carries DigiLocker's code: no search engine keeps it, no other site is told it.
export const headers = () => ({ "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin", "Cache-Control": "no-store" });

const SAID: Record<CallbackRefusal, MessageId> = {
  forged: "consent.callback.forged",
  "other-browser": "consent.callback.otherBrowser",
  expired: "consent.callback.expired",
  cancelled: "consent.callback.cancelled",
  refused: "consent.callback.refused",
  "no-age": "consent.callback.noAge",
  minor: "consent.callback.minor",
  closed: "consent.callback.closed",
  unavailable: "consent.callback.unavailable",
};

const param = (url: URL, name: string, max: number) => {
  const value = url.searchParams.get(name);
  return value && value.length <= max ? value : null;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const cookie = (await signInCookie().parse(request.headers.get("Cookie"))) as { k?: unknown; t?: unknown } | null;
  const browserKey = typeof cookie?.k === "string" ? cookie.k : null;
  const token = typeof cookie?.t === "string" && CONSENT_TOKEN.test(cookie.t) ? cookie.t : null;
  const result = await finishSignIn(db, { state: param(url, "state", 100) ?? "", code: param(url, "code", 4000), error: param(url, "error", 200), browserKey, now: new Date() });
  if (result.ok && token) {
    const clear = { "Set-Cookie": await signInCookie().serialize("", { maxAge: 0, expires: new Date(0) }) };
    return redirectWithFlash(`/consent/${token}`, { kind: "success", message: { id: "consent.verifiedFlash" } }, { headers: combineHeaders(headers(), clear) });
  }
  const { messages } = i18nFor(request, context, "consent");
  const said: MessageId = result.ok ? "consent.callback.otherBrowser" : SAID[result.reason];
  return data({ messages, said, back: token ? `/consent/${token}` : null }, { status: result.ok ? 400 : result.reason === "unavailable" ? 503 : 400, headers: headers() });
}

export default function DigiLockerCallback() {
  const { said, back } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <section className="container narrow section">
      <div className="card" role="alert">
        <h1>{t("consent.callback.title")}</h1>
        <p>{t(said)}</p>
        <Link to={back ?? "/"} className="btn btn-primary">
          {t(back ? "consent.callback.back" : "consent.home")}
        </Link>
      </div>
    </section>
  );
}

export const ErrorBoundary = ErrorPage;
