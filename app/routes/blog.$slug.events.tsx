import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { addReader, MAX_READERS, readerCount } from "~/models/blog/live.server";
import { postCounts, postIdBySlug } from "~/models/blog/posts.server";
import { notFound } from "~/utils/http.server";

// Server-sent events with a post's like and comment counts: sent at once, then on
// every change (Postgres LISTEN/NOTIFY), with a comment line every 25 s so proxies keep
// the connection open. The browser's EventSource reconnects by itself (after `retry`).
const KEEPALIVE_MS = 25_000;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const postId = await postIdBySlug(db, params.slug ?? "", new Date());
  if (!postId) notFound();
  if (readerCount() >= MAX_READERS) return new Response("Busy, please retry.", { status: 503, headers: { "Retry-After": "10" } });
  const first = { ...(await postCounts(db, postId)), at: new Date().toISOString() };
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const write = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text));
      };
      const send = (counts: unknown) => write(`event: counts\ndata: ${JSON.stringify(counts)}\n\n`);
      write("retry: 3000\n\n");
      send(first);
      const keepalive = setInterval(() => write(": keepalive\n\n"), KEEPALIVE_MS);
      const remove = await addReader(postId, send, () => stop());
      stop = () => {
        if (!open) return;
        open = false;
        clearInterval(keepalive);
        remove();
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      };
      if (request.signal.aborted) stop();
      request.signal.addEventListener("abort", () => stop());
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no" },
  });
}
