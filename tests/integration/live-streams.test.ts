// The live-count stream on real sockets (issue 15, points 1 and 2): what a reader sees,
// and that no way of leaving (HEAD, an abrupt close, a close mid-open) keeps a place or
// memory; places are taken atomically, per address too; a post with readers costs no
// query per open.
import http from "node:http";
import type { AddressInfo } from "node:net";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db, queriesDuring } from "~/db/client.server";
import { closeAllReaders, openStreams, readerCount, STREAMS_PER_ADDRESS } from "~/models/blog/live.server";
import { serveLiveCounts } from "~/models/blog/live-stream.server";
import * as postRoute from "~/routes/blog.$slug";
import { createPost } from "~/seed/factories.server";
import { call, formRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";

v8.setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

let n = 0;
let base = "";
// The test plays many clients: each says its address in a header (as a proxy would).
const server = http.createServer((req, res) => {
  const slug = /^\/blog\/([^/]+)\/events$/.exec(req.url ?? "")?.[1] ?? "";
  void serveLiveCounts(req, res, { slug, address: String(req.headers["x-address"] ?? "one") });
});
// Sockets closed abruptly by the test: none may linger in the agent.
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  closeAllReaders();
  await new Promise((resolve) => server.close(resolve));
});

async function post() {
  const slug = `live-${++n}`;
  return { slug, id: await createPost(db, { slug, title: `Live ${n}`, category: "Study Tips" }) };
}

/** `ended`: how the answer ended, as the browser would see it: cleanly ("end"), or cut ("aborted"). */
type Opened = { status: number; headers: http.IncomingHttpHeaders; text: () => string; next: (pattern: RegExp) => Promise<void>; close: () => void; ended: Promise<"end" | "aborted"> };

/** Opens a stream and resolves when the answer's head arrives. */
function open(slug: string, address = `a${n}`, method = "GET"): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/blog/${slug}/events`, { method, agent, headers: { "x-address": address } }, (res) => {
      let text = "";
      const waiters: Array<() => void> = [];
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
        waiters.splice(0).forEach((wake) => wake());
      });
      res.on("error", () => {});
      const ended = new Promise<"end" | "aborted">((settle) => {
        res.on("end", () => settle("end"));
        res.on("aborted", () => settle("aborted"));
        res.on("close", () => settle(res.complete ? "end" : "aborted"));
      });
      const next = async (pattern: RegExp) => {
        while (!pattern.test(text)) await new Promise<void>((wake) => waiters.push(wake));
      };
      resolve({ status: res.statusCode!, headers: res.headers, text: () => text, next, close: () => req.destroy(), ended });
    });
    req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
    req.end();
  });
}

/** Opens and immediately cuts the socket (before or after the server answered, as it happens). */
function openAndCut(slug: string, address: string, method = "GET") {
  return new Promise<void>((resolve) => {
    const req = http.request(`${base}/blog/${slug}/events`, { method, agent, headers: { "x-address": address } }, (res) => {
      res.on("error", () => {});
      req.destroy();
      resolve();
    });
    req.on("error", () => resolve());
    req.on("close", () => resolve());
    req.end();
  });
}

const settled = () => expect.poll(() => [openStreams(), readerCount()], { timeout: 5000 }).toEqual([0, 0]);

test("a reader gets the counts at once, then each change, and is let go when its socket closes", async () => {
  const p = await post();
  const me = await signedInStudent({ fullName: "Live Reader" });
  const stream = await open(p.slug);
  expect(stream.status).toBe(200);
  expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
  await stream.next(/event: counts\ndata: \{"likes":0,"comments":0/);
  // The reconnect delay after a restart is spread: 3 to 15 s.
  const retry = Number(/^retry: (\d+)\n\n/.exec(stream.text())?.[1]);
  expect(retry).toBeGreaterThanOrEqual(3000);
  expect(retry).toBeLessThan(15_000);
  expect([openStreams(), readerCount()]).toEqual([1, 1]);
  await call(postRoute.action, formRequest(`/blog/${p.slug}`, { intent: "like", on: "1" }, me.cookie), { params: { slug: p.slug } });
  await stream.next(/data: \{"likes":1,"comments":0/);
  stream.close();
  await settled();
  const missing = await open("no-such-post");
  expect(missing.status).toBe(404);
  expect(await missing.ended).toBe("end");
  await settled();
});

test("1,000 HEAD requests and 1,000 streams cut abruptly leave no reader, no place and no memory behind", async () => {
  const p = await post();
  // Warm up (first query, LISTEN, JIT), then measure.
  for (let i = 0; i < 50; i++) await openAndCut(p.slug, `warm${i % 5}`);
  await settled();
  gc();
  const before = process.memoryUsage().heapUsed;

  for (let round = 0; round < 10; round++) {
    await Promise.all(Array.from({ length: 100 }, (_, i) => openAndCut(p.slug, `head${i}`, "HEAD")));
    // Eight per address, so none is refused for its address: every one holds a place until cut.
    await Promise.all(Array.from({ length: 100 }, (_, i) => openAndCut(p.slug, `cut${i % 13}-${round}-${Math.floor(i / 13)}`)));
  }
  await settled();
  gc();
  const after = process.memoryUsage().heapUsed;
  expect(after / before).toBeLessThan(1.1);
  // And the stream still serves.
  const stream = await open(p.slug);
  await stream.next(/event: counts/);
  stream.close();
  await settled();
});

test("a HEAD request gets the stream's headers and holds nothing", async () => {
  const p = await post();
  const head = await open(p.slug, "h", "HEAD");
  expect(head.status).toBe(200);
  expect(head.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
  expect([openStreams(), readerCount()]).toEqual([0, 0]);
});

test("places are taken before any work: 40 opens at once from one address get exactly its share", async () => {
  const p = await post();
  const streams = await Promise.all(Array.from({ length: 40 }, () => open(p.slug, "campus")));
  const served = streams.filter((s) => s.status === 200);
  const refused = streams.filter((s) => s.status === 503);
  expect(served).toHaveLength(STREAMS_PER_ADDRESS);
  expect(refused).toHaveLength(40 - STREAMS_PER_ADDRESS);
  expect(refused.every((s) => Number(s.headers["retry-after"]) >= 10)).toBe(true);
  // Another address is not held back.
  const elsewhere = await open(p.slug, "home");
  expect(elsewhere.status).toBe(200);
  [...streams, elsewhere].forEach((s) => s.close());
  await settled();
});

test("while a post has readers, another open costs no query (one shared count, refreshed by the notification)", async () => {
  const p = await post();
  const first = await open(p.slug, "first");
  await first.next(/event: counts/);
  const later: Opened[] = [];
  const queries = await queriesDuring(async () => {
    for (let i = 0; i < 20; i++) {
      const s = await open(p.slug, `later${i}`);
      await s.next(/event: counts\ndata: \{"likes":0/);
      later.push(s);
    }
  });
  expect(queries).toEqual([]);
  [first, ...later].forEach((s) => s.close());
  await settled();
});

test("on shutdown every open stream ends cleanly (the browser reconnects to another instance)", async () => {
  const p = await post();
  const stream = await open(p.slug, "shutdown");
  await stream.next(/event: counts/);
  const ended = new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (openStreams() === 0) {
        clearInterval(check);
        resolve();
      }
    }, 10);
  });
  closeAllReaders();
  await ended;
  // The browser sees a stream that ended (and reconnects), not one cut mid-message.
  expect(await stream.ended).toBe("end");
  expect(stream.text()).toMatch(/\n\n$/);
  await settled();
});
