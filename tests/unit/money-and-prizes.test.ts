import { describe, expect, test } from "vitest";
import { formatINR } from "~/utils/money";
import { assignPrizes, awardPrizes, grandTotal, placePrizes, prizeLines } from "~/models/contests/catalogue/prizes";

describe("money", () => {
  test("Indian grouping, rupee sign, no decimals", () => {
    expect(formatINR(150000)).toBe("₹1,50,000");
    expect(formatINR(0)).toBe("₹0");
    expect(formatINR(49)).toBe("₹49");
  });
  test("the cart shows decimals", () => {
    expect(formatINR(1234.5, { decimals: true })).toBe("₹1,234.50");
  });
});

describe("prizes (docs/product/design.md §4)", () => {
  test("ordinal and numeric keys are rank prizes; grand_total and bonus are not", () => {
    expect(placePrizes({ first: 500, second: 300, grand_total: 800, bonus: "T-shirt" })).toEqual([500, 300]);
    expect(placePrizes({ "1": 100, "3": 50 })).toEqual([100, 0, 50]);
  });
  test("ties pool the places they occupy and split them, rounded down", () => {
    const pool = { first: 1000, second: 500, third: 200 };
    expect(assignPrizes([1, 2, 3, 4], pool)).toEqual([1000, 500, 200, 0]);
    expect(assignPrizes([1, 2, 2, 4], pool)).toEqual([1000, 350, 350, 0]);
    expect(assignPrizes([1, 1, 1], pool)).toEqual([566, 566, 566]);
    expect(assignPrizes([1, 2, 3, 3], pool)).toEqual([1000, 500, 100, 100]);
  });
  test("pool lines: bonus as is, others as '{name} Prize' with the rupee sign; unparseable is empty", () => {
    expect(prizeLines({ first: 5000, bonus: "Certificate", grand_total: 5000 }, formatINR)).toEqual([
      { name: "First Prize", value: "₹5,000", place: 1, bonus: false },
      { name: "Bonus", value: "Certificate", place: null, bonus: true },
    ]);
    expect(prizeLines('{"second": 100}', formatINR)).toEqual([{ name: "Second Prize", value: "₹100", place: 2, bonus: false }]);
    // A key that is no place keeps its name (a page shows it as the admin wrote it).
    expect(prizeLines({ best_girl: 300 }, formatINR)).toEqual([{ name: "Best girl Prize", value: "₹300", place: null, bonus: false }]);
    // Listed by place whatever the stored order (jsonb sorts keys by length).
    expect(prizeLines({ bonus: "Mug", third: 1, first: 3, second: 2 }, formatINR).map((l) => l.name)).toEqual([
      "First Prize",
      "Second Prize",
      "Third Prize",
      "Bonus",
    ]);
    expect(prizeLines("{not json", formatINR)).toEqual([]);
  });
  test("grand total: declared, else the sum of rank prizes", () => {
    expect(grandTotal({ first: 10, grand_total: 99 })).toBe(99);
    expect(grandTotal({ first: 10, second: 5 })).toBe(15);
  });
});

test("a score of 0 wins no rank prize, and its place passes to nobody", () => {
  const pool = { first: 500, second: 300, third: 100 };
  expect(awardPrizes([{ rank: 1, score: 2 }, { rank: 2, score: 0 }, { rank: 2, score: 0 }], pool)).toEqual([500, 0, 0]);
  expect(awardPrizes([{ rank: 1, score: 3 }, { rank: 1, score: 3 }, { rank: 3, score: 1 }], pool)).toEqual([400, 400, 100]);
});
