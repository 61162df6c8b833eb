import { describe, expect, test } from "vitest";
import { clockCountdown, contestTimingLabel, homeCountdown, relativeStart } from "~/models/contests/countdown";

const now = new Date("2026-11-22T10:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms);
const S = 1000, M = 60 * S, H = 60 * M, D = 24 * H;

describe("home card countdown (contests.md §4)", () => {
  test("start passed is LIVE NOW in green", () => {
    expect(homeCountdown(at(-1), now)).toEqual({ label: "LIVE NOW", tone: "green" });
    expect(homeCountdown(now, now)).toEqual({ label: "LIVE NOW", tone: "green" });
  });
  test("a day or more left shows days and hours in blue", () => {
    expect(homeCountdown(at(D), now)).toEqual({ label: "Starts in 1d 0h", tone: "blue" });
    expect(homeCountdown(at(2 * D + 5 * H + 59 * M), now)).toEqual({ label: "Starts in 2d 5h", tone: "blue" });
  });
  test("under a day shows hours, minutes and seconds in orange", () => {
    expect(homeCountdown(at(D - S), now)).toEqual({ label: "Starts in 23h 59m 59s", tone: "orange" });
    expect(homeCountdown(at(3 * H + 4 * M + 5 * S), now)).toEqual({ label: "Starts in 3h 4m 5s", tone: "orange" });
  });
});

describe("contest list timing (contests.md §2)", () => {
  test("ENDED once the end has passed", () => {
    expect(contestTimingLabel(at(-2 * H), at(-H), now).label).toBe("ENDED");
    expect(contestTimingLabel(at(-2 * H), now, now).label).toBe("ENDED");
  });
  test("ENDS IN while running", () => {
    expect(contestTimingLabel(at(-H), at(D + 2 * H + 3 * M), now).label).toBe("ENDS IN 1d 2h 3m");
  });
  test("STARTS IN before the start", () => {
    expect(contestTimingLabel(at(3 * D + 4 * H + 30 * M), at(4 * D), now).label).toBe("STARTS IN 3d 4h");
  });
});

describe("dashboard clock", () => {
  test("HH:MM:SS, with days only when there are some", () => {
    expect(clockCountdown(at(3 * H + 4 * M + 5 * S), now)).toBe("03:04:05");
    expect(clockCountdown(at(2 * D + 3 * H), now)).toBe("2d 03:00:00");
    expect(clockCountdown(at(-S), now)).toBe("00:00:00");
  });
});

describe("relativeStart (confirmation page)", () => {
  const now = new Date("2026-11-22T10:00:00Z");
  const at = (ms: number) => new Date(now.getTime() + ms);
  test("says what it counts down to, in words", () => {
    expect(relativeStart(at(2 * 86_400_000 + 3 * 3_600_000), now)).toBe("starts in 2 days 3 hours");
    expect(relativeStart(at(86_400_000), now)).toBe("starts in 1 day");
    expect(relativeStart(at(3_600_000 + 5 * 60_000), now)).toBe("starts in 1 hour 5 minutes");
    expect(relativeStart(at(30_000), now)).toBe("starts in 1 minute");
    expect(relativeStart(at(-1), now)).toBe("has started");
  });
});
