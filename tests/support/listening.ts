// A test file's own HTTP server on a free loopback port, for the file's tests; closed after them.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

/** Serves `handler` from before the file's first test; `port()` is its port once listening. */
export function listening(handler: http.RequestListener) {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: () => port };
}
