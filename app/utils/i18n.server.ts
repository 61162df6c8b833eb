// The server's side of the two languages (app/utils/i18n.tsx): which language a request
// is in, each catalog compiled once per process, and the messages a loader hands its page.
import type { Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { CATALOGS, type Namespace } from "~/locales/catalogs";
import { createTranslator, readMsgText, resolveLocale, translateMsg, type Locale, type MessageId, type Msg, type Translate } from "~/utils/i18n";

export type { Namespace };

const compiled = new Map<string, Messages>();

function compiledCatalog(locale: Locale, namespace: Namespace): Messages {
  const key = `${locale}:${namespace}`;
  let messages = compiled.get(key);
  if (!messages) {
    const source: Record<string, string> = CATALOGS[namespace][locale];
    messages = Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessage(message)]));
    compiled.set(key, messages);
  }
  return messages;
}

/** The compiled messages of these namespaces, for a loader to return to its page. */
export function messagesFor(locale: Locale, ...namespaces: Namespace[]): Messages {
  if (namespaces.length === 1) return compiledCatalog(locale, namespaces[0]!);
  return Object.assign({}, ...namespaces.map((ns) => compiledCatalog(locale, ns)));
}

const everything: Partial<Record<Locale, Translate>> = {};
/** A translator over every namespace: for actions, page titles and mails, which the server writes. */
export function translator(locale: Locale): Translate {
  return (everything[locale] ??= createTranslator(locale, messagesFor(locale, ...(Object.keys(CATALOGS) as Namespace[]))).t);
}

/** The request's language: the front door's answer when it passed there, else read from the request. */
export function localeOf(request: Request, context?: { locale?: Locale }): Locale {
  if (context?.locale) return context.locale;
  return resolveLocale({ search: new URL(request.url).search, cookie: request.headers.get("Cookie"), acceptLanguage: request.headers.get("Accept-Language") });
}

/** The language and the translator of a request, with the messages its page needs. */
export function i18nFor(request: Request, context: { locale?: Locale } | undefined, ...namespaces: Namespace[]) {
  const locale = localeOf(request, context);
  return { locale, t: translator(locale), messages: messagesFor(locale, ...namespaces) };
}

/** The messages whose ids start with these prefixes ("test.done."; each begins with its namespace), for a page that shows one part of a namespace. */
export function messagesUnder(locale: Locale, ...prefixes: string[]): Messages {
  const out: Messages = {};
  for (const prefix of prefixes) {
    for (const [id, message] of Object.entries(compiledCatalog(locale, prefix.slice(0, prefix.indexOf(".")) as Namespace))) {
      if (id.startsWith(prefix)) out[id] = message;
    }
  }
  return out;
}

/** Some messages by id (each id begins with its namespace), for a page that needs a few of a namespace. */
export function pickMessages(locale: Locale, ids: readonly MessageId[]): Messages {
  return Object.fromEntries(ids.map((id) => [id, compiledCatalog(locale, id.slice(0, id.indexOf(".")) as Namespace)[id]!]));
}

/**
 * A namespace with the ids it borrows, in the request's language and in the other one: for a
 * page that switches language without asking the server (the test screen's instructions).
 */
export function messagesInBoth(request: Request, context: { locale?: Locale } | undefined, namespace: Namespace, borrows: readonly MessageId[]) {
  const words = (locale: Locale) => ({ ...messagesFor(locale, namespace), ...pickMessages(locale, borrows) });
  const locale = localeOf(request, context);
  return { messages: words(locale), otherMessages: words(locale === "hi" ? "en" : "hi") };
}

const known = new Set(Object.values(CATALOGS).flatMap((catalogs) => Object.keys(catalogs.en)));
/** Whether a catalog has this id: a message from anywhere else is never shown as it is. */
export const isMessageId = (id: string): id is MessageId => known.has(id);

/** A message said in this language; one that is not in the catalogs (zod's own words) says only that the field needs a look. */
export function say(t: Translate, msg: Msg | null): string {
  return msg && isMessageId(msg.id) ? translateMsg(t, msg) : t("common.form.invalid");
}

/** A JSON API's error: its contract is the spec's English (docs/product), read from the catalog like every other sentence. */
export const inEnglish = (msg: Msg) => translateMsg(translator("en"), msg);

type Reply = { error?: Record<string, string[] | null> | null };
/** A form's reply (Conform's submission.reply()) with its messages, which the schemas wrote as ids (msgText), in the visitor's language. */
export function translateReply<R extends Reply>(reply: R, t: Translate): R {
  if (!reply.error) return reply;
  const error = Object.fromEntries(Object.entries(reply.error).map(([name, messages]) => [name, messages?.map((m) => say(t, readMsgText(m))) ?? null]));
  return { ...reply, error };
}
