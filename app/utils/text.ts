// Text from forms and URLs, cleaned for storage and search, and counts in words.

/** Text with control characters (NUL above all, which PostgreSQL refuses) removed; tabs and line breaks stay. */
export function stripControlChars(value: string) {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
}

/** A search box's length: its input's maxLength and what searchText keeps. */
export const SEARCH_MAX = 100;

/** A search box's value from the URL: one line, trimmed, at most `max` characters. */
export function searchText(params: URLSearchParams, name = "q", max = SEARCH_MAX) {
  return stripControlChars(params.get(name) ?? "").replace(/\s+/g, " ").trim().slice(0, max);
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

/**
 * Rows as CSV (RFC 4180: every field quoted, quotes doubled, CRLF). A field a spreadsheet
 * would run as a formula (=, +, @, a tab or a minus not starting a number) gets a leading
 * apostrophe, so a downloaded file never runs anything.
 */
export function csvText(rows: string[][]): string {
  const field = (value: string) => {
    const safe = /^[=+@\t\r]|^-(?![\d.])/.test(value) ? `'${value}` : value;
    return `"${safe.replaceAll('"', '""')}"`;
  };
  return rows.map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}

/** An Indian pincode's shape: six digits, never starting with 0. The directory says whether one exists (models/store/checkout/pincodes.server.ts). */
export const PINCODE_SHAPE = /^[1-9][0-9]{5}$/;
