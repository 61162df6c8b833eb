import { createCookie } from "@remix-run/node";
import { appUrl } from "~/utils/env.server";

// Plain (unsigned) preference cookies: they hold no secrets and grant nothing, but
// like every cookie of ours they are Secure when the site is served over https.
export const CONSENT_MAX_AGE = 30 * 24 * 60 * 60; // docs/product/marketplace.md §9: 30 days

const secure = (origin: string) => origin.startsWith("https://");

export const consentCookie = (origin = appUrl()) => createCookie("cookie_consent", { path: "/", sameSite: "lax", maxAge: CONSENT_MAX_AGE, secure: secure(origin) });

// docs/product/contests.md §2: the Getting Started Guide shows on the first visit only.
export const guideSeenCookie = (origin = appUrl()) => createCookie("guide_seen", { path: "/", sameSite: "lax", maxAge: 365 * 24 * 60 * 60, secure: secure(origin) });

export async function hasConsent(request: Request) {
  return (await consentCookie().parse(request.headers.get("Cookie"))) === "accepted";
}
