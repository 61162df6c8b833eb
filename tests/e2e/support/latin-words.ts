// The Hindi scan's eye (issue 33): what on a page is still in Latin letters.
import type { Page } from "@playwright/test";

// Latin words a Hindi page may show: our name, brands, and the spec's fixed terms.
const ALLOWED = /\b(StudyArena|Study|Arena|DigiLocker|UPI|ID|NTA|PAN|TAN|CSV|ISBN|IFSC|JPEG|PNG|JSON|MB|IST|MCQ|JavaScript|Chrome|Firefox|iPhone|Instagram|YouTube|X|am|pm|A-Z)\b/g;

/**
 * Every text a person sees or hears on the page (text, titles, labels, placeholders, alt
 * text, the description), outside scripts and what users typed (`translate="no"`). Self-
 * contained: it runs in the page, and in an init script (keepServerWords below).
 */
function pageTexts() {
  const out: string[] = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest("script, style, noscript, textarea, [translate='no']")) out.push(node.textContent ?? "");
  }
  for (const element of document.body.querySelectorAll("[aria-label], [title], [placeholder], img[alt]")) {
    if (element.closest("[translate='no']")) continue;
    for (const name of ["aria-label", "title", "placeholder", "alt"]) out.push(element.getAttribute(name) ?? "");
  }
  const description = document.querySelector("meta[name=description]")?.getAttribute("content");
  return [...out, description ?? ""];
}

/**
 * Every word a person sees or hears on the page that is in Latin letters, outside what
 * admins and users typed (`translate="no"`, a form's own fields, and `data`: what this
 * test typed that a label repeats).
 */
export async function latinWords(page: Page, data: string[] = []) {
  const texts = await page.evaluate(pageTexts);
  return texts
    .map((text) => [...data].sort((a, b) => b.length - a.length).reduce((rest, typed) => rest.split(typed).join(""), text))
    // E-mail addresses, order references ("#3F9A2C") and ticket numbers ("SA-7K3M9Q2XTB") are identifiers, not words.
    .map((text) => text.replace(/\S+@\S+/g, "").replace(/#[0-9A-Za-z]+/g, "").replace(/\bSA-[0-9A-Z]*/g, "").replace(ALLOWED, ""))
    .flatMap((text) => text.match(/[A-Za-z]{2,}/g) ?? []);
}

// The words in order, numbers as one mark: a countdown ticks between two readings.
const words = (texts: string[]) => texts.join(" ").replace(/\d+/g, "0").split(/\s+/).filter(Boolean);

/**
 * For a scan the JavaScript-off project alone makes (@same-without-js): from now on each
 * page this page opens is also read as the server sent it, once its HTML is parsed and
 * before any of our scripts run (they wait for the load event, app/utils/late-hydration.ts),
 * which is the page the JavaScript-off project reads.
 */
export async function keepServerWords(page: Page) {
  await page.addInitScript(`addEventListener("DOMContentLoaded", () => { window.__serverTexts = (${pageTexts.toString()})(); });`);
}

/** The page's words as the server sent them, and as they are now (hydrated): equal when scripts change no word. */
export async function serverAndHydratedWords(page: Page) {
  const server = await page.evaluate(() => (window as unknown as { __serverTexts?: string[] }).__serverTexts);
  if (!server) throw new Error("keepServerWords(page) first");
  return { server: words(server), hydrated: words(await page.evaluate(pageTexts)) };
}

/** Whether the page fits its width: no Hindi word or line pushes it sideways (point 3 of issue 33). */
export async function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
