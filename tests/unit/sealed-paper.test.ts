// The sealed paper's pure rules (app/models/contests/paper/sealed-paper.ts): when each entry
// downloads it, and the entry's own order, which the page computes from the paper as sealed.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { expect, test } from "vitest";
import { KEY_LINK_REFUSED, SEAL_MARGIN_MS, sealFetchTime } from "~/models/contests/paper/sealed-paper";
import { paperFor, type PaperQuestion, type SharedPaper } from "~/models/contests/paper/paper";

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

test("each entry's order keeps the sections, shuffles questions within each and options within each question, the same every time", () => {
  const q = (id: string, section: number, options: number): PaperQuestion => ({
    id,
    section,
    kind: options ? "single" : "numerical",
    html: id,
    htmlHi: null,
    options: Array.from({ length: options }, (_, i) => ({ n: i + 1, html: `${id}${i + 1}`, htmlHi: null })),
    image: null,
    marks: 4,
    penalty: 1,
    partial: false,
  });
  const questions = [...Array.from({ length: 8 }, (_, i) => q(`a${i}`, 0, 4)), q("n", 0, 0), ...Array.from({ length: 6 }, (_, i) => q(`b${i}`, 1, 4))];
  const paper: SharedPaper = { sections: [{ title: "A", titleHi: null }, { title: "B", titleHi: null }], questions, shuffle: true, hindi: false };
  const mine = paperFor(paper, randomUUID());
  expect(mine.map((x) => x.section)).toEqual(questions.map((x) => x.section));
  expect(new Set(mine.map((x) => x.id))).toEqual(new Set(questions.map((x) => x.id)));
  expect(mine.find((x) => x.id === "n")).toBe(questions[8]);
  // Two entries see different orders; one entry sees its own again (a reload, another device).
  const entryId = randomUUID();
  const order = (id: string) => paperFor(paper, id).map((x) => `${x.id}:${x.options.map((o) => o.n).join("")}`);
  expect(order(entryId)).toEqual(order(entryId));
  expect(order(randomUUID())).not.toEqual(order(entryId));
  expect(paperFor({ ...paper, shuffle: false }, entryId)).toBe(questions);
});

test("nginx refuses a key link in the app's own words (the page shows neither, but support reads both)", () => {
  const conf = fs.readFileSync("deploy/nginx.conf", "utf8");
  expect(conf).toContain(`return 403 '${JSON.stringify({ error: KEY_LINK_REFUSED })}';`);
  expect(conf).toContain(`return 403 '${JSON.stringify({ error: "The time for this test is over." })}';`);
});
