import type { Connection } from "./client.server";
import { migrateDatabase } from "./migrate.server";
import { isEmpty, seedDemoData } from "./seed.server";

/** What start-up does before serving: migrate, then seed an empty database unless SEED=none. */
export async function prepareDatabase(connection: Connection, seed = process.env.SEED || "demo") {
  await migrateDatabase(connection);
  if (seed === "demo" && (await isEmpty(connection.db))) {
    console.log("[db] empty database: seeding demo data");
    await seedDemoData(connection.db);
  }
}
