import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, test } from "vitest";
import { holdScripts } from "~/utils/late-hydration.server";

const remixScripts =
  '<p>नमस्ते ₹250</p><link rel="modulepreload" href="/build/entry.client-X.js"/><link rel="modulepreload" href="/build/root-Y.js"/>' +
  '<script nonce="n">window.__remixContext = {};</script><script nonce="n" type="module" async="">import "/build/manifest.js";</script>';

async function through(chunks: Buffer[]) {
  return text(Readable.from(chunks).pipe(holdScripts()));
}

describe("holdScripts", () => {
  test("Remix's preloads and module script come out inert; everything else is untouched", async () => {
    const out = await through([Buffer.from(remixScripts)]);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).not.toContain('type="module"');
    expect(out.match(/rel="x-held-modulepreload"/g)).toHaveLength(2);
    expect(out).toContain('<script nonce="n" type="x-held-module" async="">import "/build/manifest.js";</script>');
    expect(out).toContain("<p>नमस्ते ₹250</p>");
    expect(out).toContain('<script nonce="n">window.__remixContext = {};</script>');
  });

  test("a pattern or a character split across chunks is still rewritten whole", async () => {
    const bytes = Buffer.from(remixScripts);
    const whole = await through([bytes]);
    for (let size = 1; size <= 40; size++) {
      const chunks = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await through(chunks)).toBe(whole);
    }
  });
});
