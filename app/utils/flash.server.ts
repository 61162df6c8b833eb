import { signedCookie } from "~/utils/cookies.server";
import { isMsg, type Msg } from "~/utils/i18n";

// One-shot messages after a redirect (post/redirect/get), read and cleared by the
// root loader and rendered as server HTML, so they show with JavaScript off. A flash
// carries message ids with their values; the root says them in the page's language.
export type Flash = { kind: "success" | "error" | "info"; message: Msg; action?: { label: Msg; to: string } };

const flashCookie = () => signedCookie("__flash", 60);

export function setFlash(flash: Flash) {
  return flashCookie().serialize(flash);
}

export async function readFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const value = (await flashCookie().parse(request.headers.get("Cookie"))) as Flash | null;
  if (!value || !isMsg(value.message) || (value.action && !isMsg(value.action.label))) return { flash: null, clear: null };
  return { flash: value, clear: await flashCookie().serialize("", { maxAge: 0, expires: new Date(0) }) };
}
