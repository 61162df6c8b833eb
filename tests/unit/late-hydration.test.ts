import { describe, expect, test } from "vitest";
import { holdScriptsIn } from "~/utils/late-hydration.server";

const remixScripts =
  '<p>नमस्ते ₹250</p><link rel="modulepreload" href="/build/entry.client-X.js"/><link rel="modulepreload" href="/build/root-Y.js"/>' +
  '<script nonce="n">window.__remixContext = {};</script><script nonce="n" type="module" async="">import "/build/manifest.js";</script>';

describe("holdScriptsIn", () => {
  test("Remix's preloads and module script come out inert; everything else is untouched", () => {
    const out = holdScriptsIn(remixScripts);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).not.toContain('type="module"');
    expect(out.match(/rel="x-held-modulepreload"/g)).toHaveLength(2);
    expect(out).toContain('<script nonce="n" type="x-held-module" async="">import "/build/manifest.js";</script>');
    expect(out).toContain("<p>नमस्ते ₹250</p>");
    expect(out).toContain('<script nonce="n">window.__remixContext = {};</script>');
  });
});
