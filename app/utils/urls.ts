// Ids in URLs and where a redirect may go: what arrives in an address, checked before use.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs are UUIDs; anything else is a 404 before it reaches a query. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/**
 * A same-site path to go to after login, or the fallback. Rejects absolute URLs,
 * protocol-relative `//evil` and backslash tricks (`/\evil`), which browsers treat
 * as another host.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) {
    return fallback;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback;
  // A Location header carries bytes, not Unicode: encode what is not printable ASCII
  // (a lone surrogate cannot be encoded, so it falls back).
  try {
    return to.replace(/[^\u0021-\u007e]/gu, (c) => encodeURIComponent(c));
  } catch {
    return fallback;
  }
}

/** The short id an order is shown by (orders list, mails, a refund's reason): the id's first segment, in capitals. */
export const shortOrderId = (id: string) => id.split("-")[0]!.toUpperCase();
