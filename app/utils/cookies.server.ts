import { createCookie, type Cookie } from "@remix-run/node";
import { appUrl, sessionSecrets } from "~/utils/env.server";

const made = new Map<string, Cookie>();

/**
 * An httpOnly, signed, SameSite=Lax cookie. Made on first use (the secret may be
 * loaded from the database at start-up). `Secure` follows APP_URL's scheme, not NODE_ENV:
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
      secrets: sessionSecrets(),
      maxAge: maxAgeSeconds,
    });
    made.set(name, cookie);
  }
  return cookie;
}

/** A DigiLocker sign-in's browser key and the consent link to return to (models/accounts/parents/digilocker.server.ts): 10 minutes. */
export const signInCookie = () => signedCookie("__digilocker", 600);
