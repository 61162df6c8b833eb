import { expect, test } from "vitest";
import { letterOf, optionId, type SheetRow } from "~/models/contests/results/response-sheet";
import { strongestWeakest } from "~/models/contests/results/exam-report";
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

test("the strongest and weakest topics: by accuracy, then by how many were right; none with fewer than two tried", async () => {
  const topic = (name: string, attempted: number, correct: number) => ({ topic: name, section: "S", sectionHi: null, questions: 4, attempted, correct, accuracy: attempted ? Math.round((correct / attempted) * 100) : null });
  const named = strongestWeakest([topic("Optics", 0, 0), topic("Algebra", 2, 2), topic("Bonding", 3, 1), topic("Limits", 1, 1), topic("Waves", 3, 1)]);
  expect([named!.strongest.topic, named!.weakest.topic]).toEqual(["Algebra", "Waves"]);
  expect(strongestWeakest([topic("Algebra", 2, 2), topic("Optics", 0, 0)])).toBeNull();
});
