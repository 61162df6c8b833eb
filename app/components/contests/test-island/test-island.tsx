// The test page's one client-heavy island (docs/product/design.md §3): the document is the same for
// every student, and this component asks the session-checked JSON route for the
// student's paper, then runs the test.
import type { Messages } from "@lingui/core";
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import testScreenStyles from "~/styles/test-screen.css";
import { translatedPageMeta } from "~/utils/meta";
import { Link } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useHydrated, useServerClock } from "~/utils/use-hydrated";
import { startsInMessage } from "~/models/contests/sitting/test-rules";
import { HTML_LANG, I18nProvider, langCookie, richText, translatorFor, useT, type Locale, type MessageId } from "~/utils/i18n";
import { Instructions } from "~/components/contests/test-island/instructions";
import { practiceApi, testApi, type OpenPaper, type Paper, type WaitingPaper } from "~/models/contests/paper/paper";
import { canUnseal, downloadSealed, openAtStart, type Held } from "~/models/contests/paper/sealed-paper";
import { TestRunner } from "~/components/contests/test-island/test-runner";
import { retryAfterMs } from "~/utils/post-json";

// What both routes of the test screen (contest.$id.test.tsx and contest.$id.practice.test.tsx)
// say of their document: bare (no site header, footer or banners: root.tsx), the screen's own
// stylesheet (no other page carries it: app/styles/test-screen.css), a title kept out of search engines.
export const testScreenHandle = { bare: true };
export const testScreenLinks: LinksFunction = () => [{ rel: "stylesheet", href: testScreenStyles }];
// A malformed id's 404 has no words of the test's: translatedPageMeta gives it the error's title.
const testPageMeta = translatedPageMeta("test.metaTitle", "test.metaDescription");
export const testScreenMeta: MetaFunction = (args) => [...(testPageMeta(args) ?? []), { name: "robots", content: "noindex" }];

type Load =
  | { kind: "loading" }
  | { kind: "auth" }
  | { kind: "failed" }
  | { kind: "unopened" }
  | { kind: "ready"; paper: Paper };

/** How many times the paper is asked for while the server says it is busy (503 or 429, each with Retry-After). */
const BUSY_TRIES = 6;

/**
 * Asks the JSON route for the student's paper; a guard's redirect is followed as a page
 * load. At a popular contest's start the server may answer "busy, come back in a moment":
 * the island waits as asked (with a little at random, so the crowd spreads) and asks again.
 */
async function readPaper(api: string): Promise<Load | null> {
  try {
    let res = await fetch(api, { headers: { Accept: "application/json" } });
    for (let n = 1; (res.status === 503 || res.status === 429) && n < BUSY_TRIES; n++) {
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs(res)));
      res = await fetch(api, { headers: { Accept: "application/json" } });
    }
    if (res.status === 401) return { kind: "auth" };
    if (res.status === 409) {
      // Not (or no longer) this student's test to take: the guard's page says why.
      const { redirect } = (await res.json()) as { redirect?: string };
      window.location.assign(redirect ?? "/dashboard");
      return null;
    }
    if (!res.ok) return { kind: "failed" };
    return { kind: "ready", paper: (await res.json()) as Paper };
  } catch {
    return { kind: "failed" };
  }
}

/**
 * The island in the student's language. It starts in the page's; the choice on its
 * instructions screen changes it at once (the other language's words came with the page),
 * and is kept in the language cookie, so a reload and the pages after the test follow it.
 */
export function TestIsland({ contestId, otherMessages, practice = false }: { contestId: string; otherMessages: Messages; practice?: boolean }) {
  const page = useT();
  const [language, setLanguage] = useState<Locale>(page.locale);
  const other = useMemo(() => translatorFor(language, otherMessages), [language, otherMessages]);
  const choose = useCallback((next: Locale) => {
    setLanguage(next);
    document.documentElement.lang = HTML_LANG[next];
    document.cookie = langCookie(next, window.location.protocol === "https:");
  }, []);
  return (
    <I18nProvider value={language === page.locale ? page : other}>
      <Island contestId={contestId} practice={practice} language={language} onLanguage={choose} />
    </I18nProvider>
  );
}

