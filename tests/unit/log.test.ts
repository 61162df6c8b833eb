import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, test } from "vitest";
import { createLogger, logRequest, requestIdOf, scrubError, withRequestLog } from "~/services/log.server";

/** A logger whose lines land in an array. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const to = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).trim().split("\n").map((l) => JSON.parse(l)));
      done();
    },
  });
  return { logger: createLogger(to, "info"), lines };
}

describe("what a log line may carry", () => {
  test("a database error keeps its query and code, never the row's values", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), { code: "23505", detail: "Key (email)=(asha@example.in) already exists." });
    const error = new DrizzleQueryError('insert into "users" ("email", "password_hash") values ($1, $2)', ["asha@example.in", "$argon2id$v=19$secret\nsecond line"], cause);
    const scrubbed = JSON.stringify(scrubError(error));
    expect(scrubbed).toContain('insert into \\"users\\"');
    expect(scrubbed).toContain("23505");
    expect(scrubbed).toContain("params: [redacted]");
    expect(scrubbed).not.toContain("asha@example.in");
    expect(scrubbed).not.toContain("argon2id");
    expect(scrubbed).not.toContain("second line");
    // The stack's frames survive the cut.
    expect(scrubError(error).stack).toMatch(/\n\s+at /);
    expect(JSON.stringify(scrubError(new Error("Key (email)=(asha@example.in) already exists.")))).toContain("Key (email)=([redacted])");
  });

  test("fields that would be personal are censored if anyone logs them", () => {
    const { logger, lines } = capture();
    logger.info({ email: "asha@example.in", password: "hunter22!", token: "abc123", user: { email: "x@y.in", cookie: "__session=1" }, body: "hello", to: "asha@example.in" }, "oops");
    expect(JSON.stringify(lines)).not.toMatch(/asha@example\.in|hunter22|abc123|x@y\.in|__session|hello/);
    expect(lines[0]).toMatchObject({ level: "info", msg: "oops", email: "[redacted]" });
  });

  test("one line per request: method, path without its query, status, duration; errors at error level", () => {
    const { logger, lines } = capture();
    logRequest("req-1", { method: "GET", url: "/reset-password?token=s3cr3t", status: 200, ms: 12.345, finished: true }, logger);
    logRequest("req-2", { method: "POST", url: "/api/x", status: 502, ms: 1, finished: false }, logger);
    expect(lines[0]).toMatchObject({ reqId: "req-1", method: "GET", path: "/reset-password", status: 200, ms: 12.3, msg: "request" });
    expect(JSON.stringify(lines)).not.toContain("s3cr3t");
    expect(lines[1]).toMatchObject({ level: "error", aborted: true });
  });
});

describe("request ids", () => {
  test("a trusted proxy's id is kept when it looks like one; anything else gets a new id", () => {
    expect(requestIdOf("0f1e2d3c4b5a69788796a5b4c3d2e1f0", true)).toBe("0f1e2d3c4b5a69788796a5b4c3d2e1f0");
    expect(requestIdOf("0f1e2d3c4b5a69788796a5b4c3d2e1f0", false)).not.toBe("0f1e2d3c4b5a69788796a5b4c3d2e1f0");
    expect(requestIdOf('x"}\n{"level":"fatal', true)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(undefined, true)).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("every line written while a request is served carries its id, across awaits", async () => {
    const { logger, lines } = capture();
    await withRequestLog("req-12345678", async () => {
      await new Promise((r) => setTimeout(r, 1));
      logger.warn("inside");
    });
    logger.warn("outside");
    expect(lines).toMatchObject([{ msg: "inside", reqId: "req-12345678" }, { msg: "outside" }]);
    expect(lines[1]).not.toHaveProperty("reqId");
  });
});
