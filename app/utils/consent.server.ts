import { createCookie } from "@remix-run/node";

// Plain (unsigned) preference cookies: they hold no secrets and grant nothing.
export const CONSENT_MAX_AGE = 30 * 24 * 60 * 60; // marketplace.md §9: 30 days

export const consentCookie = createCookie("cookie_consent", { path: "/", sameSite: "lax", maxAge: CONSENT_MAX_AGE });

// contests.md §2: the Getting Started Guide shows on the first visit only.
export const guideSeenCookie = createCookie("guide_seen", { path: "/", sameSite: "lax", maxAge: 365 * 24 * 60 * 60 });

export async function hasConsent(request: Request) {
  return (await consentCookie.parse(request.headers.get("Cookie"))) === "accepted";
}
