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
/** Past this, a page whose images are still loading gets its JavaScript anyway. */
const LOAD_WAIT_MS = 4_000;

/**
 * Inline, before `<Scripts>`: once the page has loaded and its first contentful paint is
 * reported (or one frame later where paint timing is missing), make the held elements
 * live; at most LOAD_WAIT_MS after parsing in any case.
 *
 * Until then the page is a plain HTML page that people use, so two more things start
 * here, at once (docs/decisions.md, "Nothing typed is lost"):
 * - every value typed or filled into a field is noted (`typed`), and put back after
 *   hydration wherever React reset it (`restoreTypedValues`);
 * - a form sent natively (Enter on a password, before React) is on its way: the scripts
 *   are then not started, and a page whose scripts already run is not hydrated
 *   (`nativeSubmissionInFlight`), because hydrating would cancel that navigation.
 */
export const START_SCRIPT = `(function(){var go=false,sent=false,typed={};
function keyOf(t){var f=t.form&&t.form.id||"";return t.type==="radio"?f+"|"+t.name+"|"+t.value:t.id||f+"|"+t.name}
function note(e){var t=e.target;if(!t||!t.name||!t.form||t.type==="hidden"||t.type==="file")return;typed[keyOf(t)]=t.type==="checkbox"||t.type==="radio"?t.checked:t.value}
addEventListener("input",note,true);addEventListener("change",note,true);
addEventListener("submit",function(e){var f=e.target,s=e.submitter,m=(s&&s.getAttribute("formmethod")||f.getAttribute("method")||"").toLowerCase();if(!e.defaultPrevented&&m!=="dialog"&&(!f.target||f.target==="_self"))sent=true});
window.__studyarena={typed:typed,sent:function(){return sent},stop:function(){removeEventListener("input",note,true);removeEventListener("change",note,true)}};
function run(){if(go||sent)return;go=true;
document.querySelectorAll('link[rel="x-held-modulepreload"]').forEach(function(l){var p=document.createElement("link");p.rel="modulepreload";p.href=l.href;if(l.crossOrigin)p.crossOrigin=l.crossOrigin;document.head.appendChild(p)});
document.querySelectorAll('script[type="x-held-module"]').forEach(function(s){var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;document.body.appendChild(m)});}
function afterPaint(){try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){var o=new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(run,0)}});o.observe({type:"paint",buffered:true});return}}catch(e){}
requestAnimationFrame(function(){setTimeout(run,0)})}
if(document.readyState==="complete")afterPaint();else addEventListener("load",afterPaint);setTimeout(run,${LOAD_WAIT_MS})})();`;

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