/** `practice`: the open practice attempt of a finished paper (issue 48, point 6) instead of the test. */
function Island({ contestId, practice, language, onLanguage }: { contestId: string; practice: boolean; language: Locale; onLanguage: (language: Locale) => void }) {
  const { t } = useT();
  const hydrated = useHydrated();
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  // Bumped when the waiting room reaches the start, to fetch the questions.
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    void readPaper(practice ? practiceApi(contestId) : testApi(contestId)).then((next) => {
      if (live && next) setLoad(next);
    });
    return () => {
      live = false;
    };
  }, [contestId, practice, attempt]);

  switch (load.kind) {
    case "loading":
      // Server-rendered, nothing: without JavaScript the page's notice is all there is to say.
      return hydrated ? (
        <p className="test-loading" role="status">
          {t("test.loading")}
        </p>
      ) : null;
    case "auth":
      return (
        <LoadError message="test.error.auth">
          <Link to={`/login?${new URLSearchParams({ redirectTo: `/contest/${contestId}/${practice ? "practice/test" : "test"}` })}`} className="btn btn-ghost">
            {t("test.error.login")}
          </Link>
        </LoadError>
      );
    case "failed":
      return <LoadError message="test.error.load" />;
    case "unopened":
      return <LoadError message="test.error.sealed" />;
    case "ready":
      return load.paper.state === "waiting" ? (
        <Waiting
          paper={load.paper}
          onStart={reload}
          onOpen={(paper) => setLoad({ kind: "ready", paper })}
          onFailed={() => setLoad({ kind: "unopened" })}
          language={language}
          onLanguage={onLanguage}
        />
      ) : (
        <TestRunner paper={load.paper} language={language} onLanguage={onLanguage} />
      );
  }
}

function LoadError({ message, children }: { message: MessageId; children?: React.ReactNode }) {
  const { t } = useT();
  return (
    <section className="container narrow error-page">
      <h1>{t("test.error.title")}</h1>
      <p role="alert">{t(message)}</p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t("test.error.refresh")}
        </button>
        {children}
        <Link to="/dashboard" className="btn btn-ghost">
          {t("test.error.dashboard")}
        </Link>
      </div>
    </section>
  );
}

type WaitingProps = { paper: WaitingPaper; onStart: () => void; onOpen: (paper: OpenPaper) => void; onFailed: () => void; language: Locale; onLanguage: (language: Locale) => void };

/** The waiting room: the instructions, the time to the start and, once downloaded, the sealed paper (useSealedStart, below). */
function Waiting({ paper, onStart, onOpen, onFailed, language, onLanguage }: WaitingProps) {
  const { t, tm } = useT();
  const now = useServerClock(paper.serverNow);
  const left = Date.parse(paper.startsAt) - now.getTime();
  const started = left <= 0;
  // Asking the room again (to learn where the sealed paper is) and falling back to the open paper are the same read.
  const sealed = useSealedStart({ paper, started, refresh: onStart, onOpen, onFallback: onStart, onFailed });
  return (
    <Instructions paper={paper} language={language} onLanguage={onLanguage}>
      {sealed.held ? (
        <p className="alert alert-info" role="status">
          {t("test.sealed.held")}
        </p>
      ) : null}
      <p className="test-wait" role="timer" aria-live="off">
        {richText(t("test.startsIn", { time: tm(startsInMessage(new Date(paper.startsAt), now)) }), [(time) => <strong>{time}</strong>])}
      </p>
      <button type="button" className="btn btn-primary btn-block" disabled>
        {t("test.start")}
      </button>
    </Instructions>
  );
}

/**
 * Downloads the sealed paper when the waiting room says to (asking the room again at that
 * time if it was not sealed yet: `refresh`), and at the start (`started`) opens it.
 * Returns whether the paper is held, for the room to say so.
 */
function useSealedStart(input: { paper: WaitingPaper; started: boolean; refresh: () => void; onOpen: (paper: OpenPaper) => void; onFallback: () => void; onFailed: () => void }) {
  const { paper, started } = input;
  const [held, setHeld] = useState<Held | null>(null);
  const latest = useRef(input);
  useEffect(() => {
    latest.current = input;
  });
  const seal = paper.seal && canUnseal() ? paper.seal : null;
  // The server's clock as the room's countdown has it: the key reply, the same for everyone, carries none.
  const offset = useRef(0);
  useEffect(() => {
    offset.current = Date.parse(paper.serverNow) - Date.now();
  }, [paper.serverNow]);

  useEffect(() => {
    if (!seal || held) return;
    let live = true;
    const wait = Date.parse(seal.fetchAt) - Date.parse(paper.serverNow);
    const timer = setTimeout(() => {
      if (!seal.url) return latest.current.refresh();
      void downloadSealed(seal.url).then((got) => live && got && setHeld(got));
    }, Math.max(0, wait));
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [seal, held, paper.serverNow]);

  const opening = useRef(false);
  useEffect(() => {
    if (!started || opening.current) return;
    opening.current = true;
    if (!held) return latest.current.onFallback();
    void openAtStart(latest.current.paper, held, () => new Date(Date.now() + offset.current)).then((outcome) => {
      if (outcome === "fallback") latest.current.onFallback();
      else if (outcome === "failed") latest.current.onFailed();
      else latest.current.onOpen(outcome);
    });
  }, [started, held]);

  return { held: held !== null };
}
