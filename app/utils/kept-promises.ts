// Values built on demand and kept in memory a while, per key (a contest's paper, its seal):
// concurrent first readers share one build, a failed build is forgotten at once, and at
// most `max` are kept (the oldest first out).

export function createKeptPromises<T>(options: { max: number }) {
  const kept = new Map<string, { value: Promise<T>; until: number }>();
  return {
    /**
     * The value kept for `key`, or `make()`'s, kept `keepMs` from `now`; `keepMade`, when
     * given, says how long once the value is known (from `now` too).
     */
    async get(key: string, now: number, keepMs: number, make: () => Promise<T>, keepMade?: (made: T) => number): Promise<T> {
      const known = kept.get(key);
      if (known && known.until > now) return known.value;
      const value = make();
      if (kept.size >= options.max) kept.delete(kept.keys().next().value!);
      const entry = { value, until: now + keepMs };
      kept.set(key, entry);
      try {
        const made = await value;
        if (keepMade) entry.until = now + keepMade(made);
        return made;
      } catch (error) {
        if (kept.get(key) === entry) kept.delete(key);
        throw error;
      }
    },
    clear: () => kept.clear(),
  };
}
