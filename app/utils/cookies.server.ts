import { createCookie, type Cookie } from "@remix-run/node";
import { appUrl, sessionSecret } from "~/utils/env.server";

const made = new Map<string, Cookie>();

/**
 * An httpOnly, signed, SameSite=Lax cookie. Made on first use (the secret may be
 * generated into DATA_DIR). `Secure` follows APP_URL's scheme, not NODE_ENV:
 * remix-serve forces production, and tests run over http.
 */
export function signedCookie(name: string, maxAgeSeconds: number): Cookie {
  let cookie = made.get(name);
  if (!cookie) {
    cookie = createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: appUrl().startsWith("https://"),
      secrets: [sessionSecret()],
      maxAge: maxAgeSeconds,
    });
    made.set(name, cookie);
  }
  return cookie;
}
