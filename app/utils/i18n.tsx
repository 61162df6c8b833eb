// Two languages (issue 33; docs/decisions/languages-hindi-which-library.md, "Hindi: which library, weighed"): Lingui's
// runtime formats ICU messages that the server compiled once (app/utils/i18n.server.ts), and
// each page receives only the messages its loaders return. React renders from those alone,
// on the server as in the browser, so a namespace a page forgot shows its ids in both (and
// the Hindi scan in tests/e2e/languages.spec.ts fails), never a hydration mismatch.
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { createContext, Fragment, useContext, useState, type ReactNode } from "react";
import type { MessageId } from "~/locales/catalogs";

export type { MessageId };
export const LOCALES = ["en", "hi"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** The visitor's choice: a plain preference cookie (no secret, grants nothing). */
export const LANG_COOKIE = "lang";
/** The query parameter of a page's shareable URL in one language. */
export const LANG_PARAM = "lang";
/** What `<html lang>` and `hreflang` say. */
export const HTML_LANG = { en: "en-IN", hi: "hi-IN" } as const satisfies Record<Locale, string>;
/** The switch's own words, each in its own language (never translated). */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", hi: "हिन्दी" };

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** The visitor's choice, kept a year (a preference: readable by scripts, grants nothing). Set by the root's loader and by the test's instructions screen. */
export function langCookie(locale: Locale, secure: boolean) {
  return `${LANG_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export const isLocale = (value: unknown): value is Locale => value === "en" || value === "hi";

/** The best of our languages for an Accept-Language header: the first (by weight) that is Hindi or English. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  let best: { locale: Locale; q: number } | null = null;
  // Bounded: a header is at most a few hundred characters from a real browser.
  for (const part of header.slice(0, 512).split(",")) {
    const [tag = "", ...params] = part.trim().toLowerCase().split(";");
    const primary = tag.split("-")[0];
    if (primary !== "hi" && primary !== "en") continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    if (!best || q > best.q) best = { locale: primary, q };
  }
  return best?.locale ?? null;
}

/** One cookie's value from a Cookie header, without parsing the rest. */
export function cookieValue(header: string | null | undefined, name: string) {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The request's language: the URL's `?lang=` (a shared link in one language), then the
 * visitor's cookie, then the browser's Accept-Language, then English.
 */
export function resolveLocale(request: { search: string; cookie: string | null | undefined; acceptLanguage: string | null | undefined }): Locale {
  const asked = new URLSearchParams(request.search).get(LANG_PARAM);
  if (isLocale(asked)) return asked;
  const kept = cookieValue(request.cookie, LANG_COOKIE);
  if (isLocale(kept)) return kept;
  return localeFromAcceptLanguage(request.acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The same page and query in another language (the switch's link, and `hreflang`). */
export function urlInLocale(pathname: string, search: string, locale: Locale) {
  const params = new URLSearchParams(search);
  params.set(LANG_PARAM, locale);
  return `${pathname}?${params}`;
}

export type Translate = (id: MessageId, values?: Record<string, unknown>) => string;
/** A message to be translated where it is shown; a value may itself be a message. */
export type Msg = { id: MessageId; values?: Record<string, unknown> };
/** What a switch shows to offer its language, in that language. */
export const SWITCH_TITLES: Record<Locale, string> = { en: "Read this page in English", hi: "यह पेज हिन्दी में पढ़ें" };

/** Whether a value has a message's shape (a flash read back from its cookie, a nested value). */
export const isMsg = (value: unknown): value is Msg => typeof value === "object" && value !== null && typeof (value as Msg).id === "string";

/** A message as text, for a channel that carries only text (a zod issue, and so a form's reply): its id, then its values as JSON. */
export function msgText(msg: Msg): string {
  return msg.values ? `${msg.id}?${JSON.stringify(msg.values)}` : msg.id;
}

/** The message that msgText wrote; anything else (a message zod wrote itself) is not one. */
export function readMsgText(text: string): Msg | null {
  const at = text.indexOf("?");
  const id = at < 0 ? text : text.slice(0, at);
  if (!/^[a-z]+(\.[A-Za-z0-9]+)+$/.test(id)) return null;
  if (at < 0) return { id: id as MessageId };
  try {
    const values: unknown = JSON.parse(text.slice(at + 1));
    return typeof values === "object" && values !== null ? { id: id as MessageId, values: values as Record<string, unknown> } : null;
  } catch {
    return null;
  }
}

/** A message with its nested messages translated first. */
export function translateMsg(t: Translate, msg: Msg): string {
  if (!msg.values) return t(msg.id);
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(msg.values)) values[name] = isMsg(value) ? translateMsg(t, value) : value;
  return t(msg.id, values);
}

/** A translator over compiled messages (one page's, or all of a language's on the server). */
export function createTranslator(locale: Locale, messages: Messages): { i18n: I18n; t: Translate } {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return { i18n, t: (id, values) => i18n._(id, values) };
}

/**
 * A translated sentence with parts that are elements (`Find it on your <0>dashboard</0>.`),
 * as Lingui's Trans renders them: each `<n>…</n>` becomes `parts[n](its text)`, so the
 * translation decides where the link falls in its own word order.
 */
export function richText(text: string, parts: Array<(chunk: string) => ReactNode>): ReactNode {
  const out: ReactNode[] = [];
  const tag = /<(\d)>(.*?)<\/\1>/g;
  let at = 0;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    out.push(text.slice(at, m.index), <Fragment key={m.index}>{parts[Number(m[1])]?.(m[2]!) ?? m[2]}</Fragment>);
    at = m.index + m[0].length;
  }
  out.push(text.slice(at));
  return out;
}

type PageI18n = { locale: Locale; t: Translate; tm: (msg: Msg) => string };
const I18nContext = createContext<PageI18n>({ locale: DEFAULT_LOCALE, t: (id) => id, tm: (msg) => msg.id });

/** The current page's language and translator. */
export const useT = () => useContext(I18nContext);
export const I18nProvider = I18nContext.Provider;

/** The messages of every route on the page, as their loaders returned them. */
export function pageMessages(matches: ReadonlyArray<{ data?: unknown }>) {
  const merged: Messages = {};
  for (const match of matches) {
    const messages = (match.data as { messages?: Messages } | undefined)?.messages;
    if (messages) Object.assign(merged, messages);
  }
  return merged;
}

/** A translator over given messages, for a part of the page in another language (the test island). */
export function translatorFor(locale: Locale, messages: Messages): PageI18n {
  const { t } = createTranslator(locale, messages);
  return { locale, t, tm: (msg) => translateMsg(t, msg) };
}

/**
 * The page's translator, kept for the life of the tree: one per request on the server, one
 * in the browser that gains each page's messages as it arrives (load merges, never drops).
 */
export function usePageI18n(locale: Locale, messages: Messages): PageI18n {
  const [i18n] = useState(() => setupI18n());
  i18n.load(locale, messages);
  if (i18n.locale !== locale) i18n.activate(locale);
  const t: Translate = (id, values) => i18n._(id, values);
  return { locale, t, tm: (msg) => translateMsg(t, msg) };
}
