import { createContext } from "react";

/**
 * The page is read before it is enhanced. Remix's `<Scripts>` asks for every module of
 * the page at once (modulepreload links and a module script) as soon as the HTML is
 * parsed, so on a slow phone 100 KB of JavaScript shares the line with the first
 * screen's images and its parse and hydration run before the first paint. Every form
 * here works without JavaScript, so the server renders those elements inert
 * (`holdScripts` in late-hydration.server.ts) and `START_SCRIPT` turns them live once the page has loaded and
 * painted: the first screen never waits for JavaScript.
 *
 * React keeps the inert elements during hydration (attribute differences are not
 * patched in production) and Remix drops them once hydrated; the live copies are
 * appended at the end of <head> and <body>, where React tolerates extra nodes.
 */
/**
 * The inline script that starts it all (`START_SCRIPT` in late-hydration.server.ts): the
 * server renders it into the document; the browser never needs its text (hydration keeps
 * the server's element as it is), so it stays out of every page's JavaScript (about 1.2 KB).
 */
export const StartScriptContext = createContext("");

type EarlyHook = { typed: Record<string, string | boolean>; sent: () => boolean; stop: () => void };
const hook = () => (typeof window === "undefined" ? undefined : (window as unknown as { __studyarena?: EarlyHook }).__studyarena);

/** Whether a form was sent natively before React started: the page is leaving, so it is not hydrated. */
export function nativeSubmissionInFlight() {
  return hook()?.sent() ?? false;
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function controlOf(key: string): Control | null {
  if (!key.includes("|")) return document.getElementById(key) as Control | null;
  const [formId, name, value] = key.split("|");
  const form = document.getElementById(formId ?? "") as HTMLFormElement | null;
  const found = form?.elements.namedItem(name ?? "");
  if (found instanceof RadioNodeList) return ([...found] as HTMLInputElement[]).find((radio) => radio.value === value) ?? null;
  return (found as Control | null) ?? null;
}

/**
 * After hydration: every field whose value differs from the last one typed into it before
 * then (React resets a textarea to its server text, and any input it had to create anew
 * is empty) gets that value back, with an input event so the page's own handlers (a
 * strength meter, a message that clears) see it. Once now and once a frame later, after
 * the renders hydration sets off; then the noting stops.
 */
export function restoreTypedValues() {
  const early = hook();
  if (!early) return;
  const put = () => {
    for (const [key, value] of Object.entries(early.typed)) {
      const control = controlOf(key);
      if (!control) continue;
      if (typeof value === "boolean") {
        if (!(control instanceof HTMLInputElement) || control.checked === value) continue;
        control.checked = value;
        control.dispatchEvent(new Event("change", { bubbles: true }));
      } else if (control.value !== value) {
        control.value = value;
        control.dispatchEvent(new Event("input", { bubbles: true }));
      }
    }
  };
  put();
  requestAnimationFrame(() => {
    put();
    early.stop();
    for (const key of Object.keys(early.typed)) delete early.typed[key];
  });
}
