// Each entry's own order (docs/product/design.md §4, Papers are exams): questions within
// each section and options within each question are shuffled by a generator seeded
// with the entry's id, so the order is fixed for that entry (a reload, another device)
// and needs no storage, yet two students see different orders. Answers name options by
// their number, so the order never changes a score.

/** A 32-bit seed from text (FNV-1a); `from`, the seed of a prefix, continues it (seedOf(a + b) = seedOf(b, seedOf(a))). */
export function seedOf(text: string, from = 0x811c9dc5) {
  let hash = from;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast, and the same sequence everywhere for the same seed. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `items` in the order `seed` fixes (Fisher–Yates); the input is not changed. */
export function seededShuffle<T>(items: readonly T[], seed: string | number): T[] {
  const out = items.slice();
  const next = generator(typeof seed === "number" ? seed : seedOf(seed));
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
