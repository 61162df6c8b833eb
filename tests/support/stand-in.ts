// A local HTTP server that speaks a third party's API for our own client code to call
// (Razorpay, RazorpayX, Shiprocket): it records each request and answers from a queue, then with a
// default. Only our client's request and its reading of replies are under test here.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Seen = { method: string; path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };

export async function startStandIn(fallback: (seen: Seen) => [number, object] | Promise<[number, object]>) {
  const seen: Seen[] = [];
  const answers: Array<[number, object]> = [];
  const server = http.createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const request = { method: req.method ?? "GET", path: req.url ?? "", headers: req.headers, body: JSON.parse(raw || "{}") };
    seen.push(request);
    const [status, body] = answers.shift() ?? (await fallback(request));
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    /** The next replies, in order, before the fallback answers again. */
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
