// The sealed paper's pure rules (app/models/contests/paper/sealed-paper.ts): when each entry
// downloads it, and the entry's order applied to the paper as sealed.
import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { inEntryOrder, SEAL_MARGIN_MS, sealFetchTime } from "~/models/contests/paper/sealed-paper";
import type { PaperQuestion } from "~/models/contests/paper/paper";

const MINUTE = 60_000;

test("downloads spread evenly over the waiting time, ending two minutes before the start; a late arrival downloads at once", () => {
  const startsAt = Date.parse("2026-12-01T09:00:00Z");
  const leadMs = 30 * MINUTE;
  const from = startsAt - leadMs;
  const times = Array.from({ length: 10_000 }, () => sealFetchTime({ entryId: randomUUID(), startsAt, leadMs, now: from - 3600_000 }));
  expect(Math.min(...times)).toBeGreaterThanOrEqual(from);
  expect(Math.max(...times)).toBeLessThan(startsAt - SEAL_MARGIN_MS);
  // Each of the 28 minutes takes about a 28th of the crowd (a bunch would be several times that).
  const perMinute = new Array(28).fill(0);
  for (const t of times) perMinute[Math.floor((t - from) / MINUTE)]++;
  expect(Math.max(...perMinute)).toBeLessThan((10_000 / 28) * 1.3);
  expect(Math.min(...perMinute)).toBeGreaterThan((10_000 / 28) * 0.7);
  // The same entry gets the same moment (a reload does not move it); one arriving late goes now.
  const entryId = randomUUID();
  expect(sealFetchTime({ entryId, startsAt, leadMs, now: from })).toBe(sealFetchTime({ entryId, startsAt, leadMs, now: from - MINUTE }));
  expect(sealFetchTime({ entryId, startsAt, leadMs, now: startsAt - MINUTE })).toBe(startsAt - MINUTE);
});

test("the key's order puts the sealed questions and their options in the entry's own order", () => {
  const q = (id: string, options: number): PaperQuestion => ({
    id,
    section: 0,
    kind: options ? "single" : "numerical",
    html: id,
    htmlHi: null,
    options: Array.from({ length: options }, (_, i) => ({ n: i + 1, html: `${id}${i + 1}`, htmlHi: null })),
    image: null,
    marks: 4,
    penalty: 1,
    partial: false,
  });
  const sealed = [q("a", 3), q("b", 0), q("c", 2)];
  expect(inEntryOrder(sealed, null)).toBe(sealed);
  const shown = inEntryOrder(sealed, [[2, 2, 1], [0, 3, 1, 2], [1]]);
  expect(shown.map((x) => x.id)).toEqual(["c", "a", "b"]);
  expect(shown[0]!.options.map((o) => o.n)).toEqual([2, 1]);
  expect(shown[1]!.options.map((o) => o.html)).toEqual(["a3", "a1", "a2"]);
  expect(shown[2]).toBe(sealed[1]);
});
