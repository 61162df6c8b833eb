// Load shedding (issue 18): when an instance already has more work than it can finish
// in good time, a new request is answered at once with 503 and Retry-After instead of
// joining a queue whose every member then times out. The test island and the answer
// queue wait as asked and try again; a page's visitor sees a short "busy" page.
//
// Two signals, both cheap: requests in flight, and how late the event loop runs (a
// timer that should fire every 50 ms), smoothed over the last few ticks: one slow
// moment (a long garbage collection, the embedded database's query on the main thread)
// is not overload; a loop that keeps running half a second late is.
//
// One client (an address) holds at most its share of the places (issue 65, point 1): a
// stranger's slow bodies fill their own share and are refused there, and everybody else
// is served. Such a refusal is the client's, not the service's: the door reports it so,
// and the watch on our errors (app/server/outage-watch.server.ts) never counts it.
import { createTranslator, HTML_LANG, type Locale } from "~/utils/i18n";
import { messagesFor } from "~/utils/i18n.server";

export type SheddingLimits = { maxInFlight: number; maxLagMs: number; maxPerClient?: number };

// A school's lab behind one address pressing Start Contest together is well under 100 at
// once (its autosaves last milliseconds); an eighth of the places is the most one may hold.
export const SHEDDING: SheddingLimits = { maxInFlight: 800, maxLagMs: 500, maxPerClient: 100 };

/**
 * On the embedded database the loop runs late because the database itself works on the
 * server's thread: shedding then turned a class's saves away (issue 65, point 5, 55% of
 * them) instead of letting them wait for the next group commit. There only the places count.
 */
export const EMBEDDED_SHEDDING: SheddingLimits = { ...SHEDDING, maxLagMs: Number.POSITIVE_INFINITY };

/** Why a request was turned away: the instance is full (`load`), or this client holds its own share (`client`). */
export type Refused = { ok: false; retryAfterS: number; cause: "load" | "client" };
const TICK_MS = 50;
/** Weight of the newest lateness in the running average (about the last five ticks count). */
const SMOOTHING = 0.3;

export function createLoadShedder(limits: SheddingLimits = SHEDDING, options: { now?: () => number; sample?: boolean } = {}) {
  const now = options.now ?? (() => performance.now());
  let inFlight = 0;
  let lagMs = 0;
  const perClient = new Map<string, number>();
  const maxPerClient = limits.maxPerClient ?? Number.POSITIVE_INFINITY;
  const observe = (lateMs: number) => {
    lagMs += (Math.max(0, lateMs) - lagMs) * SMOOTHING;
  };
  let expected = now() + TICK_MS;
  if (options.sample !== false) {
    const timer = setInterval(() => {
      const t = now();
      observe(t - expected);
      expected = t + TICK_MS;
    }, TICK_MS);
    timer.unref();
  }

  return {
    /** Takes a place for one request from `client` (its address), or says why it must be refused; `leave` gives the place back. */
    enter(client = ""): { ok: true; leave: () => void } | Refused {
      const held = perClient.get(client) ?? 0;
      if (held >= maxPerClient) return { ok: false, retryAfterS: 2, cause: "client" };
      if (inFlight >= limits.maxInFlight || lagMs > limits.maxLagMs) return { ok: false, retryAfterS: 2, cause: "load" };
      inFlight++;
      perClient.set(client, held + 1);
      let left = false;
      return {
        ok: true,
        leave: () => {
          if (left) return;
          left = true;
          inFlight--;
          const now = (perClient.get(client) ?? 1) - 1;
          if (now > 0) perClient.set(client, now);
          else perClient.delete(client);
        },
      };
    },
    /** One tick's lateness, as the loop timer measures it (tests feed it directly). */
    observe,
    inFlight: () => inFlight,
  };
}

export type LoadShedder = ReturnType<typeof createLoadShedder>;

export const BUSY_MESSAGE = "StudyArena is very busy right now. Please try again in a moment.";

const busyPages: Partial<Record<Locale, string>> = {};

/**
 * The page a refused visitor sees, in their language: tiny, no script, and it says what to
 * do. Made once per language from the root's catalog (compiled by any page already): an
 * overloaded instance compiles nothing more to refuse.
 */
export function busyPage(locale: Locale = "en") {
  return (busyPages[locale] ??= renderBusyPage(locale));
}

function renderBusyPage(locale: Locale) {
  const { t } = createTranslator(locale, messagesFor(locale, "common"));
  return `<!doctype html><html lang="${HTML_LANG[locale]}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t("common.busy.metaTitle")} — StudyArena</title><main style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>${t("common.busy.title")}</h1><p>${t("common.busy.text")}</p><p><a href="">${t("common.busy.retry")}</a></p></main></html>`;
}
