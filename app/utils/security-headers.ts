// The headers every response carries (app/server/front-door.server.ts) and the Content-Security-Policy of
// every page (entry.server.tsx). Pure functions, so a unit test reads the policy.

export const RAZORPAY_HOSTED_CHECKOUT = "https://api.razorpay.com/v1/checkout/embedded";

/** What the pay page adds when Razorpay keys are set: its checkout script, frames and hosted form. */
export const RAZORPAY_CSP: CspExtras = {
  script: ["https://checkout.razorpay.com"],
  frame: ["https://api.razorpay.com", "https://checkout.razorpay.com"],
  connect: ["https://api.razorpay.com", "https://lumberjack.razorpay.com"],
  formAction: ["https://api.razorpay.com"],
};

/**
 * Razorpay's sources are admitted only on a page whose route's requestPolicy says it takes
 * payments through the gateway's checkout (`hostedCheckout`), and only when Razorpay keys
 * are set.
 */
export function cspExtrasFor(
  policies: Array<{ hostedCheckout?: true; digilockerSignIn?: true } | undefined>,
  gateway: "razorpay" | "test" | null,
  digilockerOrigin: string | null = null,
): CspExtras {
  const paysHere = policies.some((policy) => policy?.hostedCheckout === true);
  // A parent's first step on the consent page is answered by a redirect to DigiLocker, which form-action governs too.
  const signsInHere = digilockerOrigin !== null && policies.some((policy) => policy?.digilockerSignIn === true);
  const extras = paysHere && gateway === "razorpay" ? RAZORPAY_CSP : {};
  return signsInHere ? { ...extras, formAction: [...(extras.formAction ?? []), digilockerOrigin] } : extras;
}

export type CspExtras = { script?: string[]; frame?: string[]; connect?: string[]; formAction?: string[] };

/**
 * Scripts run only from our origin or with this request's nonce (Remix's inline
 * hydration scripts carry it): no 'unsafe-inline' for scripts. Styles allow inline
 * `style` attributes, which cannot run code. A page that needs a third party (the
 * Razorpay checkout on the pay page) passes its sources as extras.
 */
export function contentSecurityPolicy(nonce: string, extras: CspExtras = {}) {
  const list = (...sources: Array<string | undefined>) => sources.filter(Boolean).join(" ");
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", `'nonce-${nonce}'`, ...(extras.script ?? []))}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self'`,
    `connect-src ${list("'self'", ...(extras.connect ?? []))}`,
    `frame-src ${extras.frame?.length ? extras.frame.join(" ") : "'none'"}`,
    `media-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action ${list("'self'", ...(extras.formAction ?? []))}`,
    `frame-ancestors 'none'`,
  ].join("; ");
}

/** Headers for every response, static files included. */
export function baseSecurityHeaders(appUrl: string): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // Our pages are never framed (clickjacking); the test page may use the camera.
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(self), microphone=(), geolocation=()",
    ...(appUrl.startsWith("https://") ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * Pages for a signed-in browser show personal data (the header names the user), and
 * a page answering a POST may echo what was typed: neither may be stored by a
 * browser or a shared cache.
 */
export function isPersonal(request: Request) {
  return !["GET", "HEAD"].includes(request.method) || /(?:^|;\s*)__session=/.test(request.headers.get("Cookie") ?? "");
}

/** How long a browser or a shared cache may keep a document the same for everyone (a route's `page: "shared"`). */
export const SHARED_PAGE_CACHE_CONTROL = "public, max-age=60";
