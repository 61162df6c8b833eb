import { describe, expect, test } from "vitest";
import { credibility, FAST_SECONDS, NOTHING } from "~/models/contests/review/credibility";
import { english } from "../support/words";

const honest = { ...NOTHING, right: 20 };

describe("credibility: what the answers and the browser say, in words", () => {
  test("nothing noticed is High, with no reasons", () => {
    expect(credibility(honest)).toEqual({ level: "high", reasons: [] });
  });

  test("four rare wrong answers shared with one other entrant, most of the fewer wrong ones, is Low, and says with whom", () => {
    const { level, reasons } = credibility({ ...honest, copying: [{ name: "Ravi", shared: 4, ratio: 0.8 }] });
    expect(level).toBe("low");
    expect(reasons.map(english)).toEqual(["4 identical wrong answers with Ravi, answers few others gave (80% of the wrong answers of whichever of the two has fewer)"]);
    // Fewer shared, or a smaller share of the wrong answers, is Medium; less still is nothing.
    expect(credibility({ ...honest, copying: [{ name: "Ravi", shared: 3, ratio: 0.8 }] }).level).toBe("medium");
    expect(credibility({ ...honest, copying: [{ name: "Ravi", shared: 6, ratio: 0.55 }] }).level).toBe("medium");
    expect(credibility({ ...honest, copying: [{ name: "Ravi", shared: 6, ratio: 0.4 }] })).toEqual({ level: "high", reasons: [] });
  });

  test("right answers saved faster than a question can be read: half or more of them, five or more, is Low", () => {
    expect(credibility({ ...honest, fastRight: 5, right: 10 }).level).toBe("low");
    expect(credibility({ ...honest, fastRight: 5, right: 11 }).level).toBe("medium");
    expect(credibility({ ...honest, fastRight: 3, right: 4 }).level).toBe("medium");
    expect(credibility({ ...honest, fastRight: 2, right: 2 }).level).toBe("high");
    expect(english(credibility({ ...honest, fastRight: 6, right: 8 }).reasons[0]!)).toBe(`6 of 8 right answers saved less than ${FAST_SECONDS} seconds after the one before: faster than the questions can be read`);
  });

  test("browser events alone are at most Medium: no flag decides alone", () => {
    expect(credibility({ ...honest, events: 2 }).level).toBe("high");
    expect(credibility({ ...honest, events: 3 }).level).toBe("medium");
    expect(credibility({ ...honest, events: 300 }).level).toBe("medium");
  });

  test("a device that could not run the face check is Medium, for a person to look at: never Low by itself", () => {
    const { level, reasons } = credibility({ ...honest, notMonitored: true });
    expect(level).toBe("medium");
    expect(reasons.map(english)).toEqual(["The face check could not run on this device: the test was not monitored (never a penalty by itself)"]);
  });

  test("entrants from one device: one other is Medium (a family laptop), two or more is Low, and says who", () => {
    expect(credibility({ ...honest, sameDevice: { names: ["Ravi"], count: 1 } }).level).toBe("medium");
    const { level, reasons } = credibility({ ...honest, sameDevice: { names: ["Ravi", "Sita"], count: 2 } });
    expect(level).toBe("low");
    expect(reasons.map(english)).toEqual(["Started the test on the same device as 2 other entrants (Ravi, Sita)"]);
  });

  test("entrants from one network address: a home (one other) and a crowd (a hostel or a mobile network) say nothing; a few between is Medium", () => {
    expect(credibility({ ...honest, sameAddress: 1 }).level).toBe("high");
    expect(credibility({ ...honest, sameAddress: 2 }).level).toBe("medium");
    expect(credibility({ ...honest, sameAddress: 9 }).level).toBe("medium");
    expect(credibility({ ...honest, sameAddress: 10 })).toEqual({ level: "high", reasons: [] });
    expect(english(credibility({ ...honest, sameAddress: 3 }).reasons[0]!)).toBe(
      "Started from the same network address as 3 other entrants (a home, hostel or mobile network is shared, so this alone proves little)",
    );
  });

  test("the lowest signal wins and every reason is kept", () => {
    const { level, reasons } = credibility({ ...honest, copying: [{ name: "A", shared: 2, ratio: 0.5 }], fastRight: 6, right: 6, events: 4 });
    expect(level).toBe("low");
    expect(reasons).toHaveLength(3);
  });
});

describe("warnings before violations: the test screen's count agrees with the credibility rule", () => {
  test("two warnings, then each time is reported: the third event is the one that makes the entry Medium", async () => {
    const { warningMessage } = await import("~/models/contests/sitting/test-rules");
    expect(english(warningMessage(1))).toBe("1 warning left before it is reported to a reviewer.");
    expect(english(warningMessage(2))).toBe("That was your last warning: from now on, each time is reported to a reviewer.");
    expect(english(warningMessage(3))).toBe("This is reported to a reviewer, who looks at it with your answers; nothing is decided automatically.");
    expect(credibility({ ...honest, events: 2 }).level).toBe("high");
    expect(credibility({ ...honest, events: 3 }).level).toBe("medium");
  });
});
