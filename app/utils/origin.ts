// CSRF defence for every POST (docs/product/design.md §8): browsers send Origin (and
// Sec-Fetch-Site) with form posts, so a post made by another site is recognisable.
// A request with neither header does not come from a browser page, so it cannot
// carry a victim's cookies and is let through.
export function isCrossSiteWrite(input: {
  method: string;
  origin?: string | null;
  secFetchSite?: string | null;
  host?: string | null;
  appUrl: string;
}): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(input.method.toUpperCase())) return false;
  const site = input.secFetchSite?.toLowerCase();
  if (site && site !== "same-origin" && site !== "none") return true;
  if (input.origin === undefined || input.origin === null) return false;
  let originHost: string;
  try {
    originHost = new URL(input.origin).host;
  } catch {
    return true; // "null" (sandboxed or privacy-redirected) or garbage
  }
  if (input.host && originHost === input.host) return false;
  return originHost !== new URL(input.appUrl).host;
}
