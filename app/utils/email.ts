/** The longest address SMTP carries (RFC 5321). */
export const MAX_EMAIL_LENGTH = 254;

/** Trimmed, Unicode-normalised and lower-cased, so one address has one account. */
export function normalizeEmail(raw: string) {
  return raw.trim().normalize("NFC").toLowerCase();
}

// Deliberately loose: one @, something on each side, a dot in the domain. It accepts
// internationalised addresses (RFC 6531) that students do use; the mail itself is the
// real check.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

export function isEmail(value: string) {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL.test(value);
}
