// The group commit (docs/decisions/platform-busiest-minute.md): at a contest's start and in
// its busiest minute thousands of students write at once, and one statement and one commit
// (one WAL flush) each was the limit. Writes that arrive while earlier ones are being
// written wait, then go together as one statement and one commit; each is acknowledged
// only after that commit. A write that finds the way clear goes at once, so a quiet
// server adds no delay. Used for the autosaves (app/models/contests/sitting/answer-batch.server.ts)
// and the starts (app/models/contests/sitting/test-taking.server.ts).

type Waiting<T> = { item: T; resolve: (done: boolean) => void; reject: (error: unknown) => void };

/**
 * A writer of batches: at most `inFlight` statements at a time, each taking up to
 * `maxBatch` of the items waiting. `write` is the statement: it says, for each item, whether it was written.
 */
export function createGroupCommit<T>(options: { inFlight: number; maxBatch: number; write: (items: T[]) => Promise<boolean[]> }) {
  const waiting: Waiting<T>[] = [];
  let running = 0;

  async function flush(batch: Waiting<T>[]) {
    running++;
    try {
      const written = await options.write(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(written[i]!));
    } catch (error) {
      // One statement failed for all: each item alone, so one bad row never costs the others theirs.
      if (batch.length === 1) batch[0]!.reject(error);
      else await Promise.all(batch.map((w) => options.write([w.item]).then(([ok]) => w.resolve(ok!), w.reject)));
    } finally {
      running--;
      next();
    }
  }

  function next() {
    while (running < options.inFlight && waiting.length > 0) void flush(waiting.splice(0, options.maxBatch));
  }

  return {
    /** Resolves once the item's batch is committed: true if it was written. */
    save(item: T): Promise<boolean> {
      return new Promise((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        next();
      });
    },
    /** Items waiting for a statement (for tests). */
    waiting: () => waiting.length,
  };
}
