// The tax on prizes (issue 67, point 3; docs/decisions/money-tax-on-prizes.md): which
// section of the Income-tax Act, 2025 the prize statement, the mails and the rules sheets
// cite, the PAN a winner gives before any prize is paid, and India's financial year.
// Pure, so the words, the PAN's rules and the year's bounds are unit-tested and shared
// with the browser; the database side is ./pan.server.ts and ./tax-statement.server.ts,
// and the tax of each prize (the rate, and the threshold) is worked out where the payout
// is made (queuePrizePayouts in ../payouts.server.ts).
import type { Msg } from "~/utils/i18n";

/**
 * The one place the law is named: every sentence that cites it takes `{section}` from
 * here. Section 393(3) (its table, the entry on winnings from online games) succeeds
 * section 194BA of the Income-tax Act, 1961 from 1 April 2026; counsel is to confirm the
 * number as enacted and whether a free contest's sponsored prize is such a winning
 * (docs/decisions/money-tax-on-prizes.md).
 */
export const PRIZE_TAX_SECTION = "393(3)";

/** The values every sentence citing the law takes. */
export const taxLawValues = () => ({ section: PRIZE_TAX_SECTION });

/**
 * The Income Tax Department's PAN: five letters, four digits, a letter. The fourth letter
 * says what kind of holder it is (P a person, C a company, H a Hindu undivided family,
 * F a firm, A an association of persons, T a trust, B a body of individuals, L a local
 * authority, J an artificial juridical person, G the government). A prize is won by the
 * person who sat the test, so only a person's PAN (P) is taken.
 */
export const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const PERSON_PAN = /^[A-Z]{3}P[A-Z][0-9]{4}[A-Z]$/;

export const PAN_MAX = { pan: 10, name: 100 } as const;

/** A PAN as typed: spaces and case do not matter. */
export const cleanPan = (typed: string) => typed.replace(/\s+/g, "").toUpperCase();

/** What a page, a mail or a download shows of a PAN: only its last four characters. The tax records alone hold it whole. */
export const maskPan = (pan: string) => `••••••${pan.slice(-4)}`;

export const PAN_MESSAGES = {
  invalid: { id: "account.pan.invalid" },
  notPerson: { id: "account.pan.notPerson" },
  nameRequired: { id: "account.pan.nameRequired" },
  passwordRequired: { id: "account.pan.passwordRequired" },
  saved: { id: "account.pan.saved" },
} as const satisfies Record<string, Msg>;

/** Whether a typed PAN is one we take: null, or what is wrong with it. */
export function panProblem(typed: string): Msg | null {
  const pan = cleanPan(typed);
  if (!PAN.test(pan)) return PAN_MESSAGES.invalid;
  if (!PERSON_PAN.test(pan)) return PAN_MESSAGES.notPerson;
  return null;
}

// India's financial year runs from 1 April to 31 March, in India's time (UTC+5:30).
const IST_MS = 330 * 60_000;

/** The financial year a moment falls in, by the calendar year it starts in (2026 for 2026-27). */
export function financialYearOf(moment: Date) {
  const ist = new Date(moment.getTime() + IST_MS);
  return ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
}

/** The financial year's bounds: from 1 April 00:00 IST, up to (not including) the next. */
export function financialYearBounds(startYear: number) {
  return { from: new Date(Date.UTC(startYear, 3, 1) - IST_MS), to: new Date(Date.UTC(startYear + 1, 3, 1) - IST_MS) };
}

/** How the year is written on a statement: 2026-27. */
export const financialYearLabel = (startYear: number) => `${startYear}-${String((startYear + 1) % 100).padStart(2, "0")}`;

/** The first year with prizes (the product's first payouts) and a parsed `?year=`: null when it is no year we could have. */
export const FIRST_TAX_YEAR = 2023;
export function parseTaxYear(value: string | null, now: Date) {
  if (value === null) return financialYearOf(now);
  if (!/^[0-9]{4}$/.test(value)) return null;
  const year = Number(value);
  return year >= FIRST_TAX_YEAR && year <= financialYearOf(now) ? year : null;
}
