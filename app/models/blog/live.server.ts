// Live like and comment counts for open readers (marketplace.md §3): one LISTEN per
// app process on Postgres' `blog_counts` channel (PGlite has its own notify), so a
// like on any instance reaches readers on every instance. A burst of notifications
// for one post is read once and sent to all of its readers.
import { db, getConnection } from "~/db/client.server";
import { COUNTS_CHANNEL, postCounts } from "~/models/blog/posts.server";

/** `at` is the server's time of the count, so a page can tell which of two counts is newer. */
export type Counts = { likes: number; comments: number; at: string };
type Reader = (counts: Counts) => void;

/** At most this many open streams per process; more get a 503 and the browser retries. */
export const MAX_READERS = 5000;
const COALESCE_MS = 150;

const readers = new Map<string, Set<Reader>>();
const closers = new Set<() => void>();
const pending = new Map<string, NodeJS.Timeout>();
let listening: Promise<() => Promise<void>> | null = null;

function onNotify(postId: string) {
  if (!readers.has(postId) || pending.has(postId)) return;
  pending.set(
    postId,
    setTimeout(() => {
      pending.delete(postId);
      const at = new Date().toISOString();
      postCounts(db, postId)
        .then((counts) => {
          if (counts) readers.get(postId)?.forEach((send) => send({ ...counts, at }));
        })
        .catch((error) => console.error("[blog-live] counts failed", error));
    }, COALESCE_MS),
  );
}

export function readerCount() {
  let n = 0;
  readers.forEach((set) => (n += set.size));
  return n;
}

/**
 * Adds a reader of a post; `close` is called when the server shuts down. Returns the
 * function that removes the reader (call it when the stream ends).
 */
export async function addReader(postId: string, send: Reader, close: () => void) {
  listening ??= getConnection().listen(COUNTS_CHANNEL, onNotify);
  await listening;
  let set = readers.get(postId);
  if (!set) readers.set(postId, (set = new Set()));
  set.add(send);
  closers.add(close);
  return () => {
    set.delete(send);
    if (set.size === 0) readers.delete(postId);
    closers.delete(close);
  };
}

/** On shutdown: end every open stream, so the server can stop (browsers reconnect elsewhere). */
export function closeAllReaders() {
  for (const close of [...closers]) close();
}
