// Prize rules (docs/product/design.md §4). prize_pool keys `first`…`tenth` or `1`…`10` are rank
// prizes; `grand_total` and `bonus` are not. Tied users pool the prizes of the places
// they occupy and split them equally, rounded down.
const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];

/** The place a prize_pool key stands for (1…10), or null for grand_total, bonus and the like. */
function placeOf(key: string): number | null {
  const k = key.trim().toLowerCase();
  const place = /^\d+$/.test(k) ? Number(k) : ORDINALS.indexOf(k) + 1;
  return place >= 1 && place <= 10 ? place : null;
}

/** Rank prizes by place (index 0 = place 1), in whole rupees. */
export function placePrizes(pool: Record<string, unknown> | null | undefined): number[] {
  const prizes: number[] = [];
  if (!pool) return prizes;
  for (const [key, value] of Object.entries(pool)) {
    const place = placeOf(key);
    const amount = typeof value === "number" ? value : Number(String(value).replace(/[^\d.]/g, ""));
    if (place && Number.isFinite(amount) && amount > 0) {
      prizes[place - 1] = Math.floor(amount);
    }
  }
  return Array.from({ length: prizes.length }, (_, i) => prizes[i] ?? 0);
}

/**
 * Given ranks in ascending order (ties share a rank: 1, 2, 2, 4), the prize of each
 * row: the places a tie occupies are pooled and split equally, rounded down.
 */
export function assignPrizes(ranks: number[], pool: Record<string, unknown> | null | undefined): number[] {
  const prizes = placePrizes(pool);
  const tieSize = new Map<number, number>();
  for (const r of ranks) tieSize.set(r, (tieSize.get(r) ?? 0) + 1);
  return ranks.map((rank) => {
    const size = tieSize.get(rank)!;
    let pooled = 0;
    for (let place = rank; place < rank + size; place++) pooled += prizes[place - 1] ?? 0;
    return Math.floor(pooled / size);
  });
}

/**
 * The prize of each ranked row (ascending rank): the tie rule of assignPrizes, and no
 * rank prize for a score of 0, whose place stays unawarded (docs/product/design.md §4).
 */
export function awardPrizes(rows: Array<{ rank: number; score: number }>, pool: Record<string, unknown> | null | undefined): number[] {
  const prizes = assignPrizes(
    rows.map((r) => r.rank),
    pool,
  );
  return rows.map((r, i) => (r.score > 0 ? prizes[i]! : 0));
}

export type PrizeLine = { name: string; value: string; place: number | null; bonus: boolean };

/**
 * How a prize pool is listed (docs/product/contests.md §3): 'bonus' as is, other values with the
 * rupee sign as '{name} Prize'. Unparseable → empty (the page says
 * 'Prize details not available').
 */
export function prizeLines(raw: unknown, format: (n: number) => string): PrizeLine[] {
  let pool: unknown = raw;
  if (typeof raw === "string") {
    try {
      pool = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!pool || typeof pool !== "object" || Array.isArray(pool)) return [];
  // jsonb does not keep key order: list by place, other prizes after, bonus last.
  const rank = (key: string) => placeOf(key) ?? (key === "bonus" ? 12 : 11);
  return Object.entries(pool as Record<string, unknown>)
    .filter(([key]) => key !== "grand_total")
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, value]) => {
      // `place` and `bonus` let a page name the prize in its own language; `name` is the English.
      if (key === "bonus") return { name: "Bonus", value: String(value), place: null, bonus: true };
      const name = key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, " ");
      const n = Number(value);
      return { name: `${name} Prize`, value: Number.isFinite(n) ? format(n) : String(value), place: placeOf(key), bonus: false };
    });
}

/** The grand total shown on list views: the pool's grand_total, else the sum of rank prizes. */
export function grandTotal(pool: Record<string, unknown> | null | undefined): number {
  const declared = Number(pool?.grand_total);
  if (Number.isFinite(declared) && declared > 0) return declared;
  return placePrizes(pool).reduce((a, b) => a + b, 0);
}
