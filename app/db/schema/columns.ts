// Column helpers every table file shares (app/db/schema/index.ts lists the tables).
import { sql } from "drizzle-orm";
import { type AnyPgColumn, timestamp, uuid } from "drizzle-orm/pg-core";

export const id = () => uuid("id").primaryKey().defaultRandom();
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const time = (name: string) => timestamp(name, { withTimezone: true });
// Every foreign key's delete behaviour is chosen on purpose:
// - rows that only describe a user or a contest (sessions, entries, answers, likes,
//   listings) go with it (cascade);
// - money records (payments, orders) are kept: a user or contest that has them cannot
//   be deleted (restrict); such an account is anonymised instead;
// - a sold listing can go (its seller may leave): order items keep the title and price.
export const keptFor = (name: string, table: () => AnyPgColumn) => uuid(name).references(table, { onDelete: "restrict" });

/** CHECK (column IN (…)) built from the same constant as the TypeScript type. */
export const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} IN (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", "))})`;
