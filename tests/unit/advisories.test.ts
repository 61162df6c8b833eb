// The advisory watch (docs/decisions/platform-remix-2-end-of-life.md): docs/advisories.json is
// reviewed for exact versions and until a date; scripts/ops/advisories.js says when either lapses.
import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, test } from "vitest";
import { advisoryProblems, openAdvisories } from "../../scripts/ops/advisories.js";

type Advisory = { id: string; aliases: string[]; title: string; package: string; affected: string; reachable: string; stance: string; proof: string[] };
type List = { reviewed: string; reviewBy: string; watched: Record<string, string>; advisories: Advisory[] };
const list = JSON.parse(fs.readFileSync("docs/advisories.json", "utf8")) as List;
const require = createRequire(import.meta.url);
const installed = (name: string) => (require(`${name}/package.json`) as { version: string }).version;

describe("the advisory list", () => {
  test("was reviewed for exactly the versions installed", () => {
    // The clock is injected: the day of the review itself.
    expect(advisoryProblems(list, installed, list.reviewed)).toEqual([]);
  });

  test("an upgrade, a removal, or a day past its review-by date each ask for a look", () => {
    const upgraded = (name: string) => (name === "turbo-stream" ? "3.0.0" : installed(name));
    expect(advisoryProblems(list, upgraded, list.reviewed)).toEqual([expect.stringMatching(/^turbo-stream is 3\.0\.0, the list was reviewed for 2\.4\.1/)]);
    const removed = (name: string) => (name === "@remix-run/react" ? null : installed(name));
    expect(advisoryProblems(list, removed, list.reviewed)).toEqual([expect.stringMatching(/^@remix-run\/react is not installed/)]);
    expect(advisoryProblems(list, installed, list.reviewBy)).toEqual([]);
    const dayAfter = new Date(Date.parse(`${list.reviewBy}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(advisoryProblems(list, installed, dayAfter)).toEqual([expect.stringContaining(`due for review on ${list.reviewBy}`)]);
  });

  test("the review-by date is at most a month and a few days after the review", () => {
    expect(Date.parse(list.reviewBy) - Date.parse(list.reviewed)).toBeLessThanOrEqual(35 * 86_400_000);
    expect(Date.parse(list.reviewBy)).toBeGreaterThan(Date.parse(list.reviewed));
  });

  test("each advisory is for a watched package, says whether it reaches us, and a patched or pinned one names proof that exists", () => {
    for (const a of list.advisories) {
      expect(Object.keys(list.watched), a.id).toContain(a.package);
      expect(a.reachable.length, a.id).toBeGreaterThan(0);
      if (/^(patched|not patched)/.test(a.stance)) expect(a.proof.length, a.id).toBeGreaterThan(0);
      for (const file of [...a.proof, ...(a.stance.match(/\b(?:patches|app)\/[\w./+@-]+\.(?:patch|ts)/g) ?? [])]) expect(fs.existsSync(file), `${a.id}: ${file}`).toBe(true);
    }
  });

  test("an advisory not yet assessed is listed as open", () => {
    expect(openAdvisories(list).map((a: Advisory) => a.id)).toEqual(list.advisories.filter((a) => a.reachable === "not assessed yet").map((a) => a.id));
  });
});
