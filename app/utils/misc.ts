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
  if (/[\u0000-\u001f]/.test(to)) return fallback;
  return to;
}

/** 'Asha Rao' → 'A'; no name → first letter of the e-mail. */
export function avatarInitial(fullName: string | null | undefined, email: string) {
  const source = fullName?.trim() || email;
  return (source[0] ?? "?").toUpperCase();
}

/** The greeting name: full name, else the part of the e-mail before the @. */
export function displayName(fullName: string | null | undefined, email: string) {
  return fullName?.trim() || email.split("@")[0] || email;
}
