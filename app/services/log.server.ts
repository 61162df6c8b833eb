// Structured logs (issue 19): one JSON line per event, for whatever collects an
// instance's output. Every line names its instance; every line written while a request
// is served also carries that request's id, which its answer echoes as `X-Request-Id`,
// so a visitor's complaint, nginx's access log and ours meet on one key.
//
// Nothing personal and no secret is ever written: no e-mail address, no body, no
// cookie, no query string (reset tokens travel in one), and a database error loses the
// parameters and key values PostgreSQL and Drizzle put into its text.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import pino from "pino";

export type Logger = pino.Logger;

// What a database error's text may carry of a row: "params: …" (Drizzle; the values may
// span lines, so up to the stack's first frame) and "Key (email)=(…)" (PostgreSQL).
const PARAMS = /params: [\s\S]*?(?=\n\s+at |$)/;
const KEY_VALUES = /\(([^()]*)\)=\([^\n]*\)/g;

export const scrubText = (text: string) => text.replace(PARAMS, "params: [redacted]").replace(KEY_VALUES, "($1)=([redacted])");

type ScrubbedError = { type?: string; message: string; code?: string; stack?: string; cause?: ScrubbedError };

/** The error's kind, code, message and stack (and its cause's), with any row values cut out. */
export function scrubError(error: unknown): ScrubbedError {
  if (!(error instanceof Error)) return { message: scrubText(String(error)) };
  const code = (error as { code?: unknown }).code;
  const cause: ScrubbedError | undefined = error.cause instanceof Error ? scrubError(error.cause) : undefined;
  return {
    type: error.name,
    message: scrubText(error.message),
    ...(typeof code === "string" ? { code } : {}),
    ...(error.stack ? { stack: scrubText(error.stack) } : {}),
    ...(cause ? { cause } : {}),
  };
}

/** The instance's name in every line: INSTANCE_ID, or host and port. */
export const instanceName = () => process.env.INSTANCE_ID || `${hostname()}:${process.env.PORT || 3000}`;

// Test runs print only what went wrong; the browser tests' server logs like production.
const level = () => process.env.LOG_LEVEL || (process.env.VITEST ? "error" : "info");

// A second net under the rule above: fields that would be personal or secret if someone logged them.
const REDACT = ["password", "*.password", "token", "*.token", "email", "*.email", "to", "cookie", "*.cookie", "authorization", "*.authorization", "body", "*.body", "text", "html"];

const current = new AsyncLocalStorage<string>();

/** A logger writing to `to` (exported for tests; the app uses the one below). */
export const createLogger = (to: pino.DestinationStream, minLevel = level()) =>
  pino(
    {
      level: minLevel,
      // The request being served, added as each line is written (cheaper than a child logger per request).
      mixin: () => {
        const reqId = current.getStore();
        return reqId ? { reqId } : {};
      },
      base: { instance: instanceName() },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: scrubError },
      redact: { paths: REDACT, censor: "[redacted]" },
    },
    to,
  );

// stdout, or LOG_FILE (appended). Written asynchronously, 4 KB or a second at a time (a
// write per line cost a twentieth of the app's CPU per autosave, docs/performance.md):
// flushLog before exiting.
const destination = pino.destination({ dest: process.env.LOG_FILE || 1, mkdir: Boolean(process.env.LOG_FILE), sync: false, minLength: 4096 });
const root = createLogger(destination);
// With a callback, a stream already closed at exit answers it instead of throwing.
setInterval(() => destination.flush(() => {}), 1000).unref();

/** The instance's logger; a line written while a request is served carries the request's id. */
export const log = (): Logger => root;

/** The id of the request being served, if any. */
export const currentRequestId = () => current.getStore();

/** Writes out what is buffered (before the process exits). */
export const flushLog = () => new Promise<void>((resolve) => root.flush(() => resolve()));

// An id a proxy may hand us: short, plain characters, so it cannot forge a log line.
const FOREIGN_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The proxy's request id when we trust the proxy (TRUST_PROXY) and it looks like one; a new one otherwise. */
export function requestIdOf(header: string | string[] | undefined, trustProxy: boolean) {
  const offered = Array.isArray(header) ? header[0] : header;
  return trustProxy && offered && FOREIGN_ID.test(offered) ? offered : randomUUID();
}

/** Runs `serve` as the request `reqId`, so every line written meanwhile carries it (events fire outside it: keep the id). */
export function withRequestLog<T>(reqId: string, serve: () => T): T {
  return current.run(reqId, serve);
}

export type RequestLine = { method?: string; url: string; status: number; ms: number; finished: boolean };

/** The one line per request, written when its answer is done (or its client went away): the path without its query. */
export function logRequest(reqId: string, { method, url, status, ms, finished }: RequestLine, logger: Logger = root) {
  const query = url.indexOf("?");
  const line = { reqId, method, path: query < 0 ? url : url.slice(0, query), status, ms: Math.round(ms * 10) / 10, ...(finished ? {} : { aborted: true }) };
  if (status >= 500) logger.error(line, "request");
  else logger.info(line, "request");
}
