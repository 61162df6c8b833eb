// Issue 67, point 6: with PAID_PRIZE_CONTESTS unset (off, the default, as here) no page
// promises cash for an entry fee. The home page, its guide, the footer and a contest's
// rules say what the kinds are, in English and in Hindi. (offer-words-on.test.ts: the
// spec's words where the switch is on.)
import { beforeAll, describe, expect, test } from "vitest";
import { allTexts, makeContests, pageWords, type PageWords } from "../support/offer-words";

const devanagari = /[\u0900-\u097F]/;
let en: PageWords;
let hi: PageWords;

beforeAll(async () => {
  const contests = await makeContests("Off");
  en = await pageWords("en", contests);
  hi = await pageWords("hi", contests);
});

describe("paid-prize contests off", () => {
  test("the home page, its guide and the footer say free contests with sponsored prizes and practice tests with certificates, never cash for a fee", () => {
    expect(en.hero).toBe("Timed skill contests on the subjects you study: free contests with sponsored prizes and paid practice tests with certificates, and a marketplace for the books you need.");
    expect(en.why).toContain("A free contest's prizes are paid by its named sponsor, never from entrants' money");
    expect(en.guide).toBe("Pick a free contest, or a practice test and pay its fee (UPI, cards, net banking).");
    expect(en.tagline).toBe("Compete smarter. Free skill contests with sponsored prizes, practice tests with certificates, and second-hand study materials for students across India.");
    for (const text of allTexts(en)) {
      expect(text).not.toMatch(/cash|win bigger|Prize pools are published before you pay|pay the entry fee/i);
    }
  });

  test("a practice test's rules promise no prize, and where results can be challenged the judges' word is not final", () => {
    expect(en.practiceRules).toContain("A practice test has no prize: after evaluation each entrant who submits gets marks, a rank, a percentile and a certificate.");
    expect(en.practiceRules).toContain("You may challenge the answer key within 24 hours of the test closing; the results are final once the challenges are decided.");
    expect(en.practiceRules.join(" ")).not.toMatch(/Prizes are paid after evaluation|decisions are final/);
    expect(en.freeRules).toEqual(expect.arrayContaining(["Entry is free. Prizes, where the contest has them, are paid by its named sponsor after evaluation.", "The judges' decisions are final."]));
    // A paid-prize contest kept dark takes no entry: its rules say so, not that prizes await.
    expect(en.paidRules).toContain("This site takes no new entries for this contest; entries made before keep their prizes, paid after evaluation.");
  });

  test("in Hindi, every one of those texts is the Hindi catalog's", () => {
    const english = allTexts(en);
    allTexts(hi).forEach((text, i) => {
      expect(text).toMatch(devanagari);
      expect(text).not.toBe(english[i]);
    });
    expect(hi.hero).toContain("प्रायोजित इनाम वाली मुफ़्त प्रतियोगिताएँ");
    expect(hi.hero).not.toContain("नकद");
  });
});
