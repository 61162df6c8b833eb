import { describe, expect, test } from "vitest";
import { contestTimingLabel as timingMessage, homeCountdown as homeMessage, relativeStart as relativeMessage, timeUntilMessage } from "~/models/contests/catalogue/countdown";
import { translateMsg } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";
import { startsInMessage } from "~/models/contests/sitting/test-rules";

// The rules give messages; the page shows them in its language (English here, as the spec words them).
const en = translator("en");
const homeCountdown = (start: Date, at: Date) => {
  const { message, tone } = homeMessage(start, at);
  return { label: translateMsg(en, message), tone };
};
const contestTimingLabel = (start: Date, end: Date, at: Date) => ({ label: translateMsg(en, timingMessage(start, end, at).message) });
const timeUntil = (start: Date, at: Date) => translateMsg(en, timeUntilMessage(start, at));
const startsInLabel = (start: Date, at: Date) => translateMsg(en, startsInMessage(start, at));

const now = new Date("2026-11-22T10:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms);
const S = 1000, M = 60 * S, H = 60 * M, D = 24 * H;

describe("home card countdown (docs/product/contests.md §4)", () => {
  test("start passed is LIVE NOW in green", () => {
    expect(homeCountdown(at(-1), now)).toEqual({ label: "LIVE NOW", tone: "green" });
    expect(homeCountdown(now, now)).toEqual({ label: "LIVE NOW", tone: "green" });
  });
  test("a day or more left shows days and hours in blue", () => {
    expect(homeCountdown(at(D), now)).toEqual({ label: "Starts in 1d 0h", tone: "blue" });
    expect(homeCountdown(at(2 * D + 5 * H + 59 * M), now)).toEqual({ label: "Starts in 2d 5h", tone: "blue" });
  });
  test("under a day shows hours, minutes and seconds in orange; the last hour minutes and seconds", () => {
    expect(homeCountdown(at(D - S), now)).toEqual({ label: "Starts in 23h 59m 59s", tone: "orange" });
    expect(homeCountdown(at(3 * H + 4 * M + 5 * S), now)).toEqual({ label: "Starts in 3h 4m 5s", tone: "orange" });
    expect(homeCountdown(at(3 * M + 5 * S), now)).toEqual({ label: "Starts in 3m 05s", tone: "orange" });
  });
});

describe("contest list timing (docs/product/contests.md §2)", () => {
  test("ENDED once the end has passed", () => {
    expect(contestTimingLabel(at(-2 * H), at(-H), now).label).toBe("ENDED");
    expect(contestTimingLabel(at(-2 * H), now, now).label).toBe("ENDED");
  });
  test("ENDS IN while running", () => {
    expect(contestTimingLabel(at(-H), at(D + 2 * H + 3 * M), now).label).toBe("ENDS IN 1d 2h 3m");
  });
  test("STARTS IN before the start: never '0d 0h' for a contest minutes away", () => {
    expect(contestTimingLabel(at(3 * D + 4 * H + 30 * M), at(4 * D), now).label).toBe("STARTS IN 3d 4h");
    expect(contestTimingLabel(at(3 * M), at(H), now).label).toBe("STARTS IN 3m 00s");
    expect(contestTimingLabel(at(5 * H + 2 * M), at(D), now).label).toBe("STARTS IN 5h 2m 0s");
  });
});

describe("one countdown rule for the list, the home page, the dashboard and the camera check", () => {
  test("days and hours far away, hours to seconds within a day, minutes and seconds in the last hour", () => {
    expect(timeUntil(at(2 * D + 3 * H + 59 * M), now)).toBe("2d 3h");
    expect(timeUntil(at(H), now)).toBe("1h 0m 0s");
    expect(timeUntil(at(H - S), now)).toBe("59m 59s");
    expect(timeUntil(at(3 * M), now)).toBe("3m 00s");
    expect(timeUntil(at(-S), now)).toBe("0m 00s");
  });
  test("the camera check says 'Contest Started' at zero, else the same words", () => {
    expect(startsInLabel(at(3 * M + 7 * S), now)).toBe("3m 07s");
    expect(startsInLabel(at(2 * D), now)).toBe("2d 0h");
    expect(startsInLabel(now, now)).toBe("Contest Started");
  });
});

describe("the countdown in Hindi (issue 33)", () => {
  test("the same rule in Hindi words", () => {
    const hi = translator("hi");
    expect(translateMsg(hi, homeMessage(at(2 * D + 5 * H), now).message)).toBe("2 दिन 5 घंटे में शुरू");
    expect(translateMsg(hi, homeMessage(at(3 * M + 5 * S), now).message)).toBe("3 मिनट 05 सेकंड में शुरू");
    expect(translateMsg(hi, timingMessage(at(-H), at(-S), now).message)).toBe("समाप्त");
  });
});

describe("relativeStart (confirmation page)", () => {
  const relativeStart = (start: Date, at: Date) => translateMsg(en, relativeMessage(start, at));
  const now = new Date("2026-11-22T10:00:00Z");
  const at = (ms: number) => new Date(now.getTime() + ms);
  test("says what it counts down to, in words", () => {
    expect(relativeStart(at(2 * 86_400_000 + 3 * 3_600_000), now)).toBe("starts in 2 days 3 hours");
    expect(relativeStart(at(86_400_000), now)).toBe("starts in 1 day");
    expect(relativeStart(at(3_600_000 + 5 * 60_000), now)).toBe("starts in 1 hour 5 minutes");
    expect(relativeStart(at(30_000), now)).toBe("starts in 1 minute");
    expect(relativeStart(at(-1), now)).toBe("has started");
    expect(translateMsg(translator("hi"), relativeMessage(at(2 * 86_400_000 + 3 * 3_600_000), now))).toBe("2 दिन 3 घंटे में शुरू होगा");
  });
});
