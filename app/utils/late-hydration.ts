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
 */
export const START_SCRIPT = `(function(){var go=false;function run(){if(go)return;go=true;
document.querySelectorAll('link[rel="x-held-modulepreload"]').forEach(function(l){var p=document.createElement("link");p.rel="modulepreload";p.href=l.href;if(l.crossOrigin)p.crossOrigin=l.crossOrigin;document.head.appendChild(p)});
document.querySelectorAll('script[type="x-held-module"]').forEach(function(s){var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;document.body.appendChild(m)});}
function afterPaint(){try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){var o=new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(run,0)}});o.observe({type:"paint",buffered:true});return}}catch(e){}
requestAnimationFrame(function(){setTimeout(run,0)})}
if(document.readyState==="complete")afterPaint();else addEventListener("load",afterPaint);setTimeout(run,${LOAD_WAIT_MS})})();`;
