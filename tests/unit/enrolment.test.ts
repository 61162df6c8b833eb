import { expect, test } from "vitest";
import { enrolState, isEnrolmentOpen } from "~/models/contests/catalogue/enrolment";
import { fundingLine, type Funding } from "~/models/contests/catalogue/kinds";
import { createTranslator, translateMsg } from "~/utils/i18n";
import { messagesFor } from "~/utils/i18n.server";

const now = new Date("2026-11-22T10:00:00Z");
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
// The default: paid-prize contests dark (app/utils/env.server.ts).
const OFFER = { paidPrize: false };

test("enrolment is open until the start, for active contests only", () => {
  expect(isEnrolmentOpen({ is_active: true, start_time: at(1), kind: "free" as const }, now, OFFER)).toBe(true);
  expect(isEnrolmentOpen({ is_active: true, start_time: now, kind: "free" as const }, now, OFFER)).toBe(false);
  expect(isEnrolmentOpen({ is_active: true, start_time: at(-1), kind: "free" as const }, now, OFFER)).toBe(false);
  expect(isEnrolmentOpen({ is_active: false, start_time: at(60), kind: "free" as const }, now, OFFER)).toBe(false);
});

test("a paid-prize contest takes entries only where the operator offers it; the other kinds always", () => {
  const paidPrize = { is_active: true, start_time: at(60), kind: "paid_prize" as const };
  expect(isEnrolmentOpen(paidPrize, now, { paidPrize: false })).toBe(false);
  expect(isEnrolmentOpen(paidPrize, now, { paidPrize: true })).toBe(true);
  for (const kind of ["free", "practice"] as const) expect(isEnrolmentOpen({ ...paidPrize, kind }, now, { paidPrize: false })).toBe(true);
  const box = { ...paidPrize, end_time: at(120), enrolled: false };
  expect(enrolState(box, now, { paidPrize: false })).toBe("unavailable");
  expect(enrolState(box, now, { paidPrize: true })).toBe("open");
  // An entry made before the switch went off keeps its test.
  expect(enrolState({ ...box, enrolled: true }, now, { paidPrize: false })).toBe("enrolled");
});

test("the enrol box: enrolled first, then open, inactive, ended, closed", () => {
  const contest = { start_time: at(60), end_time: at(120), enrolled: false, is_active: true, kind: "practice" as const };
  expect(enrolState(contest, now, OFFER)).toBe("open");
  expect(enrolState({ ...contest, enrolled: true, start_time: at(-10) }, now, OFFER)).toBe("enrolled");
  expect(enrolState({ ...contest, is_active: false }, now, OFFER)).toBe("inactive");
  expect(enrolState({ ...contest, start_time: at(-120), end_time: at(-60) }, now, OFFER)).toBe("ended");
  expect(enrolState({ ...contest, start_time: now }, now, OFFER)).toBe("closed");
});

test("every card says how its contest is funded, in both languages", () => {
  const base = { entry_fee: 0, sponsor: null, prize_pool: {} };
  // The sponsor's name stands where the sentence's <0></0> is (FundingText renders it untranslated).
  const say = (locale: "en" | "hi", f: Funding) => translateMsg(createTranslator(locale, messagesFor(locale, "contests")).t, f.msg).replace("<0></0>", f.typed ?? "");
  const en = (f: Funding) => say("en", f);
  const hi = (f: Funding) => say("hi", f);
  const sponsored = fundingLine({ ...base, kind: "free", sponsor: "Pragati Book House", prize_pool: { first: 1000 } }, OFFER);
  expect(en(sponsored)).toBe("Free entry · prizes by Pragati Book House");
  expect(hi(sponsored)).toBe("मुफ़्त एंट्री · इनाम Pragati Book House की ओर से");
  expect(en(fundingLine({ ...base, kind: "free" }, OFFER))).toBe("Free entry · no prizes");
  expect(en(fundingLine({ ...base, kind: "practice", entry_fee: 49 }, OFFER))).toBe("Practice test · no prizes");
  const paid = { ...base, kind: "paid_prize" as const, entry_fee: 49, prize_pool: { first: 1000 } };
  expect(en(fundingLine(paid, OFFER))).toBe("Paid entry for cash prizes · not offered here");
  expect(en(fundingLine(paid, { paidPrize: true }))).toBe("Paid entry · cash prizes");
});

test("the rules sheet's marking line says a penalty of 0 in words, and a penalty as a minus", () => {
  const en = createTranslator("en", messagesFor("en", "contest")).t;
  expect(en("contest.sheet.markingText", { marks: 4, penalty: 1 })).toMatch(/^\+4 for a right answer, −1 for a wrong one, 0 for a question left out\./);
  expect(en("contest.sheet.markingText", { marks: 1, penalty: 0 })).toMatch(/^\+1 for a right answer, nothing taken for a wrong one, 0/);
  const hi = createTranslator("hi", messagesFor("hi", "contest")).t;
  expect(hi("contest.sheet.markingText", { marks: 4, penalty: 0 })).toContain("गलत पर कोई अंक नहीं कटता");
  expect(en("contest.sheet.challengeWindow", { hours: 24, fee: "₹25", dropped: "attempted" })).toContain("for ₹25, refunded if your challenge is upheld");
  expect(en("contest.sheet.challengeWindow", { hours: 24, fee: "free", dropped: "all" })).toContain("free of charge");
});
