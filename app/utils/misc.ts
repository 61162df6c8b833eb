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

/** Text with control characters (NUL above all, which PostgreSQL refuses) removed; tabs and line breaks stay. */
export function stripControlChars(value: string) {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
}

/** A search box's value from the URL: one line, trimmed, at most `max` characters. */
export function searchText(params: URLSearchParams, name = "q", max = 100) {
  return stripControlChars(params.get(name) ?? "").replace(/\s+/g, " ").trim().slice(0, max);
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

/** A LIKE/ILIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally; null for no text. */
export function containsPattern(text: string | null | undefined) {
  return text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

/** '1 minute', '2 minutes': a count with its noun in the right number. */
export function countOf(count: number, singular: string, plural = `${singular}s`) {
  return `${count} ${count === 1 ? singular : plural}`;
}

/**
 * Text without the bidirectional embedding, override and isolate controls
 * (U+202A–U+202E, U+2066–U+2069), which can make a name or a comment read backwards or
 * hide what follows it. Right-to-left text itself is untouched.
 */
export function stripBidiControls(value: string) {
  return value.replace(/[\u202a-\u202e\u2066-\u2069]/g, "");
}
