// A parent shows through the built-in DigiLocker stand-in that they are 18 or older (issue 67, point 2), through
// the app's own routes as a browser would: the consent page's first step, the stand-in's page, the callback.
import * as callbackPage from "~/routes/consent.digilocker";
import * as consentPage from "~/routes/consent.$token";
import * as standInPage from "~/routes/digilocker.stand-in";
import { call, cookieFrom, formRequest, getRequest } from "./remix";

/** Each step's outcome, so a test can look at any of them; `who` is whom the stand-in signs in. */
export async function signInThroughStandIn(token: string, options: { who?: "adult" | "minor" | "cancel"; cookie?: string } = {}) {
  const start = await call(consentPage.action, formRequest(`/consent/${token}`, { intent: "digilocker" }, options.cookie), { params: { token } });
  const browser = [cookieFrom(start.headers, "__digilocker"), options.cookie].filter(Boolean).join("; ");
  if (!start.location) return { start, browser, page: null, back: null, callback: null, done: null };
  const authorize = new URL(start.location, "http://localhost:3000");
  const page = await call(standInPage.loader, getRequest(`${authorize.pathname}${authorize.search}`));
  const back = await call(standInPage.action, formRequest("/digilocker/stand-in", { ...Object.fromEntries(authorize.searchParams), who: options.who ?? "adult" }));
  const callback = new URL(back.location!);
  const done = await call(callbackPage.loader, getRequest(`${callback.pathname}${callback.search}`, browser));
  return { start, browser, authorize, page, back, callback, done };
}

/** The callback's answer for a URL and the browser's cookies (a replay, another browser, a forged state). */
export const callBack = (url: URL | string, cookie?: string) => {
  const u = new URL(url, "http://localhost:3000");
  return call(callbackPage.loader, getRequest(`${u.pathname}${u.search}`, cookie));
};

/** The parent verifies as an adult; whatever the consent's state, nothing is asserted here. */
export const verifyParent = (token: string) => signInThroughStandIn(token);
