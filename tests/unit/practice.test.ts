// Issue 48, point 6: the rules practice and revision share (app/models/contests/practice/practice.ts).
import { expect, test } from "vitest";
import { changeOf, practiceMinutes, totalsOf } from "~/models/contests/practice/practice";

test("an attempt's length is the paper's in proportion to the questions it holds, rounded up, at least a minute", () => {
  expect(practiceMinutes(180, 90, 90)).toBe(180);
  expect(practiceMinutes(60, 3, 12)).toBe(15);
  expect(practiceMinutes(60, 1, 7)).toBe(9); // 8.57… rounded up
  expect(practiceMinutes(10, 1, 100)).toBe(1);
  expect(practiceMinutes(60, 0, 12)).toBe(1);
  expect(practiceMinutes(60, 5, 0)).toBe(1);
});

test("an attempt's figures: partly right counts as wrong, a dropped question in none, marks summed with penalties", () => {
  expect(
    totalsOf([
      { verdict: "correct", marks: 4 },
      { verdict: "partial", marks: 2 },
      { verdict: "incorrect", marks: -1 },
      { verdict: "unanswered", marks: 0 },
      { verdict: "dropped", marks: 4 },
    ]),
  ).toEqual({ questions: 5, correct: 1, wrong: 2, unanswered: 1, marks: 9 });
  expect(totalsOf([])).toEqual({ questions: 0, correct: 0, wrong: 0, unanswered: 0, marks: 0 });
});

test("a question went better, worse or the same as the first time by its marks", () => {
  expect(changeOf({ marks: 4 }, { marks: -1 })).toBe("better");
  expect(changeOf({ marks: 0 }, { marks: -1 })).toBe("better");
  expect(changeOf({ marks: -1 }, { marks: 0 })).toBe("worse");
  expect(changeOf({ marks: 2 }, { marks: 2 })).toBe("same");
});
