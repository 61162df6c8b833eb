import { eq } from "drizzle-orm";
import { env } from "~/utils/env.server";
import { app_secrets } from "./schema";
import type { Connection, DbOrTx } from "./client.server";
import { migrateDatabase } from "./migrate.server";
import { isEmpty, seedDemoData } from "./seed.server";

/** What start-up does before serving: migrate, then seed an empty database unless SEED=none. */
export async function prepareDatabase(connection: Connection, seed = env().SEED) {
  await migrateDatabase(connection);
  if (seed === "demo" && (await isEmpty(connection.db))) {
    console.log("[db] empty database: seeding demo data");
    await seedDemoData(connection.db);
  }
}

/**
 * Stores `candidate` under `name` unless a value is there already, and returns the
 * stored value: the first instance to start decides, every other one reads it.
 */
export async function storeSecretOnce(db: DbOrTx, name: string, candidate: string) {
  await db.insert(app_secrets).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db.select({ value: app_secrets.value }).from(app_secrets).where(eq(app_secrets.name, name));
  return row!.value;
}
