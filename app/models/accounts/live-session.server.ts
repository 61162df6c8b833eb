// The one rule for a live session, written once: its row exists (signing out deletes it)
// and it has not expired. The query builder's lookup (auth.server.ts) and the test API's
// fixed statements (contests/test-taking.server.ts, contests/test-api.server.ts) all use it.
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

/** `alias`: the sessions table's name or alias in the query; `key`: the session id (the token's hash); `now`: an ISO time. */
export function liveSession(alias: string, key: string | SQL, now: string | SQL): SQL {
  const table = sql.raw(alias);
  return sql`${table}.id = ${key} AND ${table}.expires_at > ${now}::timestamptz`;
}

const dialect = new PgDialect();

/** The same rule as SQL text for a fixed statement, with its parameters' places (e.g. "$1", "$3"). */
export function liveSessionText(alias: string, keyParam: string, nowParam: string) {
  return dialect.sqlToQuery(liveSession(alias, sql.raw(keyParam), sql.raw(nowParam))).sql;
}
