import { eq } from "drizzle-orm";
import type { DbOrTx } from "./client.server";
import { app_secrets } from "./schema";

/**
 * Stores `candidate` under `name` unless a value is there already, and returns the
 * stored value: the first instance to start decides, every other one reads it.
 */
export async function storeSecretOnce(db: DbOrTx, name: string, candidate: string) {
  await db.insert(app_secrets).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db.select({ value: app_secrets.value }).from(app_secrets).where(eq(app_secrets.name, name));
  return row!.value;
}
