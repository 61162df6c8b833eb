import type { Connection } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";
import { env } from "~/utils/env.server";
import { isEmpty, seedDemoData } from "~/seed/seed.server";
import { log } from "~/utils/log.server";

/** What start-up does before serving: migrate, then seed an empty database unless SEED=none. */
export async function prepareDatabase(connection: Connection, seed = env().SEED) {
  await migrateDatabase(connection);
  if (seed === "demo" && (await isEmpty(connection.db))) {
    log().info({ event: "seed" }, "empty database: seeding demo data");
    await seedDemoData(connection.db);
  }
}
