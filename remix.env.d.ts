/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

import "@remix-run/node";

declare module "@remix-run/node" {
  // Single fetch: without this, loader and action data are typed `unknown`.
  interface Future {
    v3_singleFetch: true;
  }
  interface AppLoadContext {
    /** The client's address as the server saw it (after TRUST_PROXY). */
    clientIp?: string;
    /** This request's Content-Security-Policy nonce (app/server/front-door.server.ts). */
    cspNonce?: string;
    /** What the route declares of its page (its requestPolicy): "shared" is rendered without a session. */
    page?: "shared" | "guest";
    /** The request's language, as the front door resolved it (app/utils/i18n.ts). */
    locale?: "en" | "hi";
    /** The request's clock (app/utils/clock.ts): unset, the system's; tests set one they move. */
    clock?: import("~/utils/clock").Clock;
  }
}
