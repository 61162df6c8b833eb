import { describe, expect, test } from "vitest";
import { passwordScore, strengthLabel } from "~/models/accounts/passwords/password-strength";

describe("password strength (docs/product/contests.md §5)", () => {
  test.each([
    ["", 0],
    ["a", 1],
    ["abcdefgh", 2],
    ["Abcdefgh", 3],
    ["Abcdefg1", 4],
    ["Abcdefg1!", 5],
    ["A1!", 4], // length is scored, not enforced
    ["        ", 3], // spaces count as special characters
  ])("%j scores %i", (password, score) => {
    expect(passwordScore(password)).toBe(score);
  });

  test("labels: 2 or less weak, 3-4 good, 5 strong", () => {
    expect([0, 1, 2, 3, 4, 5].map(strengthLabel)).toEqual([
      "Weak password",
      "Weak password",
      "Weak password",
      "Good password",
      "Good password",
      "Strong password",
    ]);
  });
});
