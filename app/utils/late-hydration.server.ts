/** Past this, a page whose images are still loading gets its JavaScript anyway. */
const LOAD_WAIT_MS = 4_000;

/**
 * Inline, before `<Scripts>`: once the page has loaded and its first contentful paint is
 * reported (or one frame later where paint timing is missing), make the held elements
 * live; at most LOAD_WAIT_MS after parsing in any case.
 *
 * Until then the page is a plain HTML page that people use, so two more things start
 * here, at once (docs/decisions/platform-nothing-typed-is-lost.md, "Nothing typed is lost"):
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


/** What the server writes inert in place of Remix's script elements (see late-hydration.ts). */
const HELD = [
  ['rel="modulepreload"', 'rel="x-held-modulepreload"'],
  // Remix's module script is the only one; its nonce comes first, so the match starts at the type.
  [' type="module" async=""', ' type="x-held-module" async=""'],
] as const;

/** A rendered document with Remix's script elements held (entry.server.tsx renders the whole document first). */
export function holdScriptsIn(html: string) {
  return HELD.reduce((out, [from, to]) => out.split(from).join(to), html);
}
