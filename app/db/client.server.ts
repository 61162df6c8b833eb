import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { dataDir, env } from "~/utils/env.server";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Models take either, so a caller can run them inside its own transaction. */
export type DbOrTx = Db | Tx;

/** Subscribes to a Postgres NOTIFY channel; resolves to a function that stops listening. */
type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

/** Runs one statement, written as text with $1… parameters; prepared once per connection on PostgreSQL. */
type Hot = <T>(text: string, params: unknown[]) => Promise<T[]>;

/** Runs statements in one transaction, each as a Hot one; on PostgreSQL sent together (pipelined), one round trip. */
type HotTransaction = (statements: Array<[text: string, params: unknown[]]>) => Promise<unknown[][]>;

export type Connection =
  | { kind: "postgres"; db: Db; url: string; hot: Hot; hotTransaction: HotTransaction; listen: Listen; close: () => Promise<void> }
  | { kind: "pglite"; db: Db; client: PGlite; memory: boolean; hot: Hot; hotTransaction: HotTransaction; listen: Listen; close: () => Promise<void> };

/**
 * DATABASE_URL=postgres://… uses postgres.js; unset, the embedded PGlite in
 * DATA_DIR/pglite. `pglite:<dir>` (e.g. `pglite:memory://`) picks a PGlite
 * directory explicitly, which is what the tests do.
 */
// Tests (and a profiler) can watch which queries a piece of work runs: N+1 queries
// and repeated lookups show up as counts. Costs nothing while nobody watches.
const watchers = new Set<string[]>();
const logger = { logQuery: (query: string) => watchers.forEach((seen) => seen.push(query)) };

/** Runs `work` and returns the SQL of every query it ran, in order. */
export async function queriesDuring(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  watchers.add(seen);
  try {
    await work();
  } finally {
    watchers.delete(seen);
  }
  return seen;
}

/**
 * The app's search path: pg_temp last, so a temp table (made by an admin on the embedded
 * database's shared session, app/db/admin-socket.server.ts) never hides a real table.
 */
export const APP_SEARCH_PATH = "public, pg_temp";

export function connect(url = env().DATABASE_URL): Connection {
  if (url && !url.startsWith("pglite:")) {
    const client = postgres(url, {
      max: env().DATABASE_POOL_SIZE,
      onnotice: () => {},
      connection: { search_path: APP_SEARCH_PATH },
    });
    const db = drizzlePostgres(client, { schema, logger }) as unknown as Db;
    // postgres.js keeps one dedicated connection for all of a process's LISTENs.
    const listen: Listen = async (channel, onPayload) => (await client.listen(channel, onPayload)).unlisten;
    const hot: Hot = async (text, params) => (await client.unsafe(text, params as never[], { prepare: true })) as never;
    // A callback returning an array of queries makes postgres.js pipeline them.
    const hotTransaction: HotTransaction = async (statements) =>
      (await client.begin((tx) => statements.map(([text, params]) => tx.unsafe(text, params as never[], { prepare: true })))) as never;
    return { kind: "postgres", db, url, hot, hotTransaction, listen, close: () => client.end({ timeout: 5 }) };
  }
  const dir = url ? url.slice("pglite:".length) : path.join(dataDir(), "pglite");
  // PGlite creates only the last level of its directory.
  if (!dir.includes("://")) fs.mkdirSync(path.dirname(dir), { recursive: true });
  return pgliteConnection(new PGlite(dir, { extensions: PGLITE_EXTENSIONS }), dir.includes("://"));
}

/** The extensions every embedded database is opened with (its migrations create pg_trgm: the store's search). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** The app's connection over an open PGlite (the integration tests open theirs from a migrated copy). */
export function pgliteConnection(client: PGlite, memory: boolean): Connection {
  // Queued before any query of the app's: PGlite runs its calls in turn.
  void client.exec(`SET search_path TO ${APP_SEARCH_PATH}`);
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  const listen: Listen = (channel, onPayload) => client.listen(channel, onPayload);
  const hot: Hot = async (text, params) => (await client.query(text, params)).rows as never;
  const hotTransaction: HotTransaction = (statements) =>
    client.transaction(async (tx) => {
      const results: unknown[][] = [];
      for (const [text, params] of statements) results.push((await tx.query(text, params)).rows);
      return results;
    });
  return { kind: "pglite", db, client, memory, hot, hotTransaction, listen, close: () => client.close() };
}

// One connection per process, opened on first use, not on import: a module that only
// imports `db` (a unit test of a screen, the build) opens nothing.
const globalForDb = globalThis as unknown as { __studyarenaDb?: Connection };

export function getConnection(): Connection {
  return (globalForDb.__studyarenaDb ??= connect());
}

/** Whether this process has opened its database (tests check that unit tests never do). */
export const isConnected = () => globalForDb.__studyarenaDb !== undefined;

/** The app's Drizzle database; its first use opens the connection. */
export const db: Db = new Proxy({} as Db, {
  get(_target, property) {
    const real = getConnection().db;
    const value = Reflect.get(real, property, real);
    return typeof value === "function" ? value.bind(real) : value;
  },
});

/**
 * The hot paths' statements (an autosave, the paper): fixed SQL text, no query builder
 * at each call, prepared once per connection on PostgreSQL. Seen by `queriesDuring`.
 */
export function hotQuery<T>(text: string, params: unknown[]): Promise<T[]> {
  watchers.forEach((seen) => seen.push(text));
  return getConnection().hot<T>(text, params);
}

/** Hot statements in one transaction (a submission), pipelined on PostgreSQL. Seen by `queriesDuring`. */
export function hotTransaction(statements: Array<[text: string, params: unknown[]]>): Promise<unknown[][]> {
  for (const [text] of statements) watchers.forEach((seen) => seen.push(text));
  return getConnection().hotTransaction(statements);
}

/** `db.execute()` returns an array on postgres.js and `{ rows }` on PGlite. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** The Postgres error code of a (Drizzle-wrapped) driver error, e.g. "23505". */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a driver error names: `constraint_name` on postgres.js, `constraint` on PGlite. */
/**
 * What an error may leave in a row for an operator (`last_error`): its message, never a
 * failed query's text and parameters, which Drizzle puts in its own message (a payout's
 * would hold the winner's bank details); the driver's error, its cause, says what went wrong.
 */
export function errorText(error: unknown, max = 500) {
  if (!(error instanceof Error)) return "unknown error";
  const message = error.message.startsWith("Failed query") ? (error.cause instanceof Error ? error.cause.message : "a database query failed") : error.message;
  return message.slice(0, max);
}

export function pgConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const c = current as { constraint_name?: unknown; constraint?: unknown; cause?: unknown };
    const name = c.constraint_name ?? c.constraint;
    if (typeof name === "string") return name;
    current = c.cause;
  }
  return undefined;
}
