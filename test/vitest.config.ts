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
    // A test's own budget is what it does at CI's load, not on a quiet box: CI runs at load 6 to 13 on two
    // cores, where a step takes two to three times as long as at load 5. At 30 s, the tenant-isolation test
    // over every id-taking GraphQL field (23 s at load 10) timed out at load 13. A hang still fails.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // expect.poll waits for something a server or a page does next: its 1 s default failed at CI's load
    // (a portal refusal's aria-invalid, at load 13). As long as a page's own step (test/support/e2e.ts).
    expect: { poll: { timeout: 10_000 } },
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
