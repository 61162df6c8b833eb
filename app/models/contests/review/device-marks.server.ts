// Which device and which network a test started from (issue 47, point 4: "many entrants from
// one device or address"). Only keyed hashes are stored: the same device or address gives
// the same hash within this deployment, and nobody can turn a hash back into an address.
// The device is a random value in a long-lived cookie, set at the test's start; a student
// who clears cookies gets a new one, so the signal can only under-report.
import { createHmac, randomBytes } from "node:crypto";
import { appUrl, sessionSecrets } from "~/utils/env.server";

export const DEVICE_COOKIE = "sa_device";
const DEVICE_VALUE = /^[A-Za-z0-9_-]{22}$/;
const YEAR_S = 365 * 24 * 60 * 60;

const keyed = (what: string, value: string) => createHmac("sha256", sessionSecrets()[0]!).update(`${what}:${value}`).digest("base64url").slice(0, 32);

/** The device cookie's value in a Cookie header, if it is one of ours in shape. */
export function deviceOf(cookieHeader: string | null) {
  const match = cookieHeader?.match(/(?:^|;\s*)sa_device=([^;]*)/);
  return match && DEVICE_VALUE.test(match[1]!) ? match[1]! : null;
}

/** The hashes to store with the start, and the cookie to set when the device had none. */
export function deviceMarks(cookieHeader: string | null, address: string) {
  const known = deviceOf(cookieHeader);
  const device = known ?? randomBytes(16).toString("base64url");
  const secure = appUrl().startsWith("https://") ? "; Secure" : "";
  return {
    deviceHash: keyed("device", device),
    // "unknown" (no address seen) is shared by nobody: it is not stored.
    addressHash: address && address !== "unknown" ? keyed("address", address) : null,
    setCookie: known ? null : `${DEVICE_COOKIE}=${device}; Path=/; Max-Age=${YEAR_S}; HttpOnly; SameSite=Lax${secure}`,
  };
}
