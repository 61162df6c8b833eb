// Issue 48, point 5: the time on a question counts whole seconds while it is on screen, and
// nothing while a dialog covers it (app/models/contests/sitting/question-clock.ts).
import { expect, test } from "vitest";
import { QuestionClock } from "~/models/contests/sitting/question-clock";

test("whole seconds, the rest of a second carried to the next count", () => {
  const clock = new QuestionClock();
  clock.restart(0, true);
  expect(clock.take(2_500)).toBe(2);
  expect(clock.take(3_100)).toBe(1); // 0.5 s carried + 0.6 s
  expect(clock.take(3_150)).toBe(0);
});

test("a dialog over the question stops the count; closing it goes on from there", () => {
  const clock = new QuestionClock();
  clock.restart(0, true);
  clock.pause(4_000); // a warning after 4 s
  expect(clock.take(60_000)).toBe(4); // a minute in the dialog counts nothing
  clock.resume(60_000, true);
  expect(clock.take(63_000)).toBe(3);
  // Paused twice or resumed twice changes nothing.
  clock.pause(63_000);
  clock.pause(70_000);
  clock.resume(80_000, true);
  clock.resume(90_000, true);
  expect(clock.take(81_000)).toBe(1);
});

test("another question starts afresh; a test not running counts nothing, and a dialog closing does not start it", () => {
  const clock = new QuestionClock();
  clock.restart(0, true);
  clock.take(1_700);
  clock.restart(1_800, true); // the 0.7 s left of the last question is not this one's
  expect(clock.take(2_700)).toBe(0);
  clock.restart(3_000, false);
  clock.resume(3_000, false);
  expect(clock.take(10_000)).toBe(0);
});
