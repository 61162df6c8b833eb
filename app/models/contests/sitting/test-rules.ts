// Rules of taking the test and reading results (docs/product/contests.md §2, §4, §9; docs/product/design.md §4)
// that the browser and the server share. Pure, so each has a unit test.
import { timeUntilMessage } from "~/models/contests/catalogue/countdown";
import { CONTEST_RULES } from "~/models/contests/catalogue/rules";
import type { MessageId, Msg } from "~/utils/i18n";
import { EVENTS_MEDIUM } from "~/models/contests/review/credibility";

export const SUBMIT_REASONS = {
  manual: "Manual submission",
  timeUp: "Time's up",
  left: "User exited fullscreen or switched tabs",
} as const;
export type SubmitReason = (typeof SUBMIT_REASONS)[keyof typeof SUBMIT_REASONS];
export const SUBMIT_REASON_LIST = Object.values(SUBMIT_REASONS) as [SubmitReason, ...SubmitReason[]];

export const DEFAULT_REASON = "Test completed successfully";
export const WITH_ERRORS = " (with errors)";

/** What went wrong while submitting; the completion page explains each in its own words (their message ids). */
export const SUBMIT_ERRORS = {
  network: "test.error.network",
  refused: "test.error.refused",
  submit: "test.error.submit",
} as const satisfies Record<string, MessageId>;
export type SubmitError = keyof typeof SUBMIT_ERRORS;

/** A typed numerical answer: an optional sign, at most 10 digits before the point and 6 after. */
export const NUMBER_ANSWER = /^-?(\d{1,10}(\.\d{0,6})?|\.\d{1,6})$/;
/** The server's refusal in English (the test API's JSON); the island says it as "test.numberHint". */
export const NUMBER_HINT = "Enter a number, e.g. 2.5 or -3.";
export const isNumberAnswer = (text: string) => NUMBER_ANSWER.test(text);
/** A number on its way (a draft): what the keypad can make, a sign or a point on its own included. */
export const NUMBER_DRAFT = /^-?\d{0,10}(\.\d{0,6})?$/;

/** The on-screen keypad's keys (NTA's: digits, minus, decimal point, backspace, clear). */
export const KEYPAD_KEYS = ["7", "8", "9", "4", "5", "6", "1", "2", "3", "0", ".", "-", "backspace", "clear"] as const;
export type KeypadKey = (typeof KEYPAD_KEYS)[number];

/**
 * The typed number after a keypad key: a minus only first, one decimal point, at most 10
 * digits before it and 6 after; a key that would break that does nothing.
 */
export function keypadInput(text: string, key: KeypadKey): string {
  if (key === "clear") return "";
  if (key === "backspace") return text.slice(0, -1);
  if (key === "-") return text === "" ? "-" : text;
  const next = text + key;
  return NUMBER_DRAFT.test(next) ? next : text;
}

/**
 * The reason and error the completion page was given in its address, read strictly:
 * only our own reasons (optionally ' (with errors)') and error codes, so a crafted
 * link cannot make the page say anything else.
 */
export function readCompletion(params: URLSearchParams): { reason: string; error: SubmitError | null } {
  const raw = params.get("reason") ?? "";
  const withErrors = raw.endsWith(WITH_ERRORS);
  const base = withErrors ? raw.slice(0, -WITH_ERRORS.length) : raw;
  const known = (SUBMIT_REASON_LIST as string[]).includes(base);
  const code = params.get("error");
  const error = code && Object.hasOwn(SUBMIT_ERRORS, code) ? (code as SubmitError) : null;
  if (!known) return { reason: DEFAULT_REASON, error };
  return { reason: withErrors || error ? base + WITH_ERRORS : base, error: error ?? (withErrors ? "network" : null) };
}

/** The completion page's heading and text for a reason (the wording is ours; docs/product/contests.md leaves it open). */
export function completionMessage(reason: string): { title: MessageId; text: MessageId } {
  const base = reason.endsWith(WITH_ERRORS) ? reason.slice(0, -WITH_ERRORS.length) : reason;
  switch (base) {
    case SUBMIT_REASONS.timeUp:
      return { title: "test.done.timeUp", text: "test.done.timeUpText" };
    case SUBMIT_REASONS.left:
      return { title: "test.done.left", text: "test.done.leftText" };
    default:
      return { title: "test.done.submitted", text: "test.done.submittedText" };
  }
}

const REASON_MESSAGES: Record<string, MessageId> = {
  [SUBMIT_REASONS.manual]: "test.reason.manual",
  [SUBMIT_REASONS.timeUp]: "test.reason.timeUp",
  [SUBMIT_REASONS.left]: "test.reason.left",
  [DEFAULT_REASON]: "test.reason.done",
};

/** A reason as the completion page names it, in its language (the reasons themselves are kept in English, in the address and the database). */
export function reasonMessage(reason: string): Msg {
  const withErrors = reason.endsWith(WITH_ERRORS);
  const base: Msg = { id: REASON_MESSAGES[withErrors ? reason.slice(0, -WITH_ERRORS.length) : reason] ?? "test.reason.done" };
  return withErrors ? { id: "test.reason.withErrors", values: { reason: base } } : base;
}

/** Score over total questions, rounded (docs/product/contests.md §2). */
export function scorePercent(score: number, total: number) {
  return total > 0 ? Math.round((score / total) * 100) : 0;
}

/** docs/product/contests.md §2 and §9: 70 % or more 'Excellent', 50 % or more 'Good effort', else 'Keep practicing' (results.band). */
export function scoreBand(percent: number): "excellent" | "good" | "practice" {
  if (percent >= 70) return "excellent";
  if (percent >= 50) return "good";
  return "practice";
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The test timer: MM:SS (minutes may pass 59 on a long test: '75:00'); never negative. */
export function formatTimer(ms: number) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** Progress by the position of the question on screen: question 3 of 4 is 75 %. */
export function progressPercent(index: number, total: number) {
  return total > 0 ? Math.round(((index + 1) / total) * 100) : 0;
}

/**
 * The words of other namespaces that the test page and the camera check show: the rules,
 * and the countdown's units (startsInMessage below, by timeUntilMessage's rule).
 */
export const TEST_PAGE_BORROWS = [...CONTEST_RULES, "contests.until.days", "contests.until.hours", "contests.until.minutes"] as const satisfies readonly MessageId[];

/** The camera check's and the waiting room's countdown ('Contest Started' at zero), by the one rule of timeUntilMessage. */
export function startsInMessage(start: Date, now: Date): Msg {
  return start.getTime() <= now.getTime() ? { id: "test.started" } : timeUntilMessage(start, now);
}

/** A response time in ms as people read it: '4 min 05 s', '45 s' (results.duration). */
export function durationMessage(ms: number): Msg {
  const s = Math.max(0, Math.round(ms / 1000));
  return { id: "results.duration", values: { m: Math.floor(s / 60), s: s >= 60 ? pad(s % 60) : String(s) } };
}

/**
 * Warnings before violations (issue 47, point 2): what the test screen says after the
 * `count`-th time this sitting noticed the student leave. The first EVENTS_MEDIUM − 1
 * are warnings, each saying how many are left; from the next one on, the events put the
 * entry before a reviewer (../review/credibility.ts), and the screen says so.
 */
export function warningMessage(count: number): Msg {
  const allowed = EVENTS_MEDIUM - 1;
  if (count > allowed) return { id: "test.warning.reported" };
  return { id: "test.warning.left", values: { left: allowed - count } };
}
