import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` uses this: migrations are generated SQL, committed,
// and applied at start-up by app/db/migrate.server.ts (never pushed).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema/index.ts",
  out: "./drizzle",
});
