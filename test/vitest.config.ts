import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 ships both .mjs and CommonJS; Node (and @graphql-tools) load the CommonJS one, so the
    // tests must too, or two copies of graphql meet in one process.
    alias: [{ find: /^graphql$/, replacement: require.resolve("graphql") }],
  },
  test: {
    root: new URL("..", import.meta.url).pathname,
    include: ["test/**/*.test.ts"],
    exclude: ["test/bench/**", "node_modules/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    // Files share their worker's module cache (the server's modules import in seconds, once per worker
    // instead of once per file) and its migrated template database (test/support/databases.ts). No suite
    // relies on a fresh module state: the assembly registers its hooks once, caches are keyed, and the one
    // suite that changes process.env puts it back.
    isolate: false,
    env: { NODE_ENV: "test" },
  },
});
