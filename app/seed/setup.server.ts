import type { Connection } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";
import { env } from "~/utils/env.server";
import { isEmpty, seedDemoData } from "~/seed/seed.server";
import { log } from "~/services/log.server";

/**
 * What start-up does before serving: migrate, then seed an empty database unless
 * SEED=none. Each step says what it is doing as it starts and how long it took, so a
 * first start (a new embedded database: several seconds) is never silent.
 */
export async function prepareDatabase(connection: Connection, seed = env().SEED) {
  const where = connection.kind === "pglite" ? (connection.memory ? "the in-memory database" : "the embedded database (a new one takes a few seconds)") : "PostgreSQL";
  await step("migrate", `opening ${where} and applying migrations`, "database ready", () => migrateDatabase(connection));
  if (seed === "demo" && (await isEmpty(connection.db))) {
    await step("seed", "empty database: seeding demo data", "demo data seeded", () => seedDemoData(connection.db));
  }
}

async function step(event: string, starting: string, done: string, work: () => Promise<unknown>) {
  log().info({ event }, `${starting}…`);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  log().info({ event, ms: Math.round(ms) }, `${done} in ${(ms / 1000).toFixed(1)} s`);
}
