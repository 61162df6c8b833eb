import { describe, expect, test } from "vitest";
import { pageWindow, parseStoreQuery } from "~/models/store/search/query";
import { searchWords } from "~/models/store/search/search";

const parse = (qs: string) => parseStoreQuery(new URLSearchParams(qs));

describe("store URL state", () => {
  test("defaults", () => {
    expect(parse("")).toEqual({ q: "", category: null, condition: null, minPrice: 0, maxPrice: 5000, sort: "relevance", page: 1 });
  });
  test("garbage is ignored, ranges clamped and ordered", () => {
    expect(parse("page=-3&sort=drop%20table&min=abc&max=99999&category=x&condition=Mint")).toMatchObject({
      page: 1, sort: "relevance", minPrice: 0, maxPrice: 5000, category: null, condition: null,
    });
    expect(parse("min=3000&max=1000")).toMatchObject({ minPrice: 1000, maxPrice: 3000 });
    expect(parse("page=2.7&sort=price-low&condition=Like%20New")).toMatchObject({ page: 2, sort: "price-low", condition: "Like New" });
  });
  test("pagination shows a window around the current page", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12)).toEqual([1, "gap", 4, 5, 6, 7, 8, "gap", 12]);
  });
});

test("search words: lower case, punctuation dropped as a listing's search_tsv drops it, each once, at most six", () => {
  expect(searchWords("Phyiscs  H.C. Verma")).toEqual(["phyiscs", "hc", "verma"]);
  expect(searchWords("978-81-7000")).toEqual(["978817000"]);
  expect(searchWords("  %_\\ ")).toEqual([]);
  expect(searchWords("a a b c d e f g h")).toEqual(["a", "b", "c", "d", "e", "f"]);
  expect(searchWords("भौतिकी विज्ञान")).toEqual(["भौतिकी", "विज्ञान"]);
});
