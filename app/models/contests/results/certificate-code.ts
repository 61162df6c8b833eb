// A certificate's verification code (./certificates.server.ts): stored as hex digits,
// printed in groups of four. Codes issued before issue 65 are 12 digits (48 bits); every
// new one is 20 (80 bits), and both are looked up. Pure, so the results page prints it too.

/** A code as stored (12 or 20 hex digits, upper case) from what someone typed: spaces, dashes and case do not matter. */
export function normalizeCertificateCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, "").toUpperCase();
  return /^[0-9A-F]{12}([0-9A-F]{8})?$/.test(code) ? code : null;
}

/** How a code is printed: groups of four, easy to read out and to type. */
export const formatCertificateCode = (code: string) => code.match(/.{1,4}/g)!.join("-");
