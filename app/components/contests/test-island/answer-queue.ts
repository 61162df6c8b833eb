// The test page's autosave (docs/product/design.md §4, Answers): every change of a question's
// state (a choice, a typed number saved, a review mark, a first visit) is sent to the
// server as it is made; while the phone is offline the latest state per question waits,
// survives a reload (local storage), and is retried quietly until it lands.
import type { SavedAnswer } from "~/models/contests/paper/paper";

/** `retry`: the network or server failed; `{ waitMs }`: the server asked us to come back later (429). */
export type SendResult = "saved" | "retry" | "refused" | { waitMs: number };
export type SaveStatus = "idle" | "saving" | "saved" | "offline" | "refused";

type Options = {
  send: (questionId: string, state: SavedAnswer) => Promise<SendResult>;
  /** Where waiting choices survive a reload; null where storage is not available. */
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  key: string;
  onStatus?: (status: SaveStatus) => void;
  retryMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
};

export class AnswerQueue {
  private pending = new Map<string, SavedAnswer>();
  private running = false;
  private retryTimer: unknown = null;
  /** The server asked us to come back later (429/503): nothing is sent before its timer, even for a new choice. */
  private serverWait = false;
  /** Whether the server refused any answer (the submission then carries errors). */
  refusedAny = false;
  status: SaveStatus = "idle";

  constructor(private readonly options: Options) {
    try {
      const stored = JSON.parse(options.storage?.getItem(options.key) ?? "{}") as Record<string, unknown>;
      for (const [questionId, state] of Object.entries(stored)) {
        if (state && typeof state === "object") this.pending.set(questionId, state as SavedAnswer);
      }
    } catch {
      // A damaged note is dropped; the server keeps what was saved.
    }
  }

  /** States changed but not yet confirmed by the server (kept across a reload). */
  waiting(): ReadonlyMap<string, SavedAnswer> {
    return this.pending;
  }

  set(questionId: string, state: SavedAnswer) {
    this.pending.set(questionId, state);
    this.persist();
    void this.run();
  }

  /** Sends what waits now (on start, when the phone comes back online, at submission). */
  kick() {
    return this.run();
  }

  /** Tries to send everything within `timeoutMs`; true when nothing is left waiting. */
  async flush(timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (this.pending.size > 0 && Date.now() < deadline) {
      await this.run();
      if (this.pending.size > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(500, Math.max(0, deadline - Date.now()))));
    }
    return this.pending.size === 0;
  }

  private setStatus(status: SaveStatus) {
    this.status = status;
    this.options.onStatus?.(status);
  }

  private persist() {
    try {
      if (this.pending.size === 0) this.options.storage?.removeItem(this.options.key);
      else this.options.storage?.setItem(this.options.key, JSON.stringify(Object.fromEntries(this.pending)));
    } catch {
      // Storage full or blocked: the choices still wait in memory.
    }
  }

  private async run() {
    // With nothing waiting there is nothing to report: before the first answer, nothing is saved.
    if (this.running || this.pending.size === 0 || this.serverWait) return;
    this.running = true;
    try {
      while (this.pending.size > 0) {
        const [questionId, state] = this.pending.entries().next().value as [string, SavedAnswer];
        this.setStatus("saving");
        let result: SendResult;
        try {
          result = await this.options.send(questionId, state);
        } catch {
          result = "retry";
        }
        if (result === "retry") {
          this.setStatus("offline");
          this.scheduleRetry(this.options.retryMs ?? 3000);
          return;
        }
        if (typeof result === "object") {
          // Still saving: the server is busy, not the phone offline. The choice keeps waiting,
          // and so does any made meanwhile: sending it at once would ignore Retry-After.
          this.serverWait = true;
          this.scheduleRetry(result.waitMs);
          return;
        }
        if (result === "refused") this.refusedAny = true;
        // A newer state made while this one was in flight stays waiting.
        if (this.pending.get(questionId) === state) this.pending.delete(questionId);
        this.persist();
      }
      this.setStatus(this.refusedAny ? "refused" : "saved");
    } finally {
      this.running = false;
    }
  }

  private scheduleRetry(ms: number) {
    if (this.retryTimer !== null) return;
    const setTimer = this.options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.retryTimer = setTimer(() => {
      this.retryTimer = null;
      this.serverWait = false;
      void this.run();
    }, ms);
  }
}
