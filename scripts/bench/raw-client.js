// A load generator's HTTP/1.1 client that costs almost no CPU: one keep-alive socket per
// browser, the request written as one string, the reply read only as far as its status
// and its length. Node's http client spent about as much CPU per save as the app did
// (docs/performance.md, "The busiest minute on a quiet host"), on the same two cores, so
// the saturation measured the load generator as much as the app. Used where only the
// status matters (the saturation); the scenarios that read replies keep node:http.
import net from "node:net";
import { performance } from "node:perf_hooks";

const HEADER_END = Buffer.from("\r\n\r\n");
const CHUNKED_END = Buffer.from("0\r\n\r\n");

/** A chunked body, whole: each chunk's size line, then its bytes, up to the empty last chunk. */
function dechunk(raw) {
  const parts = [];
  for (let at = 0; at < raw.length; ) {
    const lineEnd = raw.indexOf("\r\n", at);
    const size = parseInt(raw.toString("latin1", at, lineEnd), 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/**
 * One browser on its own socket: `send(method, path, body)` resolves with `{ status, body, ms }` (its body, whole),
 * or `{ status: 0, error }` if the socket fails or the reply takes over `timeoutMs`.
 * One request at a time, as the test island sends answers.
 */
export function rawBrowser({ port, headers, timeoutMs = 30_000 }) {
  const fixed = Object.entries({ Host: `127.0.0.1:${port}`, Connection: "keep-alive", ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  let socket = null;
  let pending = null;
  let buffered = Buffer.alloc(0);

  const finish = (reply) => {
    const done = pending;
    pending = null;
    buffered = Buffer.alloc(0);
    if (done) {
      clearTimeout(done.timer);
      done.resolve({ ...reply, ms: performance.now() - done.started });
    }
  };
  const fail = (error) => {
    socket?.destroy();
    socket = null;
    finish({ status: 0, error });
  };

  function onData(chunk) {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    const headEnd = buffered.indexOf(HEADER_END);
    if (headEnd < 0) return;
    const head = buffered.toString("latin1", 0, headEnd);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    const bodyStart = headEnd + 4;
    let body = null;
    if (length) {
      if (buffered.length - bodyStart < Number(length[1])) return;
      body = buffered.subarray(bodyStart, bodyStart + Number(length[1]));
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      if (buffered.indexOf(CHUNKED_END, bodyStart) < 0) return;
      body = dechunk(buffered.subarray(bodyStart));
    }
    const closes = /\r\nconnection: *close/i.test(head);
    // X-Cache: whether nginx answered from its cache (the shift's key).
    finish({ status, body, cache: /\r\nx-cache: *(\w+)/i.exec(head)?.[1] });
    if (closes) {
      socket?.destroy();
      socket = null;
    }
  }

  function connect() {
    socket = net.connect({ host: "127.0.0.1", port, noDelay: true });
    socket.on("data", onData);
    socket.on("error", (error) => fail(error.code ?? error.message));
    socket.on("close", () => {
      socket = null;
      if (pending) finish({ status: 0, error: "closed" });
    });
  }

  return {
    /** `headers`: this request's own, besides the browser's fixed ones (a gateway's socket carries many browsers' requests). */
    send(method, path, body = "", headers = {}) {
      if (pending) throw new Error("one request at a time");
      if (!socket) connect();
      return new Promise((resolve) => {
        pending = { resolve, started: performance.now(), timer: setTimeout(() => fail("TIMEOUT"), timeoutMs) };
        const own = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join("");
        socket.write(`${method} ${path} HTTP/1.1\r\n${fixed}${own}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      });
    },
    close: () => socket?.destroy(),
  };
}
