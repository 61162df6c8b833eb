import { expect, test } from "vitest";
import { enrolState, isEnrolmentOpen } from "~/models/contests/catalogue/enrolment";

const now = new Date("2026-11-22T10:00:00Z");
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

test("enrolment is open until the start, for active contests only", () => {
  expect(isEnrolmentOpen({ is_active: true, start_time: at(1) }, now)).toBe(true);
  expect(isEnrolmentOpen({ is_active: true, start_time: now }, now)).toBe(false);
  expect(isEnrolmentOpen({ is_active: true, start_time: at(-1) }, now)).toBe(false);
  expect(isEnrolmentOpen({ is_active: false, start_time: at(60) }, now)).toBe(false);
});

test("the enrol box: enrolled first, then open, inactive, ended, closed", () => {
  const contest = { start_time: at(60), end_time: at(120), enrolled: false, is_active: true };
  expect(enrolState(contest, now)).toBe("open");
  expect(enrolState({ ...contest, enrolled: true, start_time: at(-10) }, now)).toBe("enrolled");
  expect(enrolState({ ...contest, is_active: false }, now)).toBe("inactive");
  expect(enrolState({ ...contest, start_time: at(-120), end_time: at(-60) }, now)).toBe("ended");
  expect(enrolState({ ...contest, start_time: now }, now)).toBe("closed");
});
