import { expect, test } from "vitest";
import { enrolState, isEnrolmentOpen } from "~/models/contests/catalogue/enrolment";
import { fundingLine } from "~/models/contests/catalogue/kinds";
import { createTranslator, translateMsg, type Msg } from "~/utils/i18n";
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
  const en = (msg: Msg) => translateMsg(createTranslator("en", messagesFor("en", "contests")).t, msg);
  const hi = (msg: Msg) => translateMsg(createTranslator("hi", messagesFor("hi", "contests")).t, msg);
  const sponsored = fundingLine({ ...base, kind: "free", sponsor: "Pragati Book House", prize_pool: { first: 1000 } }, OFFER);
  expect(en(sponsored)).toBe("Free entry · prizes by Pragati Book House");
  expect(hi(sponsored)).toBe("मुफ़्त एंट्री · इनाम Pragati Book House की ओर से");
  expect(en(fundingLine({ ...base, kind: "free" }, OFFER))).toBe("Free entry · no prizes");
  expect(en(fundingLine({ ...base, kind: "practice", entry_fee: 49 }, OFFER))).toBe("Practice test · no prizes");
  const paid = { ...base, kind: "paid_prize" as const, entry_fee: 49, prize_pool: { first: 1000 } };
  expect(en(fundingLine(paid, OFFER))).toBe("Paid entry for cash prizes · not offered here");
  expect(en(fundingLine(paid, { paidPrize: true }))).toBe("Paid entry · cash prizes");
});
