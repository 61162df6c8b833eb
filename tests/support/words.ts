// Messages travel as ids (app/utils/i18n.tsx, msgText); tests compare them with the
// catalog's English words, the spec's exact ones.
import { readMsgText, translateMsg, type Msg } from "~/utils/i18n";
import { say, translator } from "~/utils/i18n.server";
import { readFlash, type Flash } from "~/utils/flash.server";
import { cookieFrom, getRequest } from "./remix";

/** A message as an English reader sees it. */
export const english = (msg: Msg) => translateMsg(translator("en"), msg);

/** A message a schema wrote (an id, with its values), as an English reader sees it. */
export const inEnglish = (text: string | undefined) => (text === undefined ? undefined : say(translator("en"), readMsgText(text)));

/** A flash as an English reader sees it on the next page (the root says it in the page's language). */
export const flashInEnglish = (flash: Flash | null) =>
  flash && { kind: flash.kind, message: english(flash.message), ...(flash.action ? { action: { label: english(flash.action.label), to: flash.action.to } } : {}) };

/** The flash a response set, as an English reader sees it on the next page. */
export const flashOf = async (res: { headers: Headers }) => flashInEnglish((await readFlash(getRequest("/", cookieFrom(res.headers, "__flash")))).flash);
