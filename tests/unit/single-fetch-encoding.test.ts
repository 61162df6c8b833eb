import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { afterEach, describe, expect, test, vi } from "vitest";

// CVE-2026-34077 (docs/decisions/platform-remix-2-end-of-life.md): Remix 2.17.5 pins
// turbo-stream 2.4.1, whose encoder patches/turbo-stream+2.4.1.patch replaces with the one
// React Router 7.14.0 ships. These tests load what the server loads: @remix-run/server-runtime's
// CommonJS build and the turbo-stream it requires; the browser's reader is @remix-run/react's
// decodeViaTurboStream, on the same decoder esbuild bundles into public/build.
const require = createRequire(import.meta.url);
const serverRuntime = path.dirname(require.resolve("@remix-run/server-runtime/package.json"));
const turboStream = path.dirname(require.resolve("turbo-stream/package.json", { paths: [serverRuntime] }));
type Encode = (data: unknown, signal: AbortSignal, streamTimeout: number | undefined, serverMode: string) => ReadableStream<Uint8Array>;
type Decoded = { value: unknown; done: Promise<unknown> };
const { encodeViaTurboStream } = require(path.join(serverRuntime, "dist/single-fetch.js")) as { encodeViaTurboStream: Encode };
const { decodeViaTurboStream } = require("@remix-run/react/dist/single-fetch.js") as { decodeViaTurboStream: (body: ReadableStream<Uint8Array>, global: object) => Promise<Decoded> };

/** What an answer to a `.data` request carries, as the production server encodes it. */
const encode = (data: unknown) => encodeViaTurboStream(data, new AbortController().signal, undefined, "production");
const roundTrip = async (data: unknown) => decodeViaTurboStream(encode(data), globalThis);

/** `{ a: { a: … { end: true } } }`, `depth` levels deep: what Conform made of a form field named `email.a.a.a…`. */
function nested(depth: number) {
  const root: Record<string, unknown> = {};
  let at = root;
  for (let i = 0; i < depth; i++) at = (at.a = {}) as Record<string, unknown>;
  at.end = true;
  return root;
}

/** How deep `nested` went, and what it ended with (walked, not compared: a deep equality recurses too). */
function depthOf(value: unknown) {
  let at = value as Record<string, unknown>;
  let depth = 0;
  while (at.a) [at, depth] = [at.a as Record<string, unknown>, depth + 1];
  return [depth, at.end];
}

afterEach(() => vi.restoreAllMocks());

describe("the single-fetch encoder (turbo-stream 2.4.1, patched)", () => {
  test("the patch is applied on install, to the turbo-stream the server runtime requires", () => {
    expect(fs.readFileSync(path.join(turboStream, "dist/flatten.js"), "utf8")).toContain("Patched by StudyArena");
    expect(fs.readFileSync(path.join(turboStream, "dist/turbo-stream.js"), "utf8")).toContain("Patched by StudyArena");
  });

  // Upstream 2.4.1 called itself once per level and failed here with "Maximum call stack size exceeded":
  // the answer to the 4 KB form post then broke off (a .data request) or was a 500 (a document).
  test("a value 5,000 levels deep is written and read back whole", async () => {
    const decoded = await roundTrip({ "routes/contact": { data: { initialValue: nested(5000) } } });
    expect(depthOf((decoded.value as Record<string, { data: { initialValue: unknown } }>)["routes/contact"]!.data.initialValue)).toEqual([5000, true]);
  });

  // Upstream wrote the whole value in one go, holding every other request until it was done.
  // The clock is injected: each reading of it is a millisecond later, so the walk owes a turn at every 6,000th value.
  test("while it writes a large value, the event loop gets turns (a timer set before it runs first)", async () => {
    let now = 0;
    vi.spyOn(Date, "now").mockImplementation(() => ++now);
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const stream = encode({ rows: Array.from({ length: 7_000 }, (_, i) => ({ i })) });
    const reader = stream.getReader();
    const first = await reader.read();
    expect(timerRan).toBe(true);
    expect(new TextDecoder().decode(first.value).length).toBeGreaterThan(7_000 * 4);
    await reader.cancel();
  });

  test("everything else comes back as it went: dates, maps, sets, -0, undefined, shared values, a promise settled later", async () => {
    const shared = { id: "s1" };
    let resolveLater!: (value: unknown) => void;
    const later = new Promise((resolve) => (resolveLater = resolve));
    const decoded = await roundTrip({
      at: new Date(Date.UTC(2026, 11, 4)),
      map: new Map([["k", shared]]),
      set: new Set(["x"]),
      negativeZero: -0,
      missing: undefined,
      twice: [shared, shared],
      later,
      rejected: Promise.reject(new Error("secret detail")),
    });
    const value = decoded.value as Record<string, unknown>;
    const rejected = expect(value.rejected).rejects.toThrow(new Error("Unexpected Server Error"));
    resolveLater({ again: shared, deep: nested(3000) });
    expect(value.at).toEqual(new Date(Date.UTC(2026, 11, 4)));
    expect((value.map as Map<string, unknown>).get("k")).toEqual({ id: "s1" });
    expect([...(value.set as Set<string>)]).toEqual(["x"]);
    expect(Object.is(value.negativeZero, -0)).toBe(true);
    expect("missing" in value && value.missing === undefined).toBe(true);
    const [first, second] = value.twice as object[];
    expect(first).toBe(second);
    const settled = (await value.later) as { again: object; deep: object };
    expect(settled.again).toBe(first);
    expect(depthOf(settled.deep)).toEqual([3000, true]);
    await rejected;
    await decoded.done;
  });

  // React Router 7.14.0 also stops the encoder when the request goes away while a promise in
  // the data is pending (Remix 2's encodeViaTurboStream only clears its timer). That part is not
  // backported: no page of ours streams a promise, so every answer is whole in its first line.
  test("no page streams a promise to the browser (no <Await>, no defer in app/)", () => {
    const files = fs.readdirSync("app", { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f));
    const streaming = files.filter((f) => /<Await\b|\bdefer\(/.test(fs.readFileSync(path.join("app", f), "utf8")));
    expect(files.length).toBeGreaterThan(100);
    expect(streaming).toEqual([]);
  });

  // GHSA-49rj-9fvp-4h2h, the 2.4.1 decoder's other flaw: a name it finds on `window` is called as
  // a constructor. In production the server sends every error as "Error: Unexpected Server Error",
  // so no name of ours or a stranger's reaches that call (the patch leaves the decoder as it is).
  test("an error, whatever its name, reaches the browser as a plain Error with no detail", async () => {
    const hostile = Object.assign(new Error("alert(document.cookie)"), { name: "Function" });
    const decoded = await roundTrip({ "routes/contact": { error: hostile }, deferred: Promise.reject(hostile) });
    const value = decoded.value as { "routes/contact": { error: Error }; deferred: Promise<unknown> };
    const deferred = expect(value.deferred).rejects.toThrow(new Error("Unexpected Server Error"));
    expect(value["routes/contact"].error.constructor).toBe(Error);
    expect([value["routes/contact"].error.name, value["routes/contact"].error.message]).toEqual(["Error", "Unexpected Server Error"]);
    await deferred;
    await decoded.done;
  });
});
