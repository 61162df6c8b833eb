/** What the server writes inert in place of Remix's script elements (see late-hydration.ts). */
const HELD = [
  ['rel="modulepreload"', 'rel="x-held-modulepreload"'],
  // Remix's module script is the only one; its nonce comes first, so the match starts at the type.
  [' type="module" async=""', ' type="x-held-module" async=""'],
] as const;

/** A rendered document with Remix's script elements held (entry.server.tsx renders the whole document first). */
export function holdScriptsIn(html: string) {
  return HELD.reduce((out, [from, to]) => out.split(from).join(to), html);
}
