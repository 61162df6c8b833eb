// Issue 67, point 3: the pure rules of the tax on prizes (app/models/payments/tax/tax-law.ts):
// a person's PAN only, its mask, India's financial year and the `?year=` read.
import { expect, test } from "vitest";
import { parseEnv } from "~/utils/env.server";
import { cleanPan, financialYearBounds, financialYearLabel, financialYearOf, maskPan, PAN_MESSAGES, panProblem, parseTaxYear, PRIZE_TAX_SECTION } from "~/models/payments/tax/tax-law";

test("the section cited is the 2025 Act's, in one place", () => {
  expect(PRIZE_TAX_SECTION).toBe("393(3)");
});

test("a PAN: five letters, four digits, a letter, the fourth letter P for a person", () => {
  expect(panProblem("ABCPE1234F")).toBeNull();
  expect(panProblem(" abcpe 1234f ")).toBeNull();
  for (const bad of ["", "ABCPE1234", "ABCPE12345", "ABCP1234FF", "1BCPE1234F", "ABCPE1234F1", "ABCPÉ1234F"]) expect(panProblem(bad), bad).toEqual(PAN_MESSAGES.invalid);
  // A company, a Hindu undivided family, a firm, a trust, the government: not a person's.
  for (const other of ["ABCCE1234F", "ABCHE1234F", "ABCFE1234F", "ABCTE1234F", "ABCGE1234F"]) expect(panProblem(other), other).toEqual(PAN_MESSAGES.notPerson);
  expect(cleanPan(" abcpe 1234f ")).toBe("ABCPE1234F");
  expect(maskPan("ABCPE1234F")).toBe("••••••234F");
});

test("India's financial year: 1 April to 31 March, in India's time", () => {
  expect(financialYearOf(new Date("2027-03-31T18:29:59Z"))).toBe(2026);
  expect(financialYearOf(new Date("2027-03-31T18:30:00Z"))).toBe(2027);
  expect(financialYearOf(new Date("2026-12-07T12:00:00Z"))).toBe(2026);
  expect(financialYearBounds(2026)).toEqual({ from: new Date("2026-03-31T18:30:00Z"), to: new Date("2027-03-31T18:30:00Z") });
  expect(financialYearLabel(2026)).toBe("2026-27");
  expect(financialYearLabel(2099)).toBe("2099-00");
  const now = new Date("2026-12-07T12:00:00Z");
  expect(parseTaxYear(null, now)).toBe(2026);
  expect(parseTaxYear("2023", now)).toBe(2023);
  for (const bad of ["2022", "2027", "26", "2026-27", "", " 2026", "20261"]) expect(parseTaxYear(bad, now), bad).toBeNull();
});

test("the settings: our TAN in the Department's format (case aside), a threshold in whole rupees; a bad one names itself", () => {
  expect(parseEnv({ OPERATOR_TAN: " dela12345b " }).OPERATOR_TAN).toBe("DELA12345B");
  expect(parseEnv({}).OPERATOR_TAN).toBeUndefined();
  expect(parseEnv({}).PRIZE_TAX_THRESHOLD).toBe(0);
  expect(parseEnv({ PRIZE_TAX_THRESHOLD: "10000" }).PRIZE_TAX_THRESHOLD).toBe(10000);
  for (const bad of ["DEL12345B", "DELA1234B", "DELA12345", "ABCPE1234F"]) expect(() => parseEnv({ OPERATOR_TAN: bad }), bad).toThrow(/OPERATOR_TAN/);
  for (const bad of ["-1", "10.5", "lots"]) expect(() => parseEnv({ PRIZE_TAX_THRESHOLD: bad }), bad).toThrow(/PRIZE_TAX_THRESHOLD/);
});
