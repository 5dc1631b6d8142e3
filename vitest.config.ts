import { defineConfig } from "vitest/config";

/**
 * Server suites run once per database engine: PGlite always, PostgreSQL when
 * TEST_PG=1 (scripts/test.mjs sets it when 127.0.0.1:5432 answers).
 */
const apiProject = (kind: "pglite" | "postgres") => ({
  test: {
    name: `api-${kind}`,
    root: "./apps/api",
    include: ["src/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./src/test/global-setup.ts"],
    env: { DB_KIND: kind, NODE_ENV: "test" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks" as const,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "contract",
          root: "./packages/contract",
          include: ["src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "bench",
          root: "./bench",
          include: ["lib/**/*.test.ts"],
          environment: "node",
        },
      },
      apiProject("pglite"),
      ...(process.env.TEST_PG === "1" ? [apiProject("postgres")] : []),
      "./apps/web/vitest.config.ts",
    ],
  },
});
