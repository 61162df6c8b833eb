// The store's search (docs/decisions/marketplace-search.md, "Finding a book when you mistype it"): each word
// of a search that no listing word starts with is matched to the words listings hold
// (store_words, by trigram similarity); then listings are found by full-text search for
// every word, as typed or as one of those, in any order, through their search_tsv
// index. Indexed lookups only, however many listings there are.
import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";
import { searchWords } from "~/models/store/search/search";

/** The words of the dictionary most like each search word, best first (at most this many each). */
const ALIKE_PER_WORD = 8;
/** How alike (pg_trgm similarity) a listing's word must be to stand for a search word: "fisics" and "physics" are 0.25, "phyiscs" 0.33, unrelated words about 0.1. */
export const MIN_SIMILARITY = 0.25;

/** A word as a tsquery operand: quoted, so nothing in it is an operator. */
const operand = (word: string) => `'${word.replace(/'/g, "''").replace(/\\/g, "\\\\")}'`;

/**
 * The tsqueries a search asks for, or null when it has no words: `all` matches every
 * word's alternatives (the word itself as the start of a word and, for a word that
 * starts none, the dictionary's words like it); `best` only each word's closest, which
 * ranks the listings with it first.
 */
export async function searchQueries(db: DbOrTx, q: string): Promise<{ all: string; best: string } | null> {
  const words = searchWords(q);
  if (words.length === 0) return null;
  // Each word as typed when some listing word starts with it; else the nearest words of
  // the dictionary by trigram distance (the GiST index walks to them), kept when at least
  // MIN_SIMILARITY alike.
  const rows = rowsOf<{ i: number; typed: boolean; word: string | null }>(
    await db.execute(sql`
      SELECT q.i::int AS i, e.typed, s.word FROM unnest(string_to_array(${words.join(" ")}, ' ')) WITH ORDINALITY AS q(w, i)
       CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM store_words WHERE word LIKE q.w || '%') AS typed) e
       -- A number (an ISBN) is matched as typed only: the dictionary keeps no numbers.
       LEFT JOIN LATERAL (
         SELECT word, word <-> q.w AS distance FROM store_words
          WHERE NOT e.typed AND q.w !~ '^[0-9]+$' ORDER BY word <-> q.w LIMIT ${ALIKE_PER_WORD}) s ON s.distance <= ${1 - MIN_SIMILARITY}
       ORDER BY q.i, s.distance, s.word`),
  );
  const all: string[] = [];
  const best: string[] = [];
  for (const [index, word] of words.entries()) {
    const mine = rows.filter((r) => r.i === index + 1);
    const alike = mine.flatMap((r) => (r.word ? [r.word] : []));
    // The word as typed always counts, as the start of a listing's word ("morris", Morrison).
    all.push(`(${[`${operand(word)}:*`, ...alike.map(operand)].join(" | ")})`);
    best.push(alike[0] ? operand(alike[0]) : `${operand(word)}:*`);
  }
  return { all: all.join(" & "), best: best.join(" & ") };
}
