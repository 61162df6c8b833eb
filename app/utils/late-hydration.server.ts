import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

/** What the server writes inert in place of Remix's script elements (see late-hydration.ts). */
const HELD = [
  ['rel="modulepreload"', 'rel="x-held-modulepreload"'],
  // Remix's module script is the only one; its nonce comes first, so the match starts at the type.
  [' type="module" async=""', ' type="x-held-module" async=""'],
] as const;

const LONGEST = Math.max(...HELD.map(([from]) => from.length));

/** Rewrites Remix's script elements as they stream past, also across chunk boundaries. */
export function holdScripts() {
  let carry = "";
  const decoder = new StringDecoder("utf8");
  const rewrite = (text: string) => HELD.reduce((out, [from, to]) => out.split(from).join(to), text);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = rewrite(carry + decoder.write(chunk));
      // Hold back a tail that could be the start of a pattern split by the chunk edge.
      const cut = Math.max(0, text.length - (LONGEST - 1));
      carry = text.slice(cut);
      done(null, text.slice(0, cut));
    },
    flush(done) {
      done(null, rewrite(carry + decoder.end()));
    },
  });
}
