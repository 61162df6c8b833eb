// A limit on concurrent work with one queue per kind of caller: a freed slot goes to
// the next kind in turn, so a flood of one kind (bogus password resets, say) waits
// behind itself and never in front of another (logins).

export class QueueFull extends Error {
  constructor(kind: string) {
    super(`Too many ${kind} requests are waiting`);
  }
}

export function createFairLimiter<Kind extends string>(options: { concurrency: number; kinds: readonly Kind[]; maxWaitingPerKind: number }) {
  const queues = new Map<Kind, Array<() => void>>(options.kinds.map((k) => [k, []]));
  const started = Object.fromEntries(options.kinds.map((k) => [k, 0])) as Record<Kind, number>;
  let running = 0;
  let turn = 0;

  /** Hands the freed slot to the next waiting kind in turn; false when nobody waits. */
  function startNext() {
    const kinds = options.kinds;
    for (let i = 0; i < kinds.length; i++) {
      const kind = kinds[(turn + i) % kinds.length]!;
      const start = queues.get(kind)!.shift();
      if (start) {
        turn = (turn + i + 1) % kinds.length;
        start();
        return true;
      }
    }
    return false;
  }

  async function run<T>(kind: Kind, work: () => Promise<T>): Promise<T> {
    if (running >= options.concurrency) {
      const queue = queues.get(kind)!;
      if (queue.length >= options.maxWaitingPerKind) throw new QueueFull(kind);
      // The slot is handed over by the finishing job, so `running` does not change here.
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      running++;
    }
    started[kind]++;
    try {
      return await work();
    } finally {
      if (!startNext()) running--;
    }
  }

  return { run, stats: () => ({ ...started, running }) };
}
