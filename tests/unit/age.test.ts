import { describe, expect, test } from "vitest";
import { ageOn, birthDateProblem, isMinor, parseBirthDate } from "~/models/accounts/age";

describe("a date of birth and an age, in India's calendar", () => {
  test("a date field's value and the ways people write it in India are read alike; no other", () => {
    expect(parseBirthDate("2008-05-17")).toBe("2008-05-17");
    expect(parseBirthDate("17-05-2008")).toBe("2008-05-17");
    expect(parseBirthDate("7/5/2008")).toBe("2008-05-07");
    expect(parseBirthDate("31-04-2008")).toBeNull();
    expect(parseBirthDate("2008-13-01")).toBeNull();
    expect(parseBirthDate("05-17-2008")).toBeNull();
    expect(parseBirthDate("")).toBeNull();
  });

  test("18 at midnight IST on the birthday, not at midnight UTC", () => {
    // 26 Nov 2026 19:00 UTC is 27 Nov 00:30 in India: the 18th birthday has begun.
    expect(ageOn("2008-11-27", new Date("2026-11-26T19:00:00Z"))).toBe(18);
    expect(isMinor("2008-11-27", new Date("2026-11-26T19:00:00Z"))).toBe(false);
    // 26 Nov 18:00 UTC is 23:30 in India: still 17.
    expect(ageOn("2008-11-27", new Date("2026-11-26T18:00:00Z"))).toBe(17);
    expect(isMinor("2008-11-27", new Date("2026-11-26T18:00:00Z"))).toBe(true);
    expect(isMinor(null, new Date())).toBe(false);
  });

  test("the future and 150 years ago are refused; 120 is the oldest", () => {
    const now = new Date("2026-11-27T06:00:00Z");
    expect(birthDateProblem("2026-11-28", now)).toBe("future");
    expect(birthDateProblem("2026-11-27", now)).toBeNull();
    expect(birthDateProblem("1876-11-27", now)).toBe("too-old");
    expect(birthDateProblem("1906-11-27", now)).toBeNull();
    expect(birthDateProblem("1906-11-26", now)).toBeNull();
    expect(birthDateProblem("1905-11-27", now)).toBe("too-old");
    expect(birthDateProblem("soon", now)).toBe("invalid");
  });
});
