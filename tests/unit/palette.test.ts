import { expect, test } from "vitest";
import { pickOption, statusCounts, statusOf, submitSummary } from "~/models/contests/sitting/palette";

test("five statuses from the saved state: visited, response, mark", () => {
  expect(statusOf(undefined)).toBe("not-visited");
  expect(statusOf({})).toBe("not-answered");
  expect(statusOf({ o: [] })).toBe("not-answered");
  expect(statusOf({ o: [2] })).toBe("answered");
  expect(statusOf({ v: "2.5" })).toBe("answered");
  expect(statusOf({ m: true })).toBe("marked");
  expect(statusOf({ o: [1, 3], m: true })).toBe("answered-marked");
});

test("the legend counts each status; the summary counts Answered & Marked as answered (it is evaluated)", () => {
  const answers = { a: { o: [1] }, b: { m: true }, c: { v: "3", m: true }, d: {} };
  const ids = ["a", "b", "c", "d", "e"];
  expect(statusCounts(ids, answers)).toEqual({ "not-visited": 1, "not-answered": 1, answered: 1, marked: 1, "answered-marked": 1 });
  expect(submitSummary(ids, answers)).toEqual({ answered: 2, notAnswered: 3, marked: 2, total: 5 });
});

test("picking an option: alone for a single-correct question, toggled and sorted for a multiple-correct one", () => {
  expect(pickOption("single", [1], 3)).toEqual([3]);
  expect(pickOption("multiple", [3], 1)).toEqual([1, 3]);
  expect(pickOption("multiple", [1, 3], 3)).toEqual([1]);
});
