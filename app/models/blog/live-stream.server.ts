// GET /blog/{slug}/events: server-sent events with a post's like and comment counts,
// sent at once, then on every change, with a comment line every 25 s so proxies keep
// the connection open.
//
// Served by the front door on Node's own request and response, not through Remix (the
// route app/routes/blog.$slug_.events.ts declares it as its stream): a reader
// must be let go when its socket closes, and only the socket knows that for sure (Remix
// answers HEAD without reading the body, and the Request signal it gives a loader stops
// hearing the client once its copies are collected). Every place taken is given back on
// the response's `close`, whatever happened before.
import type { IncomingMessage, ServerResponse } from "node:http";
import { addReader, countsOf, postIdForStream, startListening, takeStreamPlace, type Counts } from "~/models/blog/live.server";
import { log } from "~/services/log.server";

const KEEPALIVE_MS = 25_000;

const STREAM_HEADERS = { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no" };

/**
 * How long the browser waits before it reconnects after a stream ends (a restart or a
 * deploy): 3 to 15 s at random per reader, so the wave of returning readers is spread.
 */
export const reconnectDelayMs = (random = Math.random) => 3000 + Math.floor(random() * 12_000);

function refuse(res: ServerResponse, status: number, message: string, retryAfterS?: number) {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...(retryAfterS ? { "Retry-After": String(retryAfterS) } : {}) });
  res.end(message);
}

export async function serveLiveCounts(req: IncomingMessage, res: ServerResponse, input: { slug: string; address: string }) {
  // A HEAD asks what the stream would be; it gets the headers and holds nothing.
  if (req.method === "HEAD") {
    res.writeHead(200, STREAM_HEADERS);
    return void res.end();
  }
  const release = takeStreamPlace(input.address);
  if (typeof release === "string") {
    // The page retries by itself, with backoff; ask for a spread-out return.
    return refuse(res, 503, "Busy, please retry.", 10 + Math.floor(Math.random() * 20));
  }
  let stop = () => {};
  let closed = false;
  res.on("close", () => {
    closed = true;
    stop();
    release();
  });
  try {
    const postId = await postIdForStream(input.slug);
    if (closed) return;
    if (!postId) return refuse(res, 404, "Not found.");
    await startListening();
    if (closed) return;

    res.writeHead(200, STREAM_HEADERS);
    res.write(`retry: ${reconnectDelayMs()}\n\n`);
    const send = (counts: Counts) => res.write(`event: counts\ndata: ${JSON.stringify(counts)}\n\n`);
    const keepalive = setInterval(() => res.write(": keepalive\n\n"), KEEPALIVE_MS);
    const remove = addReader(postId, send, () => res.end());
    stop = () => {
      clearInterval(keepalive);
      remove();
    };
    // The counts may take a query the first time; readers that come later share them.
    const first = await countsOf(postId);
    if (first && !closed) send(first);
  } catch (error) {
    log().error({ err: error }, "live stream failed");
    if (!closed) refuse(res, 503, "Busy, please retry.", 30);
  }
}
