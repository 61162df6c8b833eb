// A person's age from the date of birth they gave (issue 46, point 4), counted in India's
// calendar: someone born on 27 November 2008 turns 18 at midnight IST on 27 November 2026,
// whatever the server's clock zone. Shared by the sign-up schemas and the consent rules.
import { TIME_ZONE } from "~/utils/dates";

export const ADULT_AGE = 18;
/** Older than this is a typing mistake, not a student (the year field is easy to mis-set). */
export const OLDEST_AGE = 120;

const indiaDay = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** Today in India as YYYY-MM-DD. */
export const indiaDate = (now: Date) => indiaDay.format(now);

/**
 * A date of birth as a browser's date field sends it (YYYY-MM-DD) or as people write it
 * in India (DD-MM-YYYY or DD/MM/YYYY, where a phone has no date picker), as YYYY-MM-DD;
 * null when it is no real calendar day.
 */
export function parseBirthDate(value: string): string | null {
  const text = value.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const indian = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : indian ? [indian[3], indian[2], indian[1]] : [];
  if (!y || !m || !d) return null;
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (day.getUTCFullYear() !== Number(y) || day.getUTCMonth() !== Number(m) - 1 || day.getUTCDate() !== Number(d)) return null;
  return `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
}

/** Whole years from `birthDate` (YYYY-MM-DD) to today in India. */
export function ageOn(birthDate: string, now: Date) {
  const [by, bm, bd] = birthDate.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = indiaDate(now).split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export const isMinor = (birthDate: string | null, now: Date) => birthDate !== null && ageOn(birthDate, now) < ADULT_AGE;

export type BirthDateProblem = "invalid" | "future" | "too-old";

/** What is wrong with a typed date of birth, if anything. */
export function birthDateProblem(value: string, now: Date): BirthDateProblem | null {
  const date = parseBirthDate(value);
  if (!date) return "invalid";
  if (date > indiaDate(now)) return "future";
  if (ageOn(date, now) > OLDEST_AGE) return "too-old";
  return null;
}
