import { describe, expect, test } from "vitest";
import type { SavedAnswer } from "~/models/contests/paper/paper";
import { statusOf, submitSummary } from "~/models/contests/sitting/palette";
import { applyMove, shownResponse, type Move } from "~/models/contests/sitting/save-rule";
import type { SaveRule } from "~/utils/enums";
import { keypadInput, NUMBER_DRAFT, type KeypadKey } from "~/models/contests/sitting/test-rules";

/** The state after each move in turn, starting from never visited. */
function play(rule: SaveRule, moves: Move[], from?: SavedAnswer) {
  let state = from;
  for (const m of moves) {
    const next = applyMove(rule, state, m);
    if (next === "not-a-number") throw new Error("not a number");
    state = next;
  }
  return state;
}

const visit: Move = { kind: "visit" };
const choose = (...options: number[]): Move => ({ kind: "choose", options });
const type = (value: string): Move => ({ kind: "type", value });
const save: Move = { kind: "save" };
const saveMark: Move = { kind: "save-mark" };
const clear: Move = { kind: "clear" };
const leave: Move = { kind: "leave" };

describe("NTA's rule: a choice counts only when saved", () => {
  // Each sequence of moves, its palette status and what the screen shows when the student comes back.
  const cases: Array<[string, Move[], ReturnType<typeof statusOf>, ReturnType<typeof shownResponse>]> = [
    ["visited only", [visit, leave], "not-answered", {}],
    ["chosen, then away through the palette", [visit, choose(2), leave], "not-answered", {}],
    ["chosen, then Save & Next", [visit, choose(2), save], "answered", { o: [2] }],
    ["chosen, Save & Mark for Review", [visit, choose(2), saveMark], "answered-marked", { o: [2] }],
    ["nothing chosen, Mark for Review & Next", [visit, saveMark], "marked", {}],
    ["saved, then changed and left", [visit, choose(2), save, choose(3), leave], "answered", { o: [2] }],
    ["saved, then changed and saved", [visit, choose(2), save, choose(3), save], "answered", { o: [3] }],
    ["saved, then all unticked and left", [visit, choose(2), save, choose(), leave], "answered", { o: [2] }],
    ["saved, then all unticked and saved", [visit, choose(2), save, choose(), save], "not-answered", {}],
    ["marked answered, then Save & Next", [visit, choose(1), saveMark, save], "answered", { o: [1] }],
    ["saved, then Clear Response", [visit, choose(1), save, clear], "not-answered", {}],
    ["marked, then Clear Response keeps the mark", [visit, choose(1), saveMark, clear], "marked", {}],
    ["a number typed and left", [visit, type("2.5"), leave], "not-answered", {}],
    ["a number typed and saved", [visit, type("2.5"), save], "answered", { v: "2.5" }],
    ["a saved number, retyped and left", [visit, type("2.5"), save, type("7"), leave], "answered", { v: "2.5" }],
  ];
  test.each(cases)("%s", (_name, moves, status, shown) => {
    const state = play("nta", moves);
    expect(statusOf(state)).toBe(status);
    expect(shownResponse(state)).toEqual(shown);
  });

  test("before leaving, the unsaved choice is on screen and kept as a draft, but the palette and the summary count only what was saved", () => {
    const state = play("nta", [visit, choose(1), save, choose(3)]);
    expect(shownResponse(state)).toEqual({ o: [3] });
    expect(state).toEqual({ o: [1], d: { o: [3] } });
    expect(statusOf(state)).toBe("answered");
    const fresh = play("nta", [visit, choose(4)]);
    expect(statusOf(fresh)).toBe("not-answered");
    expect(submitSummary(["a", "b"], { a: state!, b: fresh! })).toMatchObject({ answered: 1, notAnswered: 1 });
  });

  test("a save of something not a number is refused and changes nothing", () => {
    const state = play("nta", [visit, type("-")]);
    expect(applyMove("nta", state, save)).toBe("not-a-number");
    expect(applyMove("nta", state, saveMark)).toBe("not-a-number");
  });
});

describe("the every-choice rule: an option counts at once", () => {
  test.each([
    ["chosen, then away", [visit, choose(2), leave], "answered", { o: [2] }],
    ["chosen, then unticked", [visit, choose(2), choose()], "not-answered", {}],
    ["marked, then chosen: the mark stays", [visit, saveMark, choose(1)], "answered-marked", { o: [1] }],
    ["a number typed and left is still not saved", [visit, type("4"), leave], "not-answered", {}],
    ["a number typed and saved", [visit, type("4"), save], "answered", { v: "4" }],
  ] as const)("%s", (_name, moves, status, shown) => {
    const state = play("every_choice", [...moves]);
    expect(statusOf(state)).toBe(status);
    expect(shownResponse(state)).toEqual(shown);
  });
});

describe("NTA's keypad", () => {
  const press = (keys: KeypadKey[], from = "") => keys.reduce(keypadInput, from);
  test("digits, one decimal point, a minus only first, backspace and clear", () => {
    expect(press(["-", "1", ".", "5"])).toBe("-1.5");
    expect(press(["1", "-"])).toBe("1");
    expect(press(["1", ".", ".", "2"])).toBe("1.2");
    expect(press(["1", "2", "backspace"])).toBe("1");
    expect(press(["1", "2", "clear"])).toBe("");
    expect(press(["backspace"])).toBe("");
  });
  test("at most 10 digits before the point and 6 after: what it makes is always a draft the server takes", () => {
    expect(press(Array<KeypadKey>(12).fill("9"))).toBe("9999999999");
    expect(press([".", ...Array<KeypadKey>(8).fill("1")])).toBe(".111111");
    const longest = press(["-", ...Array<KeypadKey>(10).fill("9"), ".", ...Array<KeypadKey>(6).fill("9")]);
    expect(longest).toHaveLength(18);
    expect(NUMBER_DRAFT.test(longest)).toBe(true);
  });
});
