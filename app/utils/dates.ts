// Times are always shown in India time, on the server and in the browser alike, so
// hydration never disagrees; in the page's language ('1 Dec 2026, 4:00 pm' / '1 दिस॰ 2026, 4:00 pm').
export const TIME_ZONE = "Asia/Kolkata";

type Locale = "en" | "hi";
const INTL_LOCALE = { en: "en-IN", hi: "hi-IN" } as const;

const dateTime = {
  en: new Intl.DateTimeFormat(INTL_LOCALE.en, { timeZone: TIME_ZONE, dateStyle: "medium", timeStyle: "short" }),
  hi: new Intl.DateTimeFormat(INTL_LOCALE.hi, { timeZone: TIME_ZONE, dateStyle: "medium", timeStyle: "short" }),
};
const dateOnly = {
  en: new Intl.DateTimeFormat(INTL_LOCALE.en, { timeZone: TIME_ZONE, dateStyle: "medium" }),
  hi: new Intl.DateTimeFormat(INTL_LOCALE.hi, { timeZone: TIME_ZONE, dateStyle: "medium" }),
};

export const formatDateTime = (d: Date | string, locale: Locale = "en") => dateTime[locale].format(new Date(d));
export const formatDate = (d: Date | string, locale: Locale = "en") => dateOnly[locale].format(new Date(d));
