// Pages whose document is the same for every visitor: no session is read while
// rendering them, nothing personal is in them, so they are cheap to serve to the
// whole contest-start crowd at once and may be cached. Today: the test page, whose
// student data comes from its own session-checked JSON route.
const SHARED_SHELLS = [/^\/contest\/[^/]+\/test\/?$/];

export function isSharedShell(pathname: string) {
  return SHARED_SHELLS.some((pattern) => pattern.test(pathname));
}

/** How long a browser or a shared cache may keep a shell document. */
export const SHELL_CACHE_CONTROL = "public, max-age=60";
