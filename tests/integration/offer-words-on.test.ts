// Issue 67, point 6: where the operator turns PAID_PRIZE_CONTESTS on, the spec's own words
// (docs/product/contests.md) return where they apply: the home page's cash prizes, the
// guide's entry fee, the footer's "win bigger", and a paid-prize contest's "prizes are paid
// after evaluation; judges' decisions are final". A practice test still promises no prize.
// (The environment is read once per test file: this file sets it before the first read.)
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { allTexts, makeContests, pageWords, type PageWords } from "../support/offer-words";

const before = process.env.PAID_PRIZE_CONTESTS;
process.env.PAID_PRIZE_CONTESTS = "on";
afterAll(() => {
  if (before === undefined) delete process.env.PAID_PRIZE_CONTESTS;
  else process.env.PAID_PRIZE_CONTESTS = before;
});

const devanagari = /[\u0900-\u097F]/;
let en: PageWords;
let hi: PageWords;

beforeAll(async () => {
  const contests = await makeContests("On");
  en = await pageWords("en", contests);
  hi = await pageWords("hi", contests);
});

describe("paid-prize contests on", () => {
  test("the home page, its guide and the footer say the spec's words", () => {
    expect(en.hero).toBe("Timed skill contests on the subjects you study, with real cash prizes, and a marketplace for the books you need.");
    expect(en.why).toBe("Real cash prizes Prize pools are published before you pay, and prizes are paid after evaluation.");
    expect(en.guide).toBe("Pick a contest and pay the entry fee (UPI, cards, net banking).");
    expect(en.tagline).toBe("Compete smarter, win bigger. Skill contests and second-hand study materials for students across India.");
  });

  test("a paid-prize contest's rules are the spec's; a practice test's still promise no prize", () => {
    expect(en.paidRules).toEqual(expect.arrayContaining(["Prizes are paid after evaluation.", "The judges' decisions are final."]));
    expect(en.practiceRules).toContain("A practice test has no prize: after evaluation each entrant who submits gets marks, a rank, a percentile and a certificate.");
    expect(en.practiceRules.join(" ")).not.toMatch(/Prizes are paid after evaluation|decisions are final/);
  });

  test("in Hindi, every one of those texts is the Hindi catalog's", () => {
    const english = allTexts(en);
    allTexts(hi).forEach((text, i) => {
      expect(text).toMatch(devanagari);
      expect(text).not.toBe(english[i]);
    });
    expect(hi.hero).toContain("असली नकद इनाम");
  });
});
