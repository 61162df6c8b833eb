// Issue 67, point 5: public lists show a first name and an initial unless the person chose
// their full name; a minor's full name never (app/models/accounts/public-name.ts).
import { expect, test } from "vitest";
import { publicName, shortName } from "~/models/accounts/public-name";

const now = new Date("2026-12-07T06:00:00Z");
const adult = "1990-05-01";
// 18 in India on 8 December 2026: still a minor on the 7th.
const minor = "2008-12-08";

test("a first name and the surname's initial; one word as it is; spaces trimmed", () => {
  expect(shortName("Asha Rao")).toBe("Asha R.");
  expect(shortName("  Asha   Kumari  rao ")).toBe("Asha R.");
  expect(shortName("Asha")).toBe("Asha");
  expect(shortName("अनन्या शर्मा")).toBe("अनन्या श.");
});

test("by default, and for a minor who chose otherwise, the short name; an adult's choice shows the full name", () => {
  expect(publicName({ full_name: "Asha Rao", public_full_name: false, birth_date: adult }, now)).toBe("Asha R.");
  expect(publicName({ full_name: "Asha Rao", public_full_name: null, birth_date: adult }, now)).toBe("Asha R.");
  expect(publicName({ full_name: "Asha Rao", public_full_name: true, birth_date: adult }, now)).toBe("Asha Rao");
  expect(publicName({ full_name: "Asha Rao", public_full_name: true, birth_date: minor }, now)).toBe("Asha R.");
  // The day they turn 18 in India, their choice holds.
  expect(publicName({ full_name: "Asha Rao", public_full_name: true, birth_date: minor }, new Date("2026-12-07T19:00:00Z"))).toBe("Asha Rao");
  // No date of birth given (accounts from before it was asked): the choice holds, as isMinor says.
  expect(publicName({ full_name: "Asha Rao", public_full_name: true, birth_date: null }, now)).toBe("Asha Rao");
});

test("no name: null (the list says 'student'), never an e-mail", () => {
  expect(publicName({ full_name: null, public_full_name: true, birth_date: adult }, now)).toBeNull();
  expect(publicName({ full_name: "   ", public_full_name: false, birth_date: adult }, now)).toBeNull();
});
