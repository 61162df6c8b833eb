// Live like and comment counts for open readers (docs/product/marketplace.md §3): one LISTEN per
// app process on Postgres' `blog_counts` channel (PGlite has its own notify), so a
// like on any instance reaches readers on every instance. A burst of notifications
// for one post is read once and sent to all of its readers.
//
// Opening a stream must stay cheap when thousands arrive at once (a restart's
// reconnect wave): a place is taken synchronously before any work, a post's id is
// remembered per slug, and a post that already has readers has its counts in memory,
// so the next reader costs no query at all.
import { db, getConnection } from "~/db/client.server";
import { COUNTS_CHANNEL, postCounts, postIdBySlug } from "~/models/blog/posts.server";
import { env } from "~/utils/env.server";
import { log } from "~/services/log.server";

/** `at` is the server's time of the count, so a page can tell which of two counts is newer. */
export type Counts = { likes: number; comments: number; at: string };
type Reader = (counts: Counts) => void;

/**
 * Streams one client address may hold. A browser keeps at most six connections to a
 * site, so one person with several tabs stays below it; a school behind one address
 * shares it, and the pages of readers past it simply show the counts they loaded.
 */
export const STREAMS_PER_ADDRESS = 8;
const COALESCE_MS = 150;

// Places, taken before any work and given back when the socket closes.
let held = 0;
const heldByAddress = new Map<string, number>();

export type Refusal = "busy" | "address";

/** Takes a place for a stream from `address`, or says why not; the returned function gives it back (once). */
export function takeStreamPlace(address: string): (() => void) | Refusal {
  if (held >= env().LIVE_MAX_READERS) return "busy";
  const mine = heldByAddress.get(address) ?? 0;
  if (mine >= STREAMS_PER_ADDRESS) return "address";
  held++;
  heldByAddress.set(address, mine + 1);
  let given = false;
  return () => {
    if (given) return;
    given = true;
    held--;
    const left = (heldByAddress.get(address) ?? 1) - 1;
    if (left > 0) heldByAddress.set(address, left);
    else heldByAddress.delete(address);
  };
}

/** Streams holding a place (open, or still being opened). */
export const openStreams = () => held;

// Slug to post id: published posts rarely move, so a minute is fresh enough; an unknown
// slug is remembered briefly, so a flood of one bad slug is one query, not thousands.
const slugs = new Map<string, { id: Promise<string | null>; until: number }>();
const SLUG_TTL_MS = 60_000;
const MISSING_TTL_MS = 5_000;
const MAX_SLUGS = 10_000;

export function postIdForStream(slug: string, now = Date.now()) {
  const known = slugs.get(slug);
  if (known && known.until > now) return known.id;
  if (slugs.size >= MAX_SLUGS) slugs.delete(slugs.keys().next().value!);
  const id = postIdBySlug(db, slug, new Date(now));
  const entry = { id, until: now + SLUG_TTL_MS };
  slugs.set(slug, entry);
  id.then(
    (found) => {
      if (!found) entry.until = now + MISSING_TTL_MS;
    },
    () => slugs.delete(slug),
  );
  return id;
}

// Posts with readers: their readers and their latest counts (one query for all of them).
type Live = { readers: Set<Reader>; counts: Counts | null; loading: Promise<Counts | null> | null };
const live = new Map<string, Live>();
const closers = new Set<() => void>();
const pending = new Map<string, NodeJS.Timeout>();
let listening: Promise<() => Promise<void>> | null = null;

/** Reads a post's counts once for everyone waiting; a newer count already known is kept. */
function refresh(postId: string, post: Live) {
  const at = new Date().toISOString();
  const loading = postCounts(db, postId).then((counts) => {
    if (post.loading === loading) post.loading = null;
    if (!counts) return null;
    if (!post.counts || post.counts.at <= at) post.counts = { ...counts, at };
    return post.counts;
  });
  post.loading = loading;
  return loading;
}

function onNotify(postId: string) {
  if (!live.has(postId) || pending.has(postId)) return;
  pending.set(
    postId,
    setTimeout(() => {
      pending.delete(postId);
      const post = live.get(postId);
      if (!post) return;
      refresh(postId, post)
        .then((counts) => counts && post.readers.forEach((send) => send(counts)))
        .catch((error) => log().error({ err: error }, "live counts failed"));
    }, COALESCE_MS),
  );
}

/** Listens for count changes (once per process); resolves when the LISTEN is in place. */
export function startListening() {
  if (!listening) {
    listening = getConnection().listen(COUNTS_CHANNEL, onNotify);
    // A failed LISTEN (the database was down) is tried again by the next reader.
    listening.catch(() => (listening = null));
  }
  return listening;
}

/** A read post's counts (call after `addReader`): from memory, else one query shared by everyone asking; null without readers. */
export async function countsOf(postId: string) {
  const post = live.get(postId);
  if (!post) return null;
  return post.counts ?? post.loading ?? refresh(postId, post);
}

export function readerCount() {
  let n = 0;
  live.forEach((post) => (n += post.readers.size));
  return n;
}

/**
 * Adds a reader of a post; `close` is called when the server shuts down. Returns the
 * function that removes the reader (call it when the stream ends). The caller has
 * already listened (`startListening`), so nothing here waits.
 */
export function addReader(postId: string, send: Reader, close: () => void) {
  let post = live.get(postId);
  if (!post) live.set(postId, (post = { readers: new Set(), counts: null, loading: null }));
  const readers = post.readers;
  readers.add(send);
  closers.add(close);
  return () => {
    readers.delete(send);
    closers.delete(close);
    // With no one left to refresh it for, a count would go stale: forget it.
    if (readers.size === 0 && live.get(postId)?.readers === readers) live.delete(postId);
  };
}

/** On shutdown: end every open stream, so the server can stop (browsers reconnect elsewhere). */
export function closeAllReaders() {
  for (const close of [...closers]) close();
}
