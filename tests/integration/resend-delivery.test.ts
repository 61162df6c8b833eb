// Our Resend client code (payload, retries, idempotency) against a local HTTP stand-in
// that speaks Resend's API (docs/product/style.md 14: this tests our requests, not the product).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { email_outbox } from "~/db/schema";
import { deliverOutbox, enqueueEmail, resendTransport } from "~/services/email.server";

type Seen = { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };
const seen: Seen[] = [];
let answers: number[] = [];
let server: http.Server;
let baseUrl = "";

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    seen.push({ path: req.url ?? "", headers: req.headers, body: JSON.parse(raw || "{}") });
    const status = answers.shift() ?? 200;
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(status === 200 ? { id: "re_msg_1" } : { name: status === 429 ? "rate_limit_exceeded" : status === 422 ? "validation_error" : "internal_server_error", message: `status ${status}`, statusCode: status }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("a mail is retried after 5xx and 429 with one idempotency key, then sent and its body dropped", async () => {
  const transport = resendTransport({ apiKey: "re_test_key", from: "StudyArena <no-reply@studyarena.in>", baseUrl });
  const id = await enqueueEmail(db, { to: "resend-retry@example.in", subject: "Your reset link", html: "<p>link</p>", text: "link" });
  answers = [500, 429, 200];
  const t0 = new Date("2030-01-01T00:00:00Z");
  await deliverOutbox(db, t0, transport); // 500: retry in 1 minute
  let [row] = await db.select().from(email_outbox).where(eq(email_outbox.id, id));
  expect(row).toMatchObject({ status: "pending", attempts: 1 });
  await deliverOutbox(db, new Date(t0.getTime() + 2 * 60_000), transport); // 429: retry in 2 minutes
  [row] = await db.select().from(email_outbox).where(eq(email_outbox.id, id));
  expect(row).toMatchObject({ status: "pending", attempts: 2 });
  await deliverOutbox(db, new Date(t0.getTime() + 10 * 60_000), transport);
  [row] = await db.select().from(email_outbox).where(eq(email_outbox.id, id));
  expect(row).toMatchObject({ status: "sent", attempts: 3, text: "[redacted]", html: "" });

  const mine = seen.filter((s) => String(s.body.to) === "resend-retry@example.in");
  expect(mine).toHaveLength(3);
  for (const s of mine) {
    expect(s.path).toBe("/emails");
    expect(s.headers.authorization).toBe("Bearer re_test_key");
    expect(s.headers["idempotency-key"]).toBe(`outbox-${id}`);
    expect(s.body).toMatchObject({ from: "StudyArena <no-reply@studyarena.in>", subject: "Your reset link", html: "<p>link</p>", text: "link" });
  }
});

test("a refusal that waiting will not fix (422) fails the mail at once", async () => {
  const transport = resendTransport({ apiKey: "re_test_key", from: "StudyArena <no-reply@studyarena.in>", baseUrl });
  const id = await enqueueEmail(db, { to: "not-an-address", subject: "x", html: "x", text: "x" });
  answers = [422];
  await deliverOutbox(db, new Date("2031-01-01T00:00:00Z"), transport);
  const [row] = await db.select().from(email_outbox).where(eq(email_outbox.id, id));
  expect(row).toMatchObject({ status: "failed", attempts: 1 });
  expect(row!.last_error).toContain("validation_error");
});
