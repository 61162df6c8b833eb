/**
 * Sends a browser without JavaScript on after `seconds`. Inside <noscript>, so with
 * JavaScript the refresh does not exist at all: a student who follows a link within
 * the wait is not pulled back when it would have fired (the page's own timer, which
 * unmounts with the page, redirects instead).
 */
export function NoScriptRedirect({ to, seconds }: { to: string; seconds: number }) {
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${seconds};url=${to}`} />
    </noscript>
  );
}
