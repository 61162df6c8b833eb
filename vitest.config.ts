import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // Each test file gets its own fresh database (see tests/support/).
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/database.ts"],
          pool: "forks",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
