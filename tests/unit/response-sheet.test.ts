import { expect, test } from "vitest";
import { letterOf, optionId, type SheetRow } from "~/models/contests/results/response-sheet";
import { csvText } from "~/utils/text";

test("an option's id is its question's id and its number in two digits; its letter is where this student saw it", () => {
  expect(optionId(1000001, 1)).toBe("100000101");
  expect(optionId(1000001, 26)).toBe("100000126");
  const row = { optionIds: ["100000103", "100000101", "100000102"] } as SheetRow;
  expect(letterOf(row, "100000101")).toBe("B");
  expect(letterOf(row, "100000199")).toBeNull();
});

test("CSV: every field quoted, quotes doubled, CRLF; nothing a spreadsheet would run, while a negative number stays a number", () => {
  expect(csvText([["a", 'say "hi"'], ["1", ""]])).toBe('"a","say ""hi"""\r\n"1",""\r\n');
  expect(csvText([["=HYPERLINK(1)", "+1", "@x", "-x", "-3.5", "-.5"]])).toBe(`"'=HYPERLINK(1)","'+1","'@x","'-x","-3.5","-.5"\r\n`);
});
