// Rules of taking the test and reading results (docs/product/contests.md §2, §4, §9; docs/product/design.md §4)
// that the browser and the server share. Pure, so each has a unit test.
import { timeUntilMessage } from "~/models/contests/catalogue/countdown";
import { CONTEST_RULE_IDS } from "~/models/contests/catalogue/rules";
import type { MessageId, Msg } from "~/utils/i18n";
import { EVENTS_MEDIUM } from "~/models/contests/review/credibility";
import { SUBMIT_REASONS, type SubmitReason } from "~/utils/enums";

// Why a test was submitted is a code (SUBMIT_REASONS): in the completion page's address,
// the test API's body and user_contest_entries.submit_reason (drizzle/0054_submit_reason_codes.sql),
// said only through the catalogs (REASON_MESSAGES below).
export { SUBMIT_REASONS, type SubmitReason };

// The English sentences the address and the test API carried before the codes: a test
// page open while the new version is deployed still sends them, so each is read as its
// code (and its ' (with errors)' as the errors flag). The migration converts the same
// sentences in the column.
const OLD_SENTENCES: Record<string, SubmitReason> = {
  "Manual submission": "manual",
  "Time's up": "time_up",
  "User exited fullscreen or switched tabs": "left",
};
const OLD_WITH_ERRORS = " (with errors)";

/** A reason as it may arrive, a code or an old sentence: its code and whether the old sentence said ' (with errors)'; null for anything else. */
export function readReason(raw: unknown): { reason: SubmitReason; withErrors: boolean } | null {
  if (typeof raw !== "string") return null;
  if ((SUBMIT_REASONS as readonly string[]).includes(raw)) return { reason: raw as SubmitReason, withErrors: false };
  const withErrors = raw.endsWith(OLD_WITH_ERRORS);
  const base = withErrors ? raw.slice(0, -OLD_WITH_ERRORS.length) : raw;
  return Object.hasOwn(OLD_SENTENCES, base) ? { reason: OLD_SENTENCES[base]!, withErrors } : null;
}

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
 * only our own reason codes (or the old sentences, see readReason) and error codes, so
 * a crafted link cannot make the page say anything else. A reason that is not ours is
 * null: the page then says the test was submitted. The error code is the address's
 * errors flag (?reason=time_up&error=network): an old sentence's ' (with errors)'
 * without one reads as 'network', as the old page did.
 */
export function readCompletion(params: URLSearchParams): { reason: SubmitReason | null; error: SubmitError | null } {
  const read = readReason(params.get("reason"));
  const code = params.get("error");
  const error = code && Object.hasOwn(SUBMIT_ERRORS, code) ? (code as SubmitError) : null;
  if (!read) return { reason: null, error };
  return { reason: read.reason, error: error ?? (read.withErrors ? "network" : null) };
}

/** The completion page's heading and text for a reason (the wording is ours; docs/product/contests.md leaves it open). */
export function completionMessage(reason: SubmitReason | null): { title: MessageId; text: MessageId } {
  switch (reason) {
    case "time_up":
      return { title: "test.done.timeUp", text: "test.done.timeUpText" };
    case "left":
      return { title: "test.done.left", text: "test.done.leftText" };
    default:
      return { title: "test.done.submitted", text: "test.done.submittedText" };
  }
}

const REASON_MESSAGES = {
  manual: "test.reason.manual",
  time_up: "test.reason.timeUp",
  left: "test.reason.left",
} as const satisfies Record<SubmitReason, MessageId>;

/** A reason as the completion page names it, in its language ('Test completed successfully' for none of ours), ' (with errors)' when something failed. */
export function reasonMessage(reason: SubmitReason | null, withErrors: boolean): Msg {
  const base: Msg = { id: reason ? REASON_MESSAGES[reason] : "test.reason.done" };
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
export const TEST_PAGE_BORROWS = [...CONTEST_RULE_IDS, "contests.until.days", "contests.until.hours", "contests.until.minutes"] as const satisfies readonly MessageId[];

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
