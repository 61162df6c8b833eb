// The rules shown to students (contests.md §1), in one place for every page that lists them.
export const CONTEST_RULES = [
  "Join before the start time: there are no late entries.",
  "One entry per student. No refund after payment, except as the Refund Policy allows.",
  "Your camera stays on and the test runs in fullscreen for the whole contest.",
  "Cheating means disqualification.",
  "Prizes are paid after evaluation. The judges' decisions are final.",
] as const;

export const CONTEST_REQUIREMENTS = [
  "A working camera (front camera on a phone is fine)",
  "A stable internet connection for the length of the test",
  "A browser that allows fullscreen (Chrome or Firefox recommended)",
] as const;
