// The waiting room's sealed paper (docs/decisions/contests-a-shift-at-one-instant.md): the
// encrypted paper downloaded at this entry's own moment of the waiting time, then at the
// start only the key and the entry's order asked for, and the paper opened here. Whatever
// goes wrong on the way (no WebCrypto, a failed download, a refused key) falls back to
// asking for the open paper, as a student arriving after the start does; only a paper
// that does not open with its key (changed on the way) stops, asking for a reload.
import { useEffect, useRef, useState } from "react";
import { testApi, type OpenPaper, type WaitingPaper } from "~/models/contests/paper/paper";
import { canUnseal, digestOfUrl, inEntryOrder, openSealed, type KeyReply } from "~/models/contests/paper/sealed-paper";
import { postJson, retryAfterMs } from "~/utils/post-json";

type Held = { digest: string; bytes: ArrayBuffer };
const TRIES = 6;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function download(url: string): Promise<Held | null> {
  for (let n = 0; n < TRIES; n++) {
    try {
      const res = await fetch(url);
      if (res.ok) return { digest: digestOfUrl(url), bytes: await res.arrayBuffer() };
      if (res.status !== 503 && res.status !== 429) return null;
      await pause(retryAfterMs(res));
    } catch {
      await pause(2000 * (n + 1));
    }
  }
  return null;
}

/** The open paper from the key and what is held; "fallback" to ask for it instead, "failed" if the paper does not open. */
async function unseal(paper: WaitingPaper, held: Held): Promise<OpenPaper | "fallback" | "failed"> {
  const api = testApi(paper.contest.id);
  for (let n = 0; n < TRIES; n++) {
    const res = await postJson(api, { intent: "key", ticket: paper.seal!.ticket }).catch(() => null);
    if (!res) return "fallback";
    if (res.status === 429 || res.status === 503) {
      await pause(retryAfterMs(res));
      continue;
    }
    const body = (await res.json().catch(() => ({}))) as Partial<KeyReply> & { startsAt?: string };
    // This clock ran a little ahead of the server's: the start is a moment away.
    if (res.status === 403 && body.startsAt) {
      await pause(1000);
      continue;
    }
    if (!res.ok || !body.key || !body.url) return "fallback";
    const bytes = body.digest === held.digest ? held.bytes : (await download(body.url))?.bytes;
    if (!bytes) return "fallback";
    try {
      const content = await openSealed(bytes, body.key);
      const { seal: _seal, ...base } = paper;
      return { ...base, state: "open", serverNow: body.serverNow!, sections: content.sections, questions: inEntryOrder(content.questions, body.order ?? null), answers: {}, hindi: content.hindi };
    } catch {
      return "failed";
    }
  }
  return "fallback";
}

/**
 * Downloads the sealed paper when the waiting room says to (asking the room again at that
 * time if it was not sealed yet: `refresh`), and at the start (`started`) opens it.
 * Returns whether the paper is held, for the room to say so.
 */
export function useSealedStart(input: { paper: WaitingPaper; started: boolean; refresh: () => void; onOpen: (paper: OpenPaper) => void; onFallback: () => void; onFailed: () => void }) {
  const { paper, started } = input;
  const [held, setHeld] = useState<Held | null>(null);
  const latest = useRef(input);
  useEffect(() => {
    latest.current = input;
  });
  const seal = paper.seal && canUnseal() ? paper.seal : null;

  useEffect(() => {
    if (!seal || held) return;
    let live = true;
    const wait = Date.parse(seal.fetchAt) - Date.parse(paper.serverNow);
    const timer = setTimeout(() => {
      if (!seal.url) return latest.current.refresh();
      void download(seal.url).then((got) => live && got && setHeld(got));
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
    void unseal(latest.current.paper, held).then((outcome) => {
      if (outcome === "fallback") latest.current.onFallback();
      else if (outcome === "failed") latest.current.onFailed();
      else latest.current.onOpen(outcome);
    });
  }, [started, held]);

  return { held: held !== null };
}
