// The rules shown to students (docs/product/contests.md §1), in one place for every page that lists them.

/** Said plainly, in the page itself, before anyone pays: what the test cannot run without. */
export const TEST_NEEDS = "The test needs JavaScript, a camera and a browser that can go fullscreen (Chrome or Firefox; on an iPhone the test fills the screen instead).";
export const CONTEST_RULES = [
  "Join before the start time: there are no late entries.",
  "One entry per student. No refund after payment, except as the Refund Policy allows.",
  "Your camera stays on and the test runs in fullscreen for the whole contest.",
  "Cheating means disqualification.",
  "Prizes are paid after evaluation. The judges' decisions are final.",
] as const;

export const CONTEST_REQUIREMENTS = [
  "JavaScript turned on: the test cannot run without it",
  "A working camera (front camera on a phone is fine)",
  "A stable internet connection for the length of the test",
  "A browser that allows fullscreen (Chrome or Firefox recommended)",
] as const;
