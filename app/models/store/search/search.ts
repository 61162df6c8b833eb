// The store's search words (docs/decisions/marketplace-search.md, "Finding a book when you mistype it"): a
// query is cut into words the way a listing's search_tsv is made (lower case, ASCII
// punctuation dropped, so "H.C." is "hc"); ./search.server.ts finds the listing words
// like each.

/** At most this many words count: a pasted paragraph is not a search. */
export const SEARCH_WORDS_MAX = 6;

/** The ASCII punctuation a listing's search_tsv drops too (app/db/schema/marketplace.ts): the same characters on both sides, whatever the database's locale. */
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]+/g;

export function searchWords(q: string) {
  const words = q
    .toLowerCase()
    .replace(ASCII_PUNCTUATION, "")
    .split(/\s+/)
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, SEARCH_WORDS_MAX);
}
